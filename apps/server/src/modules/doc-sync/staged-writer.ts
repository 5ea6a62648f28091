import { performance } from 'node:perf_hooks';
import type { Insertable, Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import type { Database, DocRevisionsTable, DocsTable } from '../../db/schema.ts';
import type { RowWriter } from './module-sync.ts';
import { insertStagedDocs, insertStagedRevisions, relaxSliceCommit } from './staged.repository.ts';

type Trx = Transaction<Database>;

/**
 * How long one short transaction of a staged import may run. better-sqlite3 runs each statement on the main
 * thread and SQLite has one writer: a transaction holds both until it commits, so everything else (reads on
 * the main connection, a save, a push) waits at most about this long, plus one statement.
 */
export const SLICE_MS = 25;

/**
 * On PostgreSQL and MySQL a transaction holds neither the main thread (the driver is asynchronous: requests are
 * served while a statement runs) nor anything another user's call needs (the rows are new, in a hidden
 * application), so slices are longer there: each COMMIT waits for a disk flush, which on a busy disk cost more
 * than 25 ms slices of work (PostgreSQL imported 4 docs a second with them).
 */
const SHARED_SLICE_MS = 500;

/**
 * Rows per INSERT: sized after each statement from its time per row so one statement takes about a fifth of
 * a slice. At least a few: each statement and commit has a fixed cost (a round trip, an fsync on MySQL), and
 * on a loaded machine one row alone can take longer than the aim.
 */
const MIN_ROWS = 4;
const MAX_ROWS = 64;
const STATEMENT_MS = SLICE_MS / 5;

export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** The staged application is no longer this job's: the job was cancelled or failed and is being discarded. */
export class StagedImportGone extends Error {
  constructor(moduleId: string) {
    super(`the staged import of application ${moduleId} was discarded`);
  }
}

type Row =
  | { table: 'docs'; row: Insertable<DocsTable> }
  | { table: 'docRevisions'; row: Insertable<DocRevisionsTable> };

/**
 * Time slices with a turn of the event loop between them: `work` runs in one transaction after `guard`,
 * statement after statement, until it says it is done or the slice's time is spent; the transaction commits
 * and the next slice waits for a turn of the event loop, so requests that arrived meanwhile get the thread
 * and (SQLite) the connection first. Sizes are bounded by time, not by count: a Graph doc costs a hundred
 * times a small one.
 */
export async function inSlices(
  db: Db,
  guard: (trx: Trx) => Promise<void>,
  work: (trx: Trx) => Promise<boolean>,
  signal?: AbortSignal,
): Promise<void> {
  const dialect = dialectOf(db);
  const sliceMs = dialect === 'sqlite' ? SLICE_MS : SHARED_SLICE_MS;
  for (let done = false; !done; ) {
    signal?.throwIfAborted();
    done = await db.transaction().execute(async (trx) => {
      await relaxSliceCommit(trx);
      await guard(trx);
      const start = performance.now();
      for (;;) {
        if (await work(trx)) return true;
        if (performance.now() - start >= sliceMs) return false;
      }
    });
    await nextTurn();
  }
}

/**
 * A sync's new rows (docs first, then their revisions: a revision's doc is always committed before it) in
 * time slices. Each slice re-checks with `guard` that the application is still this import's (a cancel marks
 * it discarded; on PostgreSQL the guard's row lock makes the mark wait for a slice in flight), so nothing is
 * written once a discard began.
 */
export function slicedWriter(db: Db, guard: (trx: Trx) => Promise<void>, signal?: AbortSignal): RowWriter {
  let perStatement = MIN_ROWS;
  return async (docs, revisions) => {
    const rows: Row[] = [
      ...docs.map((row) => ({ table: 'docs' as const, row })),
      ...revisions.map((row) => ({ table: 'docRevisions' as const, row })),
    ];
    let at = 0;
    await inSlices(
      db,
      guard,
      async (trx) => {
        if (at >= rows.length) return true;
        const table = rows[at]?.table;
        let end = at;
        while (end < rows.length && end - at < perStatement && rows[end]?.table === table) end++;
        const started = performance.now();
        const batch = rows.slice(at, end);
        if (table === 'docs')
          await insertStagedDocs(
            trx,
            batch.map((r) => r.row as Insertable<DocsTable>),
          );
        else
          await insertStagedRevisions(
            trx,
            batch.map((r) => r.row as Insertable<DocRevisionsTable>),
          );
        const perRow = (performance.now() - started) / batch.length;
        perStatement = Math.max(
          MIN_ROWS,
          Math.min(MAX_ROWS, Math.round(STATEMENT_MS / Math.max(perRow, 0.01))),
        );
        at = end;
        return at >= rows.length;
      },
      signal,
    );
  };
}
