import { type Kysely, sql } from 'kysely';

/**
 * SQLite: the trigram table `docs_fts` (migration `create-doc-search`) indexes `search_text` alone, without
 * positions (`detail=none`), and is read with GLOB instead of phrase queries.
 *
 * Why: the trigram index was most of an import's write time. Every character of a doc's search text is a
 * trigram, and with `detail=full` FTS5 stores each one's column and position: GitHub's 1,223 operations (2.7 MB
 * of search text) cost about 1.5 s of inserting, against 0.5 s without positions. Positions are only needed
 * by phrase queries; a GLOB pattern (`*term*`) narrows by the rows holding all of the term's trigrams and then
 * checks the text itself, so its answers are the same substring matches. `name` and `url` were indexed
 * twice: `search_text` starts with both (api-model `searchSourceOf`). The trigrams are kept case-sensitive
 * because the search text and the searched terms are both lower-cased before they get here.
 *
 * The table is built again from `docs` once, when this migration runs. PostgreSQL and MySQL are unchanged.
 */
/** `live` of `docs_fts`: 1 for a shown, undeleted doc (not a folder); `row` is `new.` in a trigger. */
const live = (row = '') =>
  `case when ${row}deleted_at is null and ${row}is_show = 1 and ${row}is_folder = 0 then 1 else 0 end`;

async function rebuild(db: Kysely<unknown>, indexed: string, options: string): Promise<void> {
  for (const trigger of ['docs_fts_insert', 'docs_fts_delete', 'docs_fts_update'])
    await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
  await sql`drop table if exists docs_fts`.execute(db);
  await sql
    .raw(`create virtual table docs_fts using fts5(doc_id unindexed, module_id unindexed,
      live unindexed, http_method unindexed, doc_type unindexed, deprecated unindexed, ${indexed}, ${options})`)
    .execute(db);
  const columns = `rowid, doc_id, module_id, live, http_method, doc_type, deprecated, ${indexed}`;
  const values = `new.rowid, new.id, new.module_id, ${live('new.')}, new.http_method, new.type, new.deprecated,
      ${indexed
        .split(',')
        .map((c) => `new.${c.trim()}`)
        .join(', ')}`;
  await sql
    .raw(`create trigger docs_fts_insert after insert on docs begin
      insert into docs_fts(${columns}) values (${values});
      end`)
    .execute(db);
  await sql`create trigger docs_fts_delete after delete on docs begin
      delete from docs_fts where rowid = old.rowid;
      end`.execute(db);
  await sql
    .raw(`create trigger docs_fts_update after update of module_id, is_folder, name, url, http_method, type,
      is_show, deprecated, search_text, deleted_at on docs begin
      delete from docs_fts where rowid = old.rowid;
      insert into docs_fts(${columns}) values (${values});
      end`)
    .execute(db);
  await sql
    .raw(`insert into docs_fts(${columns}) select rowid, id, module_id, ${live()}, http_method, type,
      deprecated, ${indexed} from docs`)
    .execute(db);
}

function isSqlite(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Sqlite');
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isSqlite(db)) return;
  await rebuild(db, 'search_text', `tokenize='trigram case_sensitive 1', detail=none`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isSqlite(db)) return;
  await rebuild(db, 'name, url, search_text', `tokenize='trigram'`);
}
