import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveDoc } from '../../test/doc-fixture.ts';
import { createOrgFixture, expectOk, type OrgFixture } from '../../test/org-fixture.ts';
import { openCall, openOk, refreshPushToken } from '../../test/push-fixture.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/test-app.ts';
import { createMysqlDatabase } from '../../test/test-databases.ts';
import { buildApp } from '../app.ts';
import { loadEnv } from '../config/env.ts';
import { createDatabase, type Db } from './database.ts';
import { copyDatabase, TransferError } from './transfer.ts';

const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TSX = path.resolve(SERVER_ROOT, '../../node_modules/.bin/tsx');

/** The data tables of an SQLite database (FTS indexes and bookkeeping aside), by asking SQLite itself. */
async function sqliteTables(db: Db): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from sqlite_master where type = 'table'
    and name not like 'sqlite_%' and name not like 'docs_fts%' and name not like 'docs_words%'
    and name not in ('kysely_migration', 'kysely_migration_lock', 'data_version', 'cache_versions',
      'search_reindex', 'search_index_pause') order by name`.execute(db);
  return rows.rows.map((r) => r.name);
}

async function countsOf(db: Db, tables: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of tables) {
    const r = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    out[table] = Number(r.rows[0]?.n);
  }
  return out;
}

/** Doc rows as stored (the columns SQLite keeps), for comparing a sample across databases. */
async function docRows(db: Db, ids: string[]) {
  const rows = await db
    .withoutPlugins()
    .selectFrom('docs')
    .selectAll()
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  return rows.map(({ search_tsv: _generated, ...row }: Record<string, unknown>) => row);
}

function runCli(args: string[], env: Record<string, string>) {
  return new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      TSX,
      [path.join(SERVER_ROOT, 'src/cli.ts'), ...args],
      { env: { ...process.env, ...env } },
      (error, stdout, stderr) =>
        resolve({ status: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('moving a populated SQLite database', () => {
  let t: TestApp;
  let f: OrgFixture;
  let tables: string[];
  let counts: Record<string, number>;
  const docIds: string[] = [];
  const folders: string[] = [];

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    f = await createOrgFixture(t);
    for (let i = 0; i < 12; i++) {
      const doc = await saveDoc(t, f.rootToken, {
        moduleId: i % 2 ? f.privateModuleId : f.publicModuleId,
        name: `订单 ${i}`,
        url: `/orders/${i}`,
        httpMethod: 'POST',
        description: `<p>Order number ${i}</p>`,
        requestParams: [{ name: 'orderId', type: 'string', description: `Order ${i}` }],
      });
      docIds.push(doc.id);
      // A second revision, so history moves too.
      await saveDoc(t, f.rootToken, {
        id: doc.id,
        revision: doc.revision,
        moduleId: i % 2 ? f.privateModuleId : f.publicModuleId,
        name: `订单 ${i} (v2)`,
        url: `/orders/${i}`,
        httpMethod: 'POST',
      });
    }
    const token = await refreshPushToken(t, f.rootToken, f.publicModuleId);
    await openOk(
      openCall(t, 'doc.push', { apis: [{ name: 'Pushed', url: '/pushed', httpMethod: 'GET' }] }, token),
    );
    await expectOk(
      t.post('/api/user/subscribe/doc/subscribe', { sourceId: docIds[0] }, { token: f.rootToken }),
    );
    await t.post('/api/system/login', { username: 'nobody', password: 'wrong-password' });
    tables = await sqliteTables(t.db);
    counts = await countsOf(t.db, tables);
    for (const table of ['users', 'spaces', 'projects', 'modules', 'docs', 'doc_revisions', 'module_tokens'])
      expect(counts[table], table).toBeGreaterThan(0);
  });

  afterAll(async () => {
    await t.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  const newFolder = () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'quire-transfer-'));
    folders.push(folder);
    return folder;
  };

  /** Checks a moved database: every count, a sample of docs as stored, and a server on it working. */
  async function expectSameData(target: Db): Promise<void> {
    expect(await countsOf(target, tables)).toEqual(counts);
    const sample = docIds.filter((_, i) => i % 3 === 0);
    expect(await docRows(target, sample)).toEqual(await docRows(t.db, sample));
    const app = await buildApp({
      env: loadEnv({ QUIRE_WEB_DIST: '/nonexistent', QUIRE_JOBS: 'false' }),
      db: target,
    });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/system/login',
        payload: {
          username: (
            await t.db
              .selectFrom('users')
              .select('username')
              .where('id', '=', f.userIds.spaceDev)
              .executeTakeFirstOrThrow()
          ).username,
          password: TEST_PASSWORD,
        },
      });
      const token = login.json<{ data: { token: string } }>().data.token;
      const detail = await app.inject({
        method: 'GET',
        url: `/api/doc/detail?id=${docIds[4]}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(detail.json<{ data: { name: string } }>().data.name).toBe('订单 4 (v2)');
      const search = await app.inject({
        method: 'GET',
        url: '/api/doc/search?q=orders',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(search.json<{ data: unknown[] }>().data.length).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  }

  it('copies every table into an empty SQLite database and refuses to copy into it twice', async () => {
    const target = createDatabase({ kind: 'sqlite', file: path.join(newFolder(), 'quire.db') });
    try {
      const moved = await copyDatabase(t.db, target);
      expect(moved.map((c) => c.table).sort()).toEqual(tables);
      await expectSameData(target);
      const before = await countsOf(target, tables);
      await expect(copyDatabase(t.db, target)).rejects.toThrow(TransferError);
      await expect(copyDatabase(t.db, target)).rejects.toThrow(/not empty: .*users/);
      expect(await countsOf(target, tables)).toEqual(before);
    } finally {
      await target.destroy();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('copies every table into an empty PostgreSQL schema', async () => {
    const url = process.env.TEST_DATABASE_URL as string;
    const schema = `quire_move_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const target = createDatabase({ kind: 'postgres', url, schema, poolSize: 2 });
    try {
      await copyDatabase(t.db, target);
      await expectSameData(target);
      await expect(copyDatabase(t.db, target)).rejects.toThrow(/not empty/);
    } finally {
      await target.destroy();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  });

  it.runIf(process.env.TEST_MARIADB_URL)(
    'moves into an empty MySQL/MariaDB database with `quire migrate --to`, refuses a second move, and moves back',
    async () => {
      const database = await createMysqlDatabase('quire_move');
      const source = { QUIRE_DATA_DIR: path.dirname(t.file as string) };
      const target = createDatabase({ kind: 'mysql', url: database.url, poolSize: 2 });
      try {
        const moved = await runCli(['migrate', '--to', database.url], source);
        expect(moved.stderr).toBe('');
        expect(moved.status).toBe(0);
        expect(moved.stdout).toContain('counts match');
        await expectSameData(target);
        // The check above signed in on the target: its session is part of what a refused move must keep.
        const before = await countsOf(target, tables);
        const again = await runCli(['migrate', '--to', database.url], source);
        expect(again.status).toBe(1);
        expect(again.stderr).toContain('not empty');
        expect(await countsOf(target, tables)).toEqual(before);
        // And back: MySQL as the source (its keys, stored columns only) into a new SQLite file.
        const back = createDatabase({ kind: 'sqlite', file: path.join(newFolder(), 'quire.db') });
        try {
          await copyDatabase(target, back);
          expect(await countsOf(back, tables)).toEqual(before);
          const sample = docIds.filter((_, i) => i % 3 === 0);
          expect(await docRows(back, sample)).toEqual(await docRows(t.db, sample));
        } finally {
          await back.destroy();
        }
      } finally {
        await target.destroy();
        await database.drop();
      }
    },
    180_000,
  );

  it.runIf(process.env.TEST_MARIADB_URL)(
    'restores a backup of the SQLite database into an empty MySQL/MariaDB database',
    async () => {
      const file = path.join(newFolder(), 'quire-backup.jsonl.gz');
      const backup = await runCli(['backup', file], { QUIRE_DATA_DIR: path.dirname(t.file as string) });
      expect(backup.status).toBe(0);
      const database = await createMysqlDatabase('quire_restore');
      const target = createDatabase({ kind: 'mysql', url: database.url, poolSize: 2 });
      try {
        const restore = await runCli(['restore', file], { DATABASE_URL: database.url });
        expect(restore.stderr).toBe('');
        expect(restore.status).toBe(0);
        expect(restore.stdout).toContain('counts match');
        await expectSameData(target);
      } finally {
        await target.destroy();
        await database.drop();
      }
    },
    180_000,
  );

  it('backs up to a file and restores into an empty database through the command line', async () => {
    const file = path.join(newFolder(), 'quire-backup.jsonl.gz');
    const source = { QUIRE_DATA_DIR: path.dirname(t.file as string) };
    const backup = await runCli(['backup', file], source);
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(backup.stdout).toContain('counts match');
    const into = newFolder();
    const restore = await runCli(['restore', file], { QUIRE_DATA_DIR: into });
    expect(restore.status).toBe(0);
    const target = createDatabase({ kind: 'sqlite', file: path.join(into, 'quire.db') });
    try {
      await expectSameData(target);
    } finally {
      await target.destroy();
    }
    const again = await runCli(['restore', file], { QUIRE_DATA_DIR: into });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('not empty');
    const usage = await runCli(['migrate'], source);
    expect(usage.status).toBe(2);
  }, 180_000);

  it('migrate masks the password of a mistyped URL and takes its target from QUIRE_MIGRATE_TO too', async () => {
    const source = { QUIRE_DATA_DIR: path.dirname(t.file as string) };
    const typo = await runCli(['migrate', '--to', 'postgress://admin:s3cret-pw@db.internal/quire'], source);
    expect(typo.status).toBe(1);
    expect(typo.stderr).toContain('unsupported database URL');
    expect(typo.stderr + typo.stdout).not.toContain('s3cret-pw');
    const unreachable = await runCli(['migrate'], {
      ...source,
      QUIRE_MIGRATE_TO: 'postgres://admin:s3cret-pw@127.0.0.1:1/quire',
    });
    expect(unreachable.status).toBe(1);
    expect(unreachable.stdout).toContain('postgres://admin:***@127.0.0.1:1/quire');
    expect(unreachable.stderr + unreachable.stdout).not.toContain('s3cret-pw');
    const file = path.join(newFolder(), 'from-env.db');
    const moved = await runCli(['migrate'], { ...source, QUIRE_MIGRATE_TO: `sqlite:${file}` });
    expect(moved.stderr).toBe('');
    expect(moved.status).toBe(0);
    expect(moved.stdout).toContain('counts match');
  }, 180_000);
});
