import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, insertPlainUser, type TestDatabase } from '../../test/test-databases.ts';
import { isUniqueViolation } from './dialect.ts';
import { writerOf } from './sqlite-writer.ts';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('the SQLite writer connection on its own thread', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    await insertPlainUser(database.db, 'u1', 'ann', 'first');
  });
  afterAll(async () => {
    await database.drop();
  });

  it('is a second connection on a file database, and the handle itself inside a transaction', async () => {
    const { db } = database;
    expect(writerOf(db)).not.toBe(db);
    expect(writerOf(db)).toBe(writerOf(db));
    await db.transaction().execute(async (trx) => {
      expect(writerOf(trx)).toBe(trx);
    });
  });

  it('writes what the main connection reads at once, and commits or rolls back its transactions', async () => {
    const { db } = database;
    const writer = writerOf(db);
    await writer.updateTable('users').set({ nickname: 'second' }).where('id', '=', 'u1').execute();
    const read = () => db.selectFrom('users').select('nickname').where('id', '=', 'u1').executeTakeFirst();
    expect((await read())?.nickname).toBe('second');
    await expect(
      writer.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ nickname: 'never' }).where('id', '=', 'u1').execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await read())?.nickname).toBe('second');
    const rows = await writer.selectFrom('users').select(['id', 'nickname']).where('id', '=', 'u1').execute();
    expect(rows).toEqual([{ id: 'u1', nickname: 'second' }]);
  });

  it("answers SQLite's errors with their codes", async () => {
    const { db } = database;
    const error = await insertPlainUser(writerOf(db), 'u1', 'again', 'dup').catch((e: unknown) => e);
    expect((error as { code?: string }).code).toMatch(/^SQLITE_CONSTRAINT/);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('a main-connection transaction that read before the writer committed still writes (it began IMMEDIATE)', async () => {
    const { db } = database;
    const writer = writerOf(db);
    // The writer holds the write lock for a moment on its thread while the main connection's transaction
    // reads and then writes: a deferred BEGIN would fail with SQLITE_BUSY (stale snapshot) here.
    let holding!: () => void;
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const writing = writer.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ nickname: 'by writer' }).where('id', '=', 'u1').execute();
      holding();
      await nextTurn();
      await nextTurn();
    });
    // The writer holds the lock (its transaction wrote and has not committed) when the main one begins.
    await held;
    await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('users')
        .select('nickname')
        .where('id', '=', 'u1')
        .executeTakeFirst();
      await trx
        .updateTable('users')
        .set({ nickname: `${before?.nickname} then main` })
        .where('id', '=', 'u1')
        .execute();
    });
    await writing;
    const after = await db.selectFrom('users').select('nickname').where('id', '=', 'u1').executeTakeFirst();
    expect(after?.nickname).toBe('by writer then main');
  });
});
