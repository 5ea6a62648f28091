import { type Kysely, sql } from 'kysely';
import { isMysql } from './mysql-ddl.ts';

/**
 * A counter of the read cache (http/read-cache.ts, db/cache-versions.ts) for what a reader's tree shows of an
 * application's docs: `t:<module id>`, bumped when a doc or folder is added or removed, or when one of the
 * columns the tree is built from changes (modules/view/view.repository.ts `listViewRows`). The trees were kept
 * under `m:`, which every write of a doc bumps: with 200 users calling without pause, each save of a
 * description or a param made every reader of the project rebuild its tree (a 1,000-doc tree several times a
 * second, a quarter of the server's time in the load bench). Most saves change no name, URL or place, and now
 * leave the trees as they were. `m:` stays as it was for what reads the docs' contents (the changelog).
 */
const TREE_COLUMNS = [
  'module_id',
  'parent_id',
  'is_folder',
  'name',
  'url',
  'http_method',
  'type',
  'deprecated',
  'is_show',
  'order_index',
  'created_at',
  'deleted_at',
];

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

/** True when a tree column differs between OLD and NEW, nulls compared as values. */
function treeChanged(dialect: 'sqlite' | 'postgres' | 'mysql'): string {
  const differs = (column: string) => {
    if (dialect === 'sqlite') return `NEW.${column} is not OLD.${column}`;
    if (dialect === 'postgres') return `NEW.${column} is distinct from OLD.${column}`;
    return `not (NEW.${column} <=> OLD.${column})`;
  };
  return TREE_COLUMNS.map(differs).join(' or ');
}

function upsertScope(expr: string, mysql: boolean): string {
  if (mysql)
    return `insert into cache_versions (scope, version) values (${expr}, 1)
      on duplicate key update version = version + 1;`;
  return `insert into cache_versions (scope, version) values (${expr}, 1)
    on conflict (scope) do update set version = cache_versions.version + 1;`;
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  // quire_bump_cache_scope (migration 0550) bumps an application's scope once per transaction.
  await sql`create function quire_cache_docs_tree() returns trigger language plpgsql as $$
    begin
      if TG_OP = 'INSERT' then perform quire_bump_cache_scope('t:' || NEW.module_id);
      elsif TG_OP = 'DELETE' then perform quire_bump_cache_scope('t:' || OLD.module_id);
      else
        perform quire_bump_cache_scope('t:' || least(NEW.module_id, OLD.module_id));
        perform quire_bump_cache_scope('t:' || greatest(NEW.module_id, OLD.module_id));
      end if;
      return null;
    end $$`.execute(db);
  await sql`create constraint trigger docs_tree_version_write after insert or delete on docs
    deferrable initially deferred for each row execute function quire_cache_docs_tree()`.execute(db);
  await sql`create constraint trigger docs_tree_version_update after update on docs
    deferrable initially deferred for each row when (${sql.raw(treeChanged('postgres'))})
    execute function quire_cache_docs_tree()`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return upPostgres(db);
  const mysql = isMysql(db);
  const scope = (row: string) => (mysql ? `concat('t:', ${row}.module_id)` : `'t:' || ${row}.module_id`);
  await sql`create trigger docs_tree_version_insert after insert on docs for each row
    begin ${sql.raw(upsertScope(scope('NEW'), mysql))} end`.execute(db);
  await sql`create trigger docs_tree_version_delete after delete on docs for each row
    begin ${sql.raw(upsertScope(scope('OLD'), mysql))} end`.execute(db);
  const both = `${upsertScope(scope('NEW'), mysql)} ${upsertScope(scope('OLD'), mysql)}`;
  if (mysql) {
    // MySQL has no WHEN on triggers: the condition is an IF in the body.
    await sql`create trigger docs_tree_version_update after update on docs for each row
      begin if ${sql.raw(treeChanged('mysql'))} then ${sql.raw(both)} end if; end`.execute(db);
    return;
  }
  await sql`create trigger docs_tree_version_update after update on docs for each row
    when ${sql.raw(treeChanged('sqlite'))} begin ${sql.raw(both)} end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger docs_tree_version_write on docs`.execute(db);
    await sql`drop trigger docs_tree_version_update on docs`.execute(db);
    await sql`drop function quire_cache_docs_tree()`.execute(db);
  } else
    for (const op of ['insert', 'delete', 'update'])
      await sql`drop trigger ${sql.raw(`docs_tree_version_${op}`)}`.execute(db);
  await sql`delete from cache_versions where scope like 't:%'`.execute(db);
}
