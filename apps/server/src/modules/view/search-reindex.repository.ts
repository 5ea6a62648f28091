import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';

/*
 * SQLite's full-text tables, paused for a big transaction and brought up to date after it (migration
 * `2026-11-28T2120-search-reindex`): while `search_index_pause` holds a row, the triggers on `docs` list the
 * docs they would index in `search_reindex` instead. PostgreSQL and MySQL index generated columns: nothing to do.
 */

type Executor = Kysely<Database>;

/** A doc's search columns (docs/doc-document.ts `searchColumnsOf`). */
export interface SearchColumns {
  id: string;
  searchText: string;
  searchWords: string;
}

/** In the caller's transaction: its writes of docs leave the full-text tables to the catch-up. */
export async function pauseSearchIndex(trx: Executor): Promise<void> {
  if (dialectOf(trx) !== 'sqlite') return;
  await sql`insert or ignore into search_index_pause (id) values (1)`.execute(trx);
}

/** Ends the pause in the same transaction, before it commits (no other connection ever sees it). */
export async function resumeSearchIndex(trx: Executor): Promise<void> {
  if (dialectOf(trx) !== 'sqlite') return;
  await sql`delete from search_index_pause`.execute(trx);
}

/**
 * The next listed docs with their documents: each doc's revision at its own number (migration
 * 2026-11-29T0030); `content` null when the doc is gone.
 */
export async function listedDocs(
  db: Executor,
  limit: number,
): Promise<Array<{ docRowid: number; id: string | null; content: string | null }>> {
  if (dialectOf(db) !== 'sqlite') return [];
  const rows = await sql<{ docRowid: number; id: string | null; content: string | null }>`
    select s.doc_rowid as "docRowid", d.id as id, r.snapshot as content from search_reindex s
    left join docs d on d.rowid = s.doc_rowid
    left join doc_revisions r on r.doc_id = d.id and r.revision = d.revision
    order by s.doc_rowid limit ${limit}`.execute(db);
  return rows.rows;
}

/**
 * Writes docs' search columns, which fires the triggers that rewrite both full-text tables' rows of each, and
 * takes the docs off the list.
 */
export async function setSearchColumns(db: Executor, rows: ReadonlyArray<SearchColumns>): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(rows.map((row) => sql`(${row.id}, ${row.searchText}, ${row.searchWords})`));
  await sql`with v(v_id, v_text, v_words) as (values ${values})
    update docs set search_text = v.v_text, search_words = v.v_words from v where docs.id = v.v_id`.execute(
    db,
  );
  await sql`delete from search_reindex where doc_rowid in
    (select rowid from docs where id in (${sql.join(rows.map((row) => row.id))}))`.execute(db);
}

/** Takes docs off the list by their row ids (gone docs: their entries went with them). */
export async function unlist(db: Executor, rowids: ReadonlyArray<number>): Promise<void> {
  if (rowids.length === 0) return;
  await sql`delete from search_reindex where doc_rowid in (${sql.join(rowids)})`.execute(db);
}

/** How many docs wait for their index entries (tests, the bench). */
export async function reindexWaiting(db: Executor): Promise<number> {
  if (dialectOf(db) !== 'sqlite') return 0;
  const row = await sql<{ n: number }>`select count(*) as n from search_reindex`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}
