import SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, insertPlainUser, type TestDatabase } from '../../test/test-databases.ts';
import type { Db } from './database.ts';
import { hotReaderOf, MEMO_LIMIT, snakeToCamel } from './hot-reader.ts';
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

const nicknameOf = preparedQuery((root, id: string) =>
  root.selectFrom('users').select('nickname').where('id', '=', id),
);
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * An SQLite file database with user u1 ('first'), for the tests of one describe block, and a second
 * connection that stands for another process writing the same file: its commits do not pass through this
 * process's handle.
 */
function sharedFile(): { readonly db: Db; readonly otherProcess: SQLite.Database } {
  let database: TestDatabase | undefined;
  let otherProcess: SQLite.Database | undefined;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    await insertPlainUser(database.db, 'u1', 'ann', 'first');
    otherProcess = new SQLite(database.file ?? '');
  });
  afterAll(async () => {
    otherProcess?.close();
    await database?.drop();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the shared file is opened in beforeAll');
    return value;
  };
  return {
    get db() {
      return ready(database).db;
    },
    get otherProcess() {
      return ready(otherProcess);
    },
  };
}

describe('the read snapshot of one event-loop turn', () => {
  const file = sharedFile();
  const readNow = () => nicknameOf.now(file.db, 'u1')?.[0]?.nickname;

  it('sees a write of this process at once, and another process from the next turn on', async () => {
    await nextTurn();
    expect(readNow()).toBe('first');
    file.otherProcess.prepare("update users set nickname = 'from elsewhere' where id = 'u1'").run();
    // Same turn: the snapshot the first read began still answers.
    expect(readNow()).toBe('first');
    await file.db.updateTable('users').set({ nickname: 'from here' }).where('id', '=', 'u1').execute();
    // A write through the app's own handle ends the snapshot first, so its result is read back.
    expect(readNow()).toBe('from here');
    file.otherProcess.prepare("update users set nickname = 'later' where id = 'u1'").run();
    await nextTurn();
    expect(readNow()).toBe('later');
  });

  it('holds no read transaction once the turn is over, so a checkpoint can empty the log', async () => {
    expect(readNow()).toBe('later');
    await nextTurn();
    const [result] = file.otherProcess.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>;
    expect(result?.busy).toBe(0);
  });
});

describe('values kept while the database is unchanged (memo)', () => {
  const file = sharedFile();
  let loads = 0;
  const readKept = (key = 'nick:u1') =>
    hotReaderOf(file.db as Kysely<unknown>)?.memo(key, () => {
      loads++;
      const nickname = nicknameOf.now(file.db, 'u1')?.[0]?.nickname;
      return nickname === undefined ? undefined : { nickname, tags: ['a'] };
    });

  it('loads once and answers the kept value in later turns while nothing is written', async () => {
    await nextTurn();
    loads = 0;
    expect(readKept()?.nickname).toBe('first');
    await nextTurn();
    expect(readKept()?.nickname).toBe('first');
    await nextTurn();
    expect(readKept()?.nickname).toBe('first');
    expect(loads).toBe(1);
  });

  it('drops kept values at a write of this process, in the same turn', async () => {
    expect(readKept()?.nickname).toBe('first');
    await file.db.updateTable('users').set({ nickname: 'from here' }).where('id', '=', 'u1').execute();
    expect(readKept()?.nickname).toBe('from here');
  });

  it('drops kept values at a write of another process, from the next turn on', async () => {
    await nextTurn();
    expect(readKept()?.nickname).toBe('from here');
    file.otherProcess.prepare("update users set nickname = 'from elsewhere' where id = 'u1'").run();
    // Same turn: the value belongs to the snapshot the turn reads.
    expect(readKept()?.nickname).toBe('from here');
    await nextTurn();
    expect(readKept()?.nickname).toBe('from elsewhere');
  });

  it('drops kept values when only an unrelated table changed (any commit counts)', async () => {
    await nextTurn();
    readKept();
    loads = 0;
    file.otherProcess
      .prepare(
        "insert into throttle_events (id, kind, target, ip, created_at) values ('x', 'login', 'a', 'b', 'c')",
      )
      .run();
    await nextTurn();
    readKept();
    expect(loads).toBe(1);
  });

  it('keeps no undefined result, and freezes what it keeps', async () => {
    await nextTurn();
    loads = 0;
    const missing = () =>
      hotReaderOf(file.db as Kysely<unknown>)?.memo('nothing', () => {
        loads++;
        return undefined;
      });
    expect(missing()).toBeUndefined();
    expect(missing()).toBeUndefined();
    expect(loads).toBe(2);
    const kept = readKept();
    expect(Object.isFrozen(kept)).toBe(true);
    expect(Object.isFrozen(kept?.tags)).toBe(true);
  });

  it('drops everything past its limit rather than growing without bound', async () => {
    await nextTurn();
    const reader = hotReaderOf(file.db as Kysely<unknown>);
    for (let i = 0; i < MEMO_LIMIT; i++) reader?.memo(`filler:${i}`, () => ({ i }));
    loads = 0;
    readKept('nick:fresh');
    readKept('nick:fresh');
    expect(loads).toBe(1);
    // Reaching the limit dropped every kept value, the first fillers among them.
    let refilled = false;
    reader?.memo('filler:0', () => {
      refilled = true;
      return { i: 0 };
    });
    expect(refilled).toBe(true);
  });
});
