import { type Kysely, sql } from 'kysely';
import { isMysql } from './mysql-ddl.ts';

/**
 * The search index over docs, and the follow (subscription) rows of the reader.
 *
 * Search reads `docs.search_text` (name, method, URL, author, description, param and error-code names and
 * descriptions, lower-cased; api-model `searchTextOf`) through an index, never by reading rows in the app:
 * - SQLite: an FTS5 table with the trigram tokenizer over `name`, `url` and `search_text`, kept in step by
 *   triggers, so every writer (editor, import, push, restore, delete) updates it without knowing about it. Trigrams match any substring of three characters or more,
 *   which is what a search box over URLs and Chinese names needs (a word tokenizer would not split `用户列表`).
 * - PostgreSQL: a GIN trigram index (pg_trgm) on `search_text`, `name` and `url` when the extension can be
 *   created; otherwise a GIN full-text index on `to_tsvector('simple', search_text)`. The search repository
 *   asks which one exists.
 * - MySQL: nothing here. Its FULLTEXT index holds words of three characters or more, never substrings, so the
 *   substring step reads `search_text` of the docs of the caller's applications; the word index of
 *   `doc-search-words` is a FULLTEXT index.
 *
 * A migration never imports application code, so the dialect is read from the adapter here too.
 */
function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

/** Creates pg_trgm when allowed (it is a trusted extension since PostgreSQL 13); answers its schema or null. */
async function trigramSchema(db: Kysely<unknown>): Promise<string | null> {
  const installed = async () =>
    (
      await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
        join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema ?? null;
  const found = await installed();
  if (found) return found;
  const available = await sql<{ n: number }>`select count(*)::int as n from pg_available_extensions
    where name = 'pg_trgm'`.execute(db);
  if (!available.rows[0]?.n) return null;
  // Migrations run in one transaction: a savepoint keeps a refused CREATE EXTENSION from aborting it.
  await sql`savepoint quire_trgm`.execute(db);
  try {
    // Into public, never into the current schema: a schema dropped later (a test's) would take it along.
    await sql`create extension if not exists pg_trgm schema public`.execute(db);
    await sql`release savepoint quire_trgm`.execute(db);
  } catch {
    // No right to create it, or a concurrent migration created it first: look again; when it is still
    // missing, the full-text index below serves search.
    await sql`rollback to savepoint quire_trgm`.execute(db);
  }
  return installed();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isMysql(db)) {
    await createMysqlIndexes(db);
    return;
  }
  if (isPostgres(db)) {
    const schema = await trigramSchema(db);
    if (schema) {
      const ops = sql.raw(`"${schema.replaceAll('"', '""')}".gin_trgm_ops`);
      await sql`create index docs_search_trgm on docs using gin (search_text ${ops})`.execute(db);
      await sql`create index docs_name_trgm on docs using gin (lower(name) ${ops})`.execute(db);
      await sql`create index docs_url_trgm on docs using gin (lower(url) ${ops})`.execute(db);
    } else {
      await sql`create index docs_search_tsv on docs using gin (to_tsvector('simple', search_text))`.execute(
        db,
      );
    }
  } else {
    // A standalone FTS5 table (it keeps its own copy of the text) whose first, unindexed columns carry what
    // a result shows and filters on: a search never reads the docs table, whose rows hold the whole JSON
    // document before their later columns. `live` is 1 for a shown, undeleted doc (not a folder).
    await sql`create virtual table docs_fts using fts5(doc_id unindexed, module_id unindexed, live unindexed,
      http_method unindexed, doc_type unindexed, deprecated unindexed, name, url, search_text,
      tokenize='trigram')`.execute(db);
    const values = (row: 'new') =>
      sql.raw(`${row}.rowid, ${row}.id, ${row}.module_id,
        case when ${row}.deleted_at is null and ${row}.is_show = 1 and ${row}.is_folder = 0 then 1 else 0 end,
        ${row}.http_method, ${row}.type, ${row}.deprecated, ${row}.name, ${row}.url, ${row}.search_text`);
    const columns = sql.raw(`rowid, doc_id, module_id, live, http_method, doc_type, deprecated, name, url,
      search_text`);
    await sql`create trigger docs_fts_insert after insert on docs begin
      insert into docs_fts(${columns}) values (${values('new')});
      end`.execute(db);
    await sql`create trigger docs_fts_delete after delete on docs begin
      delete from docs_fts where rowid = old.rowid;
      end`.execute(db);
    await sql`create trigger docs_fts_update after update of module_id, is_folder, name, url, http_method, type,
      is_show, deprecated, search_text, deleted_at on docs begin
      delete from docs_fts where rowid = old.rowid;
      insert into docs_fts(${columns}) values (${values('new')});
      end`.execute(db);
    await sql`insert into docs_fts(${columns}) select ${sql.raw(`rowid, id, module_id,
      case when deleted_at is null and is_show = 1 and is_folder = 0 then 1 else 0 end, http_method, type,
      deprecated, name, url, search_text`)} from docs`.execute(db);
  }

  // The reader's tree reads every shown doc of some modules in display order. This index holds all it needs,
  // so the query never reads the table rows (on SQLite a row's later columns sit behind the whole JSON
  // document, which made reading 5,000 rows cost a hundred milliseconds).
  await db.schema
    .createIndex('docs_view_tree')
    .on('docs')
    .columns([
      'module_id',
      'order_index',
      'created_at',
      'id',
      'parent_id',
      'is_folder',
      'is_show',
      'type',
      'name',
      'url',
      'http_method',
      'deprecated',
    ])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await createSubscriptions(db);
}

/** A user follows a doc; the messages a change sends to followers come with the message centre. */
async function createSubscriptions(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('doc_subscriptions')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('doc_id', 'text', (c) => c.notNull().references('docs.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('doc_subscriptions_pk', ['user_id', 'doc_id'])
    .execute();
  await db.schema.createIndex('doc_subscriptions_doc').on('doc_subscriptions').column('doc_id').execute();
}

/**
 * MySQL: the tree index without its `deleted_at is null` condition (MySQL has no partial index) and without the
 * text columns, which would pass InnoDB's 3,072 bytes a key; and the subscriptions table.
 */
async function createMysqlIndexes(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('docs_view_tree').on('docs').columns(['module_id', 'order_index']).execute();
  await createSubscriptions(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('doc_subscriptions').execute();
  if (isMysql(db)) {
    await db.schema.dropIndex('docs_view_tree').on('docs').execute();
    return;
  }
  if (isPostgres(db)) {
    for (const index of [
      'docs_search_trgm',
      'docs_name_trgm',
      'docs_url_trgm',
      'docs_search_tsv',
      'docs_view_tree',
    ]) {
      await sql`drop index if exists ${sql.id(index)}`.execute(db);
    }
  } else {
    await sql`drop index if exists docs_view_tree`.execute(db);
    for (const trigger of ['docs_fts_insert', 'docs_fts_delete', 'docs_fts_update']) {
      await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    }
    await sql`drop table if exists docs_fts`.execute(db);
  }
}
