import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateName } from '../../test/test-databases.ts';
import { createDatabase, type Db } from './database.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('named statements on PostgreSQL (pg-statements.ts)', () => {
  const schema = privateName('quire_named');
  let admin: pg.Client;
  let db: Db;
  const prepared = async () =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)).rows.map(
      (row) => row.statement,
    );
  const read = (id: number) => sql<Record<string, unknown>>`select * from notes where id = ${id}`.execute(db);

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.query(`CREATE TABLE ${schema}.notes (id int primary key, body text)`);
    await admin.query(`INSERT INTO ${schema}.notes VALUES (1, 'one'), (2, 'two')`);
    // One connection: every statement below meets the same session's prepared statements.
    db = createDatabase({ kind: 'postgres', url: url as string, schema, poolSize: 1 });
  });
  afterAll(async () => {
    await db.destroy();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  });

  it('prepares a text with parameters once per connection and answers each call with its own values', async () => {
    expect((await read(1)).rows).toEqual([{ id: 1, body: 'one' }]);
    expect((await read(2)).rows).toEqual([{ id: 2, body: 'two' }]);
    const texts = await prepared();
    expect(texts.filter((text) => text === 'select * from notes where id = $1')).toHaveLength(1);
  });

  it('plans every call with its own parameters, never a generic plan kept from a smaller table', async () => {
    for (let call = 0; call < 12; call++) await read(1 + (call % 2));
    const plans = await sql<{ generic: string; custom: string }>`
      select generic_plans as generic, custom_plans as custom from pg_prepared_statements
      where statement = 'select * from notes where id = $1'`.execute(db);
    expect(plans.rows).toHaveLength(1);
    expect(Number(plans.rows[0]?.generic)).toBe(0);
    // The first call may go before the connection's SET answered (unnamed, so not counted here).
    expect(Number(plans.rows[0]?.custom)).toBeGreaterThanOrEqual(11);
  });

  it("plans every call too when the URL brings its own options (node-postgres lets them replace the pool's)", async () => {
    const withOptions = new URL(url as string);
    withOptions.searchParams.set('options', `-c search_path=${schema}`);
    const other = createDatabase({ kind: 'postgres', url: withOptions.toString(), poolSize: 1 });
    try {
      for (let call = 0; call < 8; call++) await sql`select body from notes where id = ${1}`.execute(other);
      const mode = await sql<{ planCacheMode: string }>`show plan_cache_mode`.execute(other);
      expect(mode.rows[0]?.planCacheMode).toBe('force_custom_plan');
      const plans = await sql<{ generic: string }>`
        select generic_plans as generic from pg_prepared_statements
        where statement = 'select body from notes where id = $1'`.execute(other);
      expect(plans.rows).toHaveLength(1);
      expect(Number(plans.rows[0]?.generic)).toBe(0);
    } finally {
      await other.destroy();
    }
  });

  it('leaves texts without parameters unnamed (BEGIN, COMMIT, DDL)', async () => {
    await sql`select count(*) from notes`.execute(db);
    expect(await prepared()).not.toContain('select count(*) from notes');
  });

  it("prepares afresh after this process's DDL changed a table's columns", async () => {
    await read(1);
    await sql`alter table notes add column tag text`.execute(db);
    expect((await read(1)).rows).toEqual([{ id: 1, body: 'one', tag: null }]);
  });

  it('after another process changed the columns, fails that one call and prepares afresh for the next', async () => {
    await read(2);
    await admin.query(`ALTER TABLE ${schema}.notes ADD COLUMN extra int`);
    const first = await read(2).then(
      (result) => result.rows,
      (error: { code?: string }) => error.code,
    );
    // "cached plan must not change result type": the statement prepared before the change, once.
    expect(first).toBe('0A000');
    expect((await read(2)).rows).toEqual([{ id: 2, body: 'two', tag: null, extra: null }]);
  });
});
