import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import { threadEntry } from '../lib/thread-entry.ts';
import type { CheckpointAnswer } from './sqlite-checkpointer.worker.ts';

/*
 * WAL checkpoints of an SQLite file run on a thread of their own, not inside the statement that commits.
 *
 * Why: with SQLite's default `wal_autocheckpoint` (1000 pages) the COMMIT that takes the WAL past 1000 pages
 * copies the WAL into the database file before it returns, on the committing connection's thread. A big
 * import's 350 MB COMMIT on the writer (db/sqlite-writer.worker.ts) took 1.1 s, 0.8-0.9 s of it that
 * checkpoint, while the next user's save waited behind it; and the first small commit of the main connection
 * (db/database.ts) after such an import could run a checkpoint as big on the thread that answers requests.
 * So every connection of the server runs with `wal_autocheckpoint = 0`, and this module checkpoints instead.
 *
 * How: every write of the process's connections (the main one's statement cache in db/database.ts, the
 * writer's `afterWrite` in db/sqlite-writer.ts) calls `wrote()`, which arms one timer. When it fires, a
 * stat of the `-wal` file rules out a small WAL on this thread; otherwise the checkpointer's thread
 * (db/sqlite-checkpointer.worker.ts, started on first need) runs `PRAGMA wal_checkpoint(PASSIVE)` if the WAL
 * holds at least CHECKPOINT_PAGES frames not yet copied: SQLite's own default, so the WAL stays as small as
 * it was. PASSIVE never takes the write lock, so writers and readers go on meanwhile. Nothing runs while
 * nothing is written, and a database whose WAL never reaches the threshold (tests) starts no thread.
 * Writes of another process are checkpointed by that process's own checkpointer, or when it closes (SQLite
 * checkpoints when the last connection closes).
 */

/** Frames the WAL may hold before it is checkpointed: SQLite's default `wal_autocheckpoint`. */
export const CHECKPOINT_PAGES = 1000;

/** How long after a write the WAL is looked at: while writes go on, about once a second. */
const CHECK_DELAY_MS = 1000;

/** A WAL frame is a page and a 24-byte header; the file begins with a 32-byte header. */
const WAL_FRAME_HEADER = 24;
const WAL_HEADER = 32;

export class Checkpointer {
  private worker: Worker | null = null;
  private timer: NodeJS.Timeout | null = null;
  private inFlight = false;
  private closed = false;
  /** Checkpoints the thread ran (tests read it). */
  checkpoints = 0;

  constructor(
    private readonly file: string,
    private readonly pageSize: number,
  ) {}

  /** A connection of this process wrote: look at the WAL soon. Cheap: called before every write. */
  wrote(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => this.check(), CHECK_DELAY_MS);
    // Never keeps the process alive: a command-line run exits when its work is done.
    this.timer.unref();
  }

  /** The checkpointer's thread while it runs (tests read it). */
  get thread(): Worker | null {
    return this.worker;
  }

  private check(): void {
    this.timer = null;
    // One request at a time: a checkpoint still running (a big one) is looked at again afterwards.
    if (this.inFlight) {
      this.wrote();
      return;
    }
    // A WAL file this small holds fewer frames than the threshold: nothing to do, and no thread to start.
    let size = 0;
    try {
      size = fs.statSync(`${this.file}-wal`).size;
    } catch {
      return;
    }
    if (size < WAL_HEADER + CHECKPOINT_PAGES * (this.pageSize + WAL_FRAME_HEADER)) return;
    this.inFlight = true;
    this.start().postMessage('checkpoint');
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const [entry, options] = threadEntry(import.meta.url, 'sqlite-checkpointer');
    const worker = new Worker(entry, {
      ...options,
      workerData: { file: this.file, pages: CHECKPOINT_PAGES },
    });
    // Unreferenced for good: an unfinished checkpoint is safe to drop (the WAL stays the truth until copied).
    worker.unref();
    worker.on('message', (answer: CheckpointAnswer) => {
      this.inFlight = false;
      if (answer.ran) this.checkpoints++;
      // A reader's snapshot (or another process's checkpoint) held frames back: try again in a moment.
      if (answer.log - answer.checkpointed >= CHECKPOINT_PAGES) this.wrote();
    });
    worker.on('error', (error) => {
      // Started again at the next write; the WAL only grows meanwhile.
      process.emitWarning(`the SQLite checkpointer thread failed: ${error.message}`);
    });
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = null;
      this.inFlight = false;
    });
    this.worker = worker;
    return worker;
  }

  /** Stops the timer and the thread (after the checkpoint it may be running). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const worker = this.worker;
    if (!worker) return;
    this.worker = null;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage('close');
    await exited;
  }
}

const checkpointers = new WeakMap<object, Checkpointer>();

/** The checkpointer of an SQLite file handle (none on `:memory:`, PostgreSQL or MySQL). */
export function checkpointerOf(db: Kysely<unknown>): Checkpointer | undefined {
  return checkpointers.get(db);
}

/** Ties a checkpointer to an SQLite file handle: `db.destroy()` closes it first. */
export function attachCheckpointer(db: Kysely<unknown>, file: string, pageSize: number): Checkpointer {
  const checkpointer = new Checkpointer(file, pageSize);
  checkpointers.set(db, checkpointer);
  const destroy = db.destroy.bind(db);
  db.destroy = async () => {
    checkpointers.delete(db);
    await checkpointer.close();
    await destroy();
  };
  return checkpointer;
}
