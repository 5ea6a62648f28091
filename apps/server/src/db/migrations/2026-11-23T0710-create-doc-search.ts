import { type Kysely, sql } from 'kysely';

/**
 * The search index over docs, and the follow (subscription) rows of the reader.
 *
 * Search reads `docs.search_text` (name, method, URL, author, description, param and error-code names and
 * descriptions, lower-cased; api-model `searchTextOf`) through an index, never by reading rows in the app:
 * - SQLite: an FTS5 table with the trigram tokenizer over `name`, `url` and `search_text`, external content
 *   (the text lives once, in `docs`), kept in step by triggers, so every writer (editor, import, push,
 *   restore) updates it without knowing about it. Trigrams match any substring of three characters or more,
 *   which is what a search box over URLs and Chinese names needs (a word tokenizer would not split `用户列表`).
 * - PostgreSQL: a GIN trigram index (pg_trgm) on `search_text`, `name` and `url` when the extension can be
 *   created; otherwise a GIN full-text index on `to_tsvector('simple', search_text)`. The search repository
 *   asks which one exists.
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
    await sql`create virtual table docs_fts using fts5(name, url, search_text, content='docs',
      content_rowid='rowid', tokenize='trigram')`.execute(db);
    await sql`create trigger docs_fts_insert after insert on docs begin
      insert into docs_fts(rowid, name, url, search_text) values (new.rowid, new.name, new.url, new.search_text);
      end`.execute(db);
    await sql`create trigger docs_fts_delete after delete on docs begin
      insert into docs_fts(docs_fts, rowid, name, url, search_text)
        values ('delete', old.rowid, old.name, old.url, old.search_text);
      end`.execute(db);
    await sql`create trigger docs_fts_update after update of name, url, search_text on docs begin
      insert into docs_fts(docs_fts, rowid, name, url, search_text)
        values ('delete', old.rowid, old.name, old.url, old.search_text);
      insert into docs_fts(rowid, name, url, search_text) values (new.rowid, new.name, new.url, new.search_text);
      end`.execute(db);
    await sql`insert into docs_fts(docs_fts) values ('rebuild')`.execute(db);
  }

  // A user follows a doc; the messages a change sends to followers come with the message centre.
  await db.schema
    .createTable('doc_subscriptions')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('doc_id', 'text', (c) => c.notNull().references('docs.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('doc_subscriptions_pk', ['user_id', 'doc_id'])
    .execute();
  await db.schema.createIndex('doc_subscriptions_doc').on('doc_subscriptions').column('doc_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('doc_subscriptions').execute();
  if (isPostgres(db)) {
    for (const index of ['docs_search_trgm', 'docs_name_trgm', 'docs_url_trgm', 'docs_search_tsv']) {
      await sql`drop index if exists ${sql.id(index)}`.execute(db);
    }
  } else {
    for (const trigger of ['docs_fts_insert', 'docs_fts_delete', 'docs_fts_update']) {
      await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    }
    await sql`drop table if exists docs_fts`.execute(db);
  }
}
