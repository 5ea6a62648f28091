import { type Kysely, sql } from 'kysely';

/*
 * SQLite's two full-text tables (`docs_fts`, `docs_words`) are kept by triggers on `docs`. A re-import's switch
 * (modules/doc-sync/deferred-sync.ts) rewrites thousands of docs in one transaction while everyone else's
 * saves wait for SQLite's one writer, and those triggers were most of its time: taking each doc's words out of
 * both indexes and putting them back (on 11,422 docs of 300 words, 4.6 s of a 4.9 s UPDATE).
 *
 * So a transaction that holds a row in `search_index_pause` (the switch inserts one and deletes it before it
 * commits, so no other connection ever sees it) leaves both indexes alone and lists the docs it wrote in
 * `search_reindex`; short transactions afterwards bring those docs' entries up to date
 * (modules/view/search-reindex.repository.ts), and the start of every instance finishes what a crash left.
 * The triggers are those of migrations `2026-11-23T0915-doc-search-words` and `2026-11-25T1500-lean-doc-trigrams`
 * with a WHEN clause; PostgreSQL and MySQL index generated columns and are unchanged.
 */

function isSqlite(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Sqlite');
}

const live = (row: string) =>
  `case when ${row}deleted_at is null and ${row}is_show = 1 and ${row}is_folder = 0 then 1 else 0 end`;
const line1 = (w: string) => `substr(${w}, 1, instr(${w}, char(10)) - 1)`;
const rest = (w: string) => `substr(${w}, instr(${w}, char(10)) + 1)`;

const FTS_COLUMNS = 'rowid, doc_id, module_id, live, http_method, doc_type, deprecated, search_text';
const FTS_VALUES = `new.rowid, new.id, new.module_id, ${live('new.')}, new.http_method, new.type, new.deprecated,
  new.search_text`;
const WORDS_COLUMNS = 'rowid, doc_id, module_id, live, name, name_words, url_words, body_words';
const WORDS_VALUES = `new.rowid, new.id, new.module_id, ${live('new.')}, new.name, ${line1('new.search_words')},
  ${line1(rest('new.search_words'))}, ${rest(rest('new.search_words'))}`;
const FTS_UPDATE_OF =
  'module_id, is_folder, name, url, http_method, type, is_show, deprecated, search_text, deleted_at';
const WORDS_UPDATE_OF = 'module_id, is_folder, name, is_show, search_words, deleted_at';
const ALL_UPDATE_OF =
  'module_id, is_folder, name, url, http_method, type, is_show, deprecated, search_text, search_words, deleted_at';

/** The four triggers that write the indexes, each run only `when` given (or always). */
async function indexTriggers(db: Kysely<unknown>, when: string): Promise<void> {
  const guard = when ? `when ${when}` : '';
  const tables = [
    { table: 'docs_fts', columns: FTS_COLUMNS, values: FTS_VALUES, updateOf: FTS_UPDATE_OF },
    { table: 'docs_words', columns: WORDS_COLUMNS, values: WORDS_VALUES, updateOf: WORDS_UPDATE_OF },
  ];
  for (const { table, columns, values, updateOf } of tables) {
    await sql`drop trigger if exists ${sql.id(`${table}_insert`)}`.execute(db);
    await sql`drop trigger if exists ${sql.id(`${table}_update`)}`.execute(db);
    await sql
      .raw(`create trigger ${table}_insert after insert on docs ${guard} begin
        insert into ${table}(${columns}) values (${values});
        end`)
      .execute(db);
    await sql
      .raw(`create trigger ${table}_update after update of ${updateOf} on docs ${guard} begin
        delete from ${table} where rowid = old.rowid;
        insert into ${table}(${columns}) values (${values});
        end`)
      .execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isSqlite(db)) return;
  await sql`create table search_index_pause (id integer primary key)`.execute(db);
  await sql`create table search_reindex (doc_rowid integer primary key)`.execute(db);
  const paused = 'exists (select 1 from search_index_pause)';
  await indexTriggers(db, `not ${paused}`);
  await sql
    .raw(`create trigger docs_reindex_insert after insert on docs when ${paused} begin
      insert or ignore into search_reindex(doc_rowid) values (new.rowid);
      end`)
    .execute(db);
  await sql
    .raw(`create trigger docs_reindex_update after update of ${ALL_UPDATE_OF} on docs when ${paused} begin
      insert or ignore into search_reindex(doc_rowid) values (new.rowid);
      end`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isSqlite(db)) return;
  await sql`drop trigger if exists docs_reindex_insert`.execute(db);
  await sql`drop trigger if exists docs_reindex_update`.execute(db);
  await indexTriggers(db, '');
  await sql`drop table search_reindex`.execute(db);
  await sql`drop table search_index_pause`.execute(db);
}
