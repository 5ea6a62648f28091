import { Worker } from 'node:worker_threads';
import type { ErrorCode } from '@quire/shared';
import { type Db, databaseTargetOf } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { threadEntry } from '../../lib/thread-entry.ts';
import type { SyncOutcome } from './module-sync.ts';
import type { SyncAnswer, SyncRequest, ThreadError } from './sync.worker.ts';
import type { SyncInput } from './sync-input.ts';

/*
 * Pushes on PostgreSQL and MySQL run their transaction on a worker thread with its own connections.
 *
 * Why: a sync holds its application's row lock (`lockModuleRow`) from its first statement to its COMMIT, and
 * pushes into one application take turns on that lock across every instance. On the request thread each of the
 * transaction's dozen statements waited, after the database answered, for its turn on an event loop busy with
 * a hundred other requests: at saturation (`npm run bench -- load`, two instances) a statement took about 11 ms
 * there, the lock was held about 130 ms per push, the pushes into one application queued behind it, and their
 * p99 reached 6 s. Here the statements are answered as soon as the database answers.
 *
 * SQLite keeps its syncs on the request's thread: better-sqlite3 answers a statement without going through the
 * event loop, and a second writing connection would make the two wait for each other's write lock.
 * Work with callbacks or streamed entries (imports, db/sqlite-writer.ts and staged-sync.ts) stays where it is:
 * functions do not cross threads.
 */

class SyncThread {
  private worker: Worker | null = null;
  private nextId = 1;
  /** Syncs the thread answered (tests read it through `syncThreadRuns`). */
  answered = 0;
  private readonly pending = new Map<
    number,
    { resolve: (a: SyncAnswer) => void; reject: (e: Error) => void }
  >();

  constructor(private readonly target: object) {}

  run(input: SyncInput): Promise<SyncAnswer> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Referenced while a sync is in flight: a command-line run must not exit before its answer.
      if (this.pending.size === 1) worker.ref();
      const request: SyncRequest = { id, input };
      worker.postMessage(request);
    });
  }

  /** Starts the thread (unreferenced: it never keeps the process alive while idle). */
  start(): Worker {
    if (this.worker) return this.worker;
    const [entry, options] = threadEntry(import.meta.url, 'sync');
    const worker = new Worker(entry, { ...options, workerData: { target: this.target } });
    worker.unref();
    worker.on('message', (answer: SyncAnswer) => {
      this.answered++;
      const waiting = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      if (this.pending.size === 0) worker.unref();
      waiting?.resolve(answer);
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the sync thread exited (${code})`)));
    this.worker = worker;
    return worker;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker || this.pending.size > 0) return;
    this.worker = null;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage('close');
    await exited;
  }
}

const threads = new WeakMap<Db, SyncThread>();

/**
 * The sync thread of a PostgreSQL or MySQL handle opened by `createDatabase`, for input that can cross threads;
 * undefined where the sync runs on the caller's thread (SQLite, a transaction, callbacks or streamed entries).
 */
function threadFor(db: Db, input: SyncInput): SyncThread | undefined {
  const { entries, streamed, onEnumIds, onProgress, signal, beforeCommit } = input;
  if (entries || streamed || onEnumIds || onProgress || signal || beforeCommit) return undefined;
  return threadOf(db);
}

/** The sync thread of a PostgreSQL or MySQL handle opened by `createDatabase` (made at the first call). */
function threadOf(db: Db): SyncThread | undefined {
  if (db.isTransaction) return undefined;
  const target = databaseTargetOf(db);
  if (!target || target.kind === 'sqlite') return undefined;
  let thread = threads.get(db);
  if (thread) return thread;
  thread = new SyncThread(target);
  threads.set(db, thread);
  const opened = thread;
  const destroy = db.destroy.bind(db);
  db.destroy = async () => {
    threads.delete(db);
    await opened.close();
    await destroy();
  };
  return thread;
}

/**
 * Starts the sync thread of a server's handle ahead of its first push (main.ts), so that no push waits for a
 * thread to load; nothing on SQLite.
 */
export function startSyncThread(db: Db): void {
  threadOf(db)?.start();
}

/** How many syncs a handle's sync thread has answered (undefined: the handle has none). */
export function syncThreadRuns(db: Db): number | undefined {
  return threads.get(db)?.answered;
}

/** An error from the thread as the caller would have met it on its own thread. */
function rethrown(error: ThreadError): Error {
  if (error.app)
    return new AppError(error.app.code as ErrorCode, {
      status: error.app.status,
      args: error.app.args,
      data: error.app.data,
    });
  const rebuilt = new Error(error.message) as Error & { code?: string };
  rebuilt.name = error.name;
  if (error.code) rebuilt.code = error.code;
  return rebuilt;
}

/**
 * Runs `transaction` here, or the same sync transaction on the handle's sync thread when the handle and the
 * input allow it (see above).
 */
export async function runSyncTransaction(
  db: Db,
  input: SyncInput,
  transaction: () => Promise<SyncOutcome>,
): Promise<SyncOutcome> {
  const thread = threadFor(db, input);
  if (!thread) return transaction();
  const answer = await thread.run(input);
  if ('error' in answer) throw rethrown(answer.error);
  return answer.outcome;
}
