import { type Kysely, sql } from 'kysely';
import { indexedText, isMysql } from './mysql-ddl.ts';

/**
 * Per-application versions for the read cache (http/read-cache.ts), so a save or a push drops the cached
 * answers of its application only instead of every tree and doc detail of the install (issue #29: with 200
 * users calling without pause, every save made every reader rebuild).
 *
 * `cache_versions` holds one counter per scope, bumped by triggers like the data version's (any writer, any
 * instance):
 * - `m:<module id>`: the docs and folders of an application (what a tree shows): any insert, update or delete
 *   of `docs`, for the old and the new application of a moved doc.
 * - `a:<module id>`: what every doc detail of an application shows besides the doc: its environments and their
 *   globals, its dictionaries and their items (and `bumpModuleVersion`, db/cache-versions.ts, bumps it).
 * - `d:<doc id>`: one doc (its detail): an update or delete of the doc, or of one of its revisions (the detail
 *   shows the current revision's remark). Inserts need no bump: nothing was cached for a new id, and a new
 *   revision becomes current only by an update of its doc.
 *
 * The global `data_version` keeps the rest (users, spaces, members, projects, applications, constants): those
 * tables shape the lists and every answer's key, and change rarely. Its triggers on the tables above go.
 *
 * PostgreSQL: deferred constraint triggers as for the data version (the counter rows are written at commit,
 * so a long push does not hold them), an application's counters once per transaction (a 1,000-doc push bumps
 * `m:` once); a doc's counter per updated row (rows of different docs are different counters anyway).
 */
const GLOBAL_TABLES_MOVED = [
  'docs',
  'doc_revisions',
  'module_environments',
  'environment_globals',
  'enums',
  'enum_items',
];

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

/** Per table, per operation: the scopes to bump, as SQL expressions over NEW/OLD (`null` skips). */
type Bumps = Record<'insert' | 'update' | 'delete', string[]>;

const MODULE_OF_ENV = (row: string) =>
  `(select module_id from module_environments where id = ${row}.environment_id)`;
const MODULE_OF_ENUM = (row: string) => `(select module_id from enums where id = ${row}.enum_id)`;

/** `||` is not concatenation on MySQL. */
function scope(prefix: string, id: string, mysql: boolean): string {
  return mysql ? `concat('${prefix}:', ${id})` : `'${prefix}:' || ${id}`;
}

function bumpsOf(table: string, mysql: boolean, sqlite: boolean): Bumps {
  const s = (prefix: string, id: string) => scope(prefix, id, mysql);
  // SQLite's two-argument min/max are its least/greatest.
  const [least, greatest] = sqlite ? ['min', 'max'] : ['least', 'greatest'];
  switch (table) {
    case 'docs':
      return {
        insert: [s('m', 'NEW.module_id')],
        // A moved doc bumps both applications, the smaller id first: two moves in opposite directions then
        // lock the two counter rows in the same order and cannot deadlock at commit (PostgreSQL).
        update: [
          s('m', `${least}(NEW.module_id, OLD.module_id)`),
          s('m', `${greatest}(NEW.module_id, OLD.module_id)`),
          s('d', 'OLD.id'),
        ],
        delete: [s('m', 'OLD.module_id'), s('d', 'OLD.id')],
      };
    case 'doc_revisions':
      return { insert: [], update: [s('d', 'OLD.doc_id')], delete: [s('d', 'OLD.doc_id')] };
    case 'module_environments':
    case 'enums':
      return {
        insert: [s('a', 'NEW.module_id')],
        update: [s('a', 'NEW.module_id'), s('a', 'OLD.module_id')],
        delete: [s('a', 'OLD.module_id')],
      };
    case 'environment_globals':
      return {
        insert: [s('a', MODULE_OF_ENV('NEW'))],
        update: [s('a', MODULE_OF_ENV('NEW'))],
        delete: [s('a', MODULE_OF_ENV('OLD'))],
      };
    case 'enum_items':
      return {
        insert: [s('a', MODULE_OF_ENUM('NEW'))],
        update: [s('a', MODULE_OF_ENUM('NEW'))],
        delete: [s('a', MODULE_OF_ENUM('OLD'))],
      };
    default:
      throw new Error(`no cache scopes for ${table}`);
  }
}

const TABLES = ['docs', 'doc_revisions', 'module_environments', 'environment_globals', 'enums', 'enum_items'];
const OPS = ['insert', 'update', 'delete'] as const;

