import type { Db } from '../../db/database.ts';
import { writerOf } from '../../db/sqlite-writer.ts';
import { reindexSome } from './search-reindex.repository.ts';

// What other modules may use (a re-import's switch pauses the index in its transaction: doc-sync/deferred-sync.ts).
export { pauseSearchIndex, reindexWaiting, resumeSearchIndex } from './search-reindex.repository.ts';

/**
 * Docs per transaction when the full-text entries a paused transaction left are brought up to date: about
 * 0.4 ms a doc (both tables), so another user's save waits at most some 40 ms for one.
 */
const SLICE = 100;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** One catch-up at a time per database handle: a second caller's runs after the running one. */
const running = new WeakMap<Db, Promise<void>>();

/**
 * Brings every listed doc's full-text entries up to date (search-reindex.repository.ts), in short
 * transactions on SQLite's writer connection with a turn of the event loop between them. Run after a
 * re-import's switch (doc-sync/deferred-sync.ts) and at each start, for what a crash left.
 */
export function catchUpSearchIndex(db: Db): Promise<void> {
  const before = running.get(db) ?? Promise.resolve();
  const run = before.then(async () => {
    const writer = writerOf(db);
    while ((await reindexSome(writer, SLICE)) > 0) await nextTurn();
  });
  const settled = run.catch(() => undefined);
  running.set(db, settled);
  void settled.then(() => {
    if (running.get(db) === settled) running.delete(db);
  });
  return run;
}
