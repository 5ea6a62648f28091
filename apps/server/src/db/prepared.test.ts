import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  insertPlainUser,
  type TestDatabase,
  testDialects,
} from '../../test/test-databases.ts';
import { preparedQuery } from './prepared.ts';

describe.each(testDialects())('preparedQuery on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await insertPlainUser(database.db, 'u1', 'ann', 'ann nick');
    await insertPlainUser(database.db, 'u2', 'bob', 'bob nick');
  });
  afterAll(async () => {
    await database.drop();
  });

  const findNickname = preparedQuery((db, id: string, key: string) =>
    db
      .selectFrom('users')
      .select(['nickname', 'usernameKey'])
      .where('id', '=', id)
      .where('status', '=', 1)
      .where('usernameKey', '!=', key),
  );

  it('runs with each call arguments and camel-cases the result like a normal query', async () => {
    expect(await findNickname(database.db, 'u1', 'zed')).toEqual([
      { nickname: 'ann nick', usernameKey: 'ann' },
    ]);
    expect(await findNickname(database.db, 'u2', 'zed')).toEqual([
      { nickname: 'bob nick', usernameKey: 'bob' },
    ]);
    expect(await findNickname(database.db, 'u1', 'ann')).toEqual([]);
  });

  it('treats SQL in arguments as data', async () => {
    expect(await findNickname(database.db, "u1' OR '1'='1", 'zed')).toEqual([]);
  });

  it('refuses a builder that does not bind an argument as a parameter', async () => {
    const broken = preparedQuery((db, id: string) =>
      db.selectFrom('users').select('id').where('id', '=', id.slice(1)),
    );
    await expect(broken(database.db, 'u1')).rejects.toThrow(/bind every argument/);
  });

  it('answers synchronously on an SQLite file and defers to the query elsewhere', () => {
    const rows = findNickname.now(database.db, 'u1', 'zed');
    if (dialect === 'sqlite') expect(rows).toEqual([{ nickname: 'ann nick', usernameKey: 'ann' }]);
    else expect(rows).toBeUndefined();
  });

  it('inside a transaction reads its own writes, and outside reads only what is committed', async () => {
    let outside: unknown;
    await database.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('users').set({ nickname: 'ann renamed' }).where('id', '=', 'u1').execute();
        expect(await findNickname(trx, 'u1', 'zed')).toEqual([
          { nickname: 'ann renamed', usernameKey: 'ann' },
        ]);
        // The root handle must not see the open transaction's row (SQLite: the read connection).
        if (dialect === 'sqlite') outside = findNickname.now(database.db, 'u1', 'zed');
        throw new Error('roll back');
      })
      .catch(() => undefined);
    if (dialect === 'sqlite') expect(outside).toEqual([{ nickname: 'ann nick', usernameKey: 'ann' }]);
    expect(await findNickname(database.db, 'u1', 'zed')).toEqual([
      { nickname: 'ann nick', usernameKey: 'ann' },
    ]);
  });
});
