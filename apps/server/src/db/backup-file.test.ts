import {
  chmodSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, insertPlainUser, privateName, testDialects } from '../../test/test-databases.ts';
import { backupToFile, restoreFromFile } from './backup-file.ts';
import { migrations } from './migrations/index.ts';
import { TransferError } from './transfer.ts';

const folders: string[] = [];
function newFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'quire-backup-'));
  folders.push(folder);
  return folder;
}
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A backup file of the given header tables and row lines, as a crafted one would be. */
function craftedBackup(tables: Array<{ table: string; rows: number }>, lines: unknown[]): string {
  const header = { format: 'quire-backup', version: 1, migrations: Object.keys(migrations), tables };
  const file = path.join(newFolder(), 'crafted.jsonl.gz');
  writeFileSync(file, gzipSync([header, ...lines].map((line) => JSON.stringify(line)).join('\n')));
  return file;
}

const userRow = (id: string) => ({
  id,
  username: id,
  username_key: id,
  nickname: id,
  email: '',
  avatar: '',
  password_hash: 'x',
  status: 1,
  source: 'register',
  is_super_admin: 1,
  lang: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

describe.each(testDialects())('restoring a crafted backup on %s', (dialect) => {
  it('writes only Quire tables of this database that the header lists, with their own columns', async () => {
    const target = await createTestDatabase(dialect);
    // On PostgreSQL a table of the same name in another schema, which `schema.table` would reach.
    const url = process.env.TEST_DATABASE_URL;
    const other = privateName('quire_other');
    if (dialect === 'postgres' && url) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${other}; CREATE TABLE ${other}.users (id text primary key)`);
      await admin.end();
    }
    try {
      const attempts = [
        // A line into a table the header does not list: the header's counts would still "match".
        craftedBackup([], [{ t: 'users', r: userRow('u1') }]),
        // A line into another schema (PostgreSQL) or a qualified name, with a header that lists users.
        craftedBackup([{ table: 'users', rows: 0 }], [{ t: `${other}.users`, r: { id: 'u2' } }]),
        // A header naming another schema's table.
        craftedBackup([{ table: `${other}.users`, rows: 1 }], [{ t: `${other}.users`, r: { id: 'u3' } }]),
        // A column Quire's table does not have.
        craftedBackup(
          [{ table: 'users', rows: 1 }],
          [{ t: 'users', r: { ...userRow('u4'), 'x"; drop': 1 } }],
        ),
        // A table listed twice, a count that is no number.
        craftedBackup(
          [
            { table: 'users', rows: 0 },
            { table: 'users', rows: 0 },
          ],
          [],
        ),
        craftedBackup([{ table: 'users', rows: -1 }], []),
      ];
      for (const file of attempts) {
        const error = await restoreFromFile(target.db, file).then(
          () => undefined,
          (failure: unknown) => failure,
        );
        // Any other error is shown as it is (a refusal is a TransferError naming the line or the header).
        if (!(error instanceof TransferError)) throw error ?? new Error(`${file} was restored`);
      }
      const users = await sql<{ n: string | number }>`select count(*) as n from users`.execute(target.db);
      expect(Number(users.rows[0]?.n)).toBe(0);
      if (dialect === 'postgres' && url) {
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        const rows = await admin.query(`select count(*)::int as n from ${other}.users`);
        await admin.end();
        expect(rows.rows[0].n).toBe(0);
      }
      // A line over the length cap stops the restore before it is held whole.
      const long = craftedBackup(
        [{ table: 'users', rows: 1 }],
        [{ t: 'users', r: { ...userRow('u5'), nickname: 'n'.repeat(5000) } }],
      );
      await expect(restoreFromFile(target.db, long, () => {}, { maxLine: 4096 })).rejects.toThrow(
        /longer than 4096/,
      );
      // The same file under the default cap restores.
      const counts = await restoreFromFile(target.db, long);
      expect(counts).toEqual([{ table: 'users', source: 1, target: 1 }]);
    } finally {
      if (dialect === 'postgres' && url) {
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(`DROP SCHEMA IF EXISTS ${other} CASCADE`);
        await admin.end();
      }
      await target.drop();
    }
  }, 60_000);
});

describe('writing a backup file', () => {
  it('writes a new owner-only file and renames it over the target: no kept mode, no followed symlink', async () => {
    const source = await createTestDatabase('sqlite');
    try {
      await insertPlainUser(source.db, 'u1', 'ann', 'Ann');
      const folder = newFolder();
      const file = path.join(folder, 'quire.backup.gz');
      writeFileSync(file, 'old');
      chmodSync(file, 0o644);
      await backupToFile(source.db, file);
      expect(statSync(file).mode & 0o777).toBe(0o600);

      // A symlink at the backup's name pointing elsewhere: the link is replaced, its target untouched.
      const elsewhere = path.join(folder, 'elsewhere.txt');
      writeFileSync(elsewhere, 'keep me');
      const linked = path.join(folder, 'linked.backup.gz');
      symlinkSync(elsewhere, linked);
      await backupToFile(source.db, linked);
      expect(readFileSync(elsewhere, 'utf8')).toBe('keep me');
      expect(lstatSync(linked).isSymbolicLink()).toBe(false);
      expect(statSync(linked).mode & 0o777).toBe(0o600);

      // And it restores.
      const target = await createTestDatabase('sqlite');
      try {
        const counts = await restoreFromFile(target.db, linked);
        expect(counts.find((c) => c.table === 'users')).toEqual({ table: 'users', source: 1, target: 1 });
      } finally {
        await target.drop();
      }
    } finally {
      await source.drop();
    }
  });
});
