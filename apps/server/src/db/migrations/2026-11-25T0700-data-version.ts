import { type Kysely, sql } from 'kysely';
import { isMysql } from './mysql-ddl.ts';

/**
 * One counter that changes whenever the data readers see changes: the read cache (db/data-version.ts) keys
 * every cached answer by it. Triggers bump it, so every writer (editor, import, push, restore, admin, a
 * second instance) invalidates without knowing about the cache, and an instance reads the counter from the
 * database on each cached call, so another instance's write shows at once.
 *
 * Tables: what the trees, doc details and space/project lists are built from. Sessions, login attempts,
 * jobs, messages and audit rows are left out: they change all the time and no cached answer reads them.
 *
 * - SQLite: a row trigger per table and operation (SQLite has no statement triggers; one writer at a time).
 * - PostgreSQL: a deferred constraint trigger, so the counter row is written at commit and locked only for
 *   the commit (a long push does not hold it and block every other writer), and a transaction-local flag
 *   so a transaction writing 1,000 rows bumps it once. The counter is written in the writing transaction,
 *   so it never runs ahead of the data: a reader that sees the new number also sees the new rows.
 * - MySQL: row triggers like SQLite's (MySQL has no statement or deferred triggers). Rows a foreign key's
 *   cascade deletes fire no trigger there, but the delete that started the cascade does.
 */
const DATA_VERSION_TABLES = [
  'users',
  'spaces',
  'space_members',
  'projects',
  'project_members',
  'modules',
  'module_environments',
  'environment_globals',
  'docs',
  'doc_revisions',
  'enums',
  'enum_items',
  'constants',
];

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('data_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into data_version (id, version) values (1, 1)`.execute(db);
  if (isPostgres(db)) {
    await sql`create function quire_bump_data_version() returns trigger language plpgsql as $$
      begin
        if current_setting('quire.data_version_bumped', true) is distinct from txid_current()::text then
          perform set_config('quire.data_version_bumped', txid_current()::text, true);
          update data_version set version = version + 1 where id = 1;
        end if;
        return null;
      end $$`.execute(db);
    for (const table of DATA_VERSION_TABLES) {
      await sql`create constraint trigger ${sql.raw(`${table}_data_version`)}
        after insert or update or delete on ${sql.table(table)}
        deferrable initially deferred for each row execute function quire_bump_data_version()`.execute(db);
    }
    return;
  }
  for (const table of DATA_VERSION_TABLES) {
    for (const op of ['insert', 'update', 'delete']) {
      const name = sql.raw(`${table}_data_version_${op}`);
      if (isMysql(db)) {
        await sql`create trigger ${name} after ${sql.raw(op)} on ${sql.table(table)} for each row
          update data_version set version = version + 1 where id = 1`.execute(db);
        continue;
      }
      await sql`create trigger ${name} after ${sql.raw(op)}
        on ${sql.table(table)} begin update data_version set version = version + 1 where id = 1; end`.execute(
        db,
      );
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const table of DATA_VERSION_TABLES)
      await sql`drop trigger ${sql.raw(`${table}_data_version`)} on ${sql.table(table)}`.execute(db);
    await sql`drop function quire_bump_data_version()`.execute(db);
  } else {
    for (const table of DATA_VERSION_TABLES)
      for (const op of ['insert', 'update', 'delete'])
        await sql`drop trigger ${sql.raw(`${table}_data_version_${op}`)}`.execute(db);
  }
  await db.schema.dropTable('data_version').execute();
}
