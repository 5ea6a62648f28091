import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';

/*
 * SQLite's full-text tables, paused for a big transaction and brought up to date after it (migration
 * `2026-11-28T2120-search-reindex`): while `search_index_pause` holds a row, the triggers on `docs` list the
 * docs they would index in `search_reindex` instead. PostgreSQL and MySQL index generated columns: nothing to do.
 */

type Executor = Kysely<Database>;

/** In the caller's transaction: its writes of docs leave the full-text tables to `reindexSome`. */
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
 * Brings the entries of up to `limit` listed docs up to date in one transaction, and answers how many. Setting
 * the indexed columns to themselves fires the triggers that rewrite both tables' rows of a doc.
 */
export async function reindexSome(db: Executor, limit: number): Promise<number> {
  if (dialectOf(db) !== 'sqlite') return 0;
  return db.transaction().execute(async (trx) => {
    const listed = await sql<{ docRowid: number }>`select doc_rowid from search_reindex
      order by doc_rowid limit ${limit}`.execute(trx);
    const rowids = listed.rows.map((row) => row.docRowid);
    if (rowids.length === 0) return 0;
    const list = sql.join(rowids);
    await sql`update docs set search_text = search_text, search_words = search_words
      where rowid in (${list})`.execute(trx);
    await sql`delete from search_reindex where doc_rowid in (${list})`.execute(trx);
    return rowids.length;
  });
}

/** How many docs wait for their index entries (tests, the bench). */
export async function reindexWaiting(db: Executor): Promise<number> {
  if (dialectOf(db) !== 'sqlite') return 0;
  const row = await sql<{ n: number }>`select count(*) as n from search_reindex`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}