/** One upsert per scope; a null scope (a row whose parent a cascade already removed) is skipped. */
function upsert(expr: string, mysql: boolean): string {
  if (mysql)
    return `insert into cache_versions (scope, version) select ${expr}, 1 from (select 1) one where ${expr} is not null
      on duplicate key update version = version + 1;`;
  return `insert into cache_versions (scope, version) select ${expr}, 1 where ${expr} is not null
    on conflict (scope) do update set version = cache_versions.version + 1;`;
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  // An application's scope once per transaction: the transaction's id and the scopes it bumped live in a
  // transaction-local setting (a handful of applications, never thousands of docs).
  await sql`create function quire_bump_cache_scope(p_scope text) returns void language plpgsql as $$
    declare
      tx text := txid_current()::text;
      seen text := coalesce(current_setting('quire.cache_scopes', true), '');
    begin
      if p_scope is null then return; end if;
      if left(p_scope, 2) <> 'd:' then
        if split_part(seen, ' ', 1) is distinct from tx then seen := tx; end if;
        if position(' ' || p_scope || ' ' in seen || ' ') > 0 then return; end if;
        perform set_config('quire.cache_scopes', seen || ' ' || p_scope, true);
      end if;
      insert into cache_versions (scope, version) values (p_scope, 1)
        on conflict (scope) do update set version = cache_versions.version + 1;
    end $$`.execute(db);
  for (const table of TABLES) {
    const bumps = bumpsOf(table, false, false);
    const branch = (op: (typeof OPS)[number]) =>
      bumps[op].length === 0
        ? ''
        : `if TG_OP = '${op.toUpperCase()}' then ${bumps[op].map((e) => `perform quire_bump_cache_scope(${e});`).join(' ')} end if;`;
    await sql`create function ${sql.raw(`quire_cache_${table}`)}() returns trigger language plpgsql as ${sql.raw(
      `$$ begin ${OPS.map(branch).join(' ')} return null; end $$`,
    )}`.execute(db);
    const ops = OPS.filter((op) => bumps[op].length > 0).join(' or ');
    await sql`create constraint trigger ${sql.raw(`${table}_cache_version`)} after ${sql.raw(ops)}
      on ${sql.table(table)} deferrable initially deferred for each row
      execute function ${sql.raw(`quire_cache_${table}`)}()`.execute(db);
    await sql`drop trigger ${sql.raw(`${table}_data_version`)} on ${sql.table(table)}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const mysql = isMysql(db);
  await db.schema
    .createTable('cache_versions')
    .addColumn('scope', indexedText(db), (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  if (isPostgres(db)) return upPostgres(db);
  for (const table of TABLES) {
    const bumps = bumpsOf(table, mysql, !mysql);
    for (const op of OPS) {
      await sql`drop trigger ${sql.raw(`${table}_data_version_${op}`)}`.execute(db);
      if (bumps[op].length === 0) continue;
      const body = bumps[op].map((e) => upsert(e, mysql)).join('\n');
      await sql`create trigger ${sql.raw(`${table}_cache_version_${op}`)} after ${sql.raw(op)}
        on ${sql.table(table)} for each row begin ${sql.raw(body)} end`.execute(db);
    }
  }
}

/** Puts back the data version's triggers of migration `data-version` on the tables this one took over. */
async function restoreGlobalTriggers(db: Kysely<unknown>): Promise<void> {
  for (const table of GLOBAL_TABLES_MOVED) {
    if (isPostgres(db)) {
      await sql`create constraint trigger ${sql.raw(`${table}_data_version`)}
        after insert or update or delete on ${sql.table(table)}
        deferrable initially deferred for each row execute function quire_bump_data_version()`.execute(db);
      continue;
    }
    for (const op of OPS) {
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
    for (const table of TABLES) {
      await sql`drop trigger ${sql.raw(`${table}_cache_version`)} on ${sql.table(table)}`.execute(db);
      await sql`drop function ${sql.raw(`quire_cache_${table}`)}()`.execute(db);
    }
    await sql`drop function quire_bump_cache_scope(text)`.execute(db);
  } else {
    for (const table of TABLES)
      for (const op of OPS)
        if (bumpsOf(table, false, false)[op].length > 0)
          await sql`drop trigger ${sql.raw(`${table}_cache_version_${op}`)}`.execute(db);
  }
  await restoreGlobalTriggers(db);
  await db.schema.dropTable('cache_versions').execute();
}
