import type { Db } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import { writerOf } from '../../db/sqlite-writer.ts';
import { readDocument, searchColumnsOf } from '../docs/doc-document.ts';
import { listedDocs, type SearchColumns, setSearchColumns, unlist } from './search-reindex.repository.ts';

// What other modules may use (a re-import's switch pauses the index in its transaction: doc-sync/deferred-sync.ts).
export {
  pauseSearchIndex,
  reindexWaiting,
  resumeSearchIndex,
  type SearchColumns,
} from './search-reindex.repository.ts';

/*
 * After a paused transaction (search-reindex.repository.ts), short transactions on SQLite's writer connection
 * bring the docs' search columns and full-text entries up to date, a turn of the event loop between them, so
 * another user's save waits at most one.
 */

/**
 * Docs per transaction when their search columns are known: about 0.4-2 ms a doc for the row and both
 * full-text tables (Graph's run to 10 KB of words), so another user's save waits some 80 ms at most.
 */
const SLICE = 40;
/** Docs per transaction when their columns are rebuilt from their documents (parsed on this thread). */
const REBUILT_SLICE = 25;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** One catch-up at a time per database handle: a second caller's runs after the running one. */
const running = new WeakMap<Db, Promise<void>>();

/**
 * Writes the search columns a re-import's switch left empty (doc-sync/deferred-writes.ts), a slice at a time,
 * taking their docs off the list.
 */
export async function writeSearchColumns(db: Db, rows: ReadonlyArray<SearchColumns>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  const writer = writerOf(db);
  // A doc written twice by one sync: its last columns.
  const last = [...new Map(rows.map((row) => [row.id, row])).values()];
  for (let at = 0; at < last.length; at += SLICE) {
    const slice = last.slice(at, at + SLICE);
    await writer.transaction().execute((trx) => setSearchColumns(trx, slice));
    await nextTurn();
  }
}

/** One slice of the list: each doc's search columns rebuilt from its document. Answers how many were listed. */
async function rebuildSome(writer: Db): Promise<number> {
  return writer.transaction().execute(async (trx) => {
    const listed = await listedDocs(trx, REBUILT_SLICE);
    const columns: SearchColumns[] = [];
    const gone: number[] = [];
    for (const row of listed) {
      if (row.id === null || row.content === null) gone.push(row.docRowid);
      else columns.push({ id: row.id, ...searchColumnsOf(readDocument(row.content)) });
    }
    await setSearchColumns(trx, columns);
    await unlist(trx, gone);
    return listed.length;
  });
}

/**
 * Brings every listed doc up to date: its search columns rebuilt from its document (a switch leaves them empty
 * until `writeSearchColumns`, so a crash in between leaves them so), which rewrites its full-text entries.
 * Run after a re-import's switch (doc-sync/deferred-sync.ts), for what `writeSearchColumns` did not cover (a
 * removal, a move), and at each start, for what a crash left.
 */
export function catchUpSearchIndex(db: Db): Promise<void> {
  const before = running.get(db) ?? Promise.resolve();
  const run = before.then(async () => {
    if (dialectOf(db) !== 'sqlite') return;
    const writer = writerOf(db);
    while ((await rebuildSome(writer)) > 0) await nextTurn();
  });
  const settled = run.catch(() => undefined);
  running.set(db, settled);
  void settled.then(() => {
    if (running.get(db) === settled) running.delete(db);
  });
  return run;
}
