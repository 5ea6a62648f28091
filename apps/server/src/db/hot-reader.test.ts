import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, insertPlainUser, type TestDatabase } from '../../test/test-databases.ts';
import type { Db } from './database.ts';
import { snakeToCamel } from './hot-reader.ts';
import { preparedQuery } from './prepared.ts';

describe('snakeToCamel', () => {
  it('maps result columns as Kysely CamelCasePlugin does by default', () => {
    expect(snakeToCamel('session_id')).toBe('sessionId');
    expect(snakeToCamel('is_super_admin')).toBe('isSuperAdmin');
    expect(snakeToCamel('last_used_at')).toBe('lastUsedAt');
    expect(snakeToCamel('target_id')).toBe('targetId');
    expect(snakeToCamel('kind')).toBe('kind');
  });
});

describe('the read snapshot of one event-loop turn', () => {
  let database: TestDatabase;
  let db: Db;
  let otherProcess: SQLite.Database;
  const nicknameOf = preparedQuery((root, id: string) =>
    root.selectFrom('users').select('nickname').where('id', '=', id),
  );
  const readNow = () => nicknameOf.now(db, 'u1')?.[0]?.nickname;
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    db = database.db;
    await insertPlainUser(db, 'u1', 'ann', 'first');
    // Stands for another process writing the same file: its commits do not pass through this process's handle.
    otherProcess = new SQLite(database.file ?? '');
  });
  afterAll(async () => {
    otherProcess.close();
    await database.drop();
  });

  it('sees a write of this process at once, and another process from the next turn on', async () => {
    await nextTurn();
    expect(readNow()).toBe('first');
    otherProcess.prepare("update users set nickname = 'from elsewhere' where id = 'u1'").run();
    // Same turn: the snapshot the first read began still answers.
    expect(readNow()).toBe('first');
    await db.updateTable('users').set({ nickname: 'from here' }).where('id', '=', 'u1').execute();
    // A write through the app's own handle ends the snapshot first, so its result is read back.
    expect(readNow()).toBe('from here');
    otherProcess.prepare("update users set nickname = 'later' where id = 'u1'").run();
    await nextTurn();
    expect(readNow()).toBe('later');
  });

  it('holds no read transaction once the turn is over, so a checkpoint can empty the log', async () => {
    expect(readNow()).toBe('later');
    await nextTurn();
    const [result] = otherProcess.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>;
    expect(result?.busy).toBe(0);
  });
});
