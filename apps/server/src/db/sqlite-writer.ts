import { Worker } from 'node:worker_threads';
import {
  CamelCasePlugin,
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { threadEntry } from '../lib/thread-entry.ts';
import type { Db } from './database.ts';
import { hotReaderOf } from './hot-reader.ts';
import type { Database } from './schema.ts';
import { checkpointerOf } from './sqlite-checkpointer.ts';
import { lockWaiters, Mutex } from './sqlite-driver.ts';
import type { WriterAnswer, WriterRequest } from './sqlite-writer.worker.ts';

/*
 * Long writing work on SQLite (a big import's slices, doc-sync/staged-writer.ts) runs its statements on a
 * second connection that lives on a worker thread.
 *
 * Why: better-sqlite3 runs every statement, COMMIT included, on the calling thread, and Kysely's SQLite driver
 * has one connection behind a mutex. An import writing on the main connection held both: for each slice the
 * thread that answers requests ran the import's INSERTs and its COMMIT (a WAL checkpoint at times: 30-100 ms),
 * and every other request's query queued behind the slice's transaction. On the writer's thread the statements
 * run beside the main thread; other requests' reads go on the main connection at once (WAL readers never wait
 * for the writer). Writes still take turns, as SQLite has one writer: a save waits at most one slice for the
 * lock (busy_timeout), so slices stay short.
 *
 * Because two connections of this process now write, the main connection begins its transactions IMMEDIATE
 * (db/database.ts): a deferred transaction that read first and then tried to write after the writer committed
 * would fail at once with SQLITE_BUSY (its snapshot is stale) instead of waiting.
 *
 * An in-memory database cannot be opened twice: there, and on PostgreSQL and MySQL (whose drivers never hold
 * the main thread), `writerOf` answers the handle itself.
 */

/** The file of each SQLite file handle, set by db/database.ts. */
const files = new WeakMap<Db, string>();
const writers = new WeakMap<Db, Db>();

export function registerSqliteFile(db: Db, file: string): void {
  files.set(db, file);
}

/** The handle long writing work should use: a writer connection off the main thread on SQLite files. */
export function writerOf(db: Db): Db {
  if (db.isTransaction) return db;
  const file = files.get(db);
  if (!file) return db;
  let writer = writers.get(db);
  if (writer) return writer;
  writer = new Kysely<Database>({
    dialect: new WorkerSqliteDialect(file, () => {
      hotReaderOf(db as never)?.release();
      // The checkpoints its commits call for run on the checkpointer's thread (db/sqlite-checkpointer.ts).
      checkpointerOf(db as never)?.wrote();
    }),
    plugins: [new CamelCasePlugin()],
  });
  writers.set(db, writer);
  const destroy = db.destroy.bind(db);
  const opened = writer;
  db.destroy = async () => {
    writers.delete(db);
    await opened.destroy();
    await destroy();
  };
  return writer;
}

/**
 * How long the writer's thread may stay idle before it is closed (it is started again on the next use): a
 * server that imports once a day should not keep a thread and a connection for it.
 */
const IDLE_MS = 30_000;

/** How long at most a writer transaction waits for the main connection's lock waiters to go first. */
const YIELD_TO_WAITERS_MS = 200;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The writer thread: one statement in flight at a time per request id; restarted after an exit or idle close. */
class WriterThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (a: WriterAnswer) => void; reject: (e: Error) => void }
  >();
  private idle: NodeJS.Timeout | null = null;
  private busy = 0;

  constructor(private readonly file: string) {}

  /** Held while a connection is acquired: the thread is never closed under an open transaction. */
  hold(): void {
    this.busy++;
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
  }

  letGo(): void {
    this.busy--;
    if (this.busy === 0 && this.worker) {
      this.idle = setTimeout(() => this.close(), IDLE_MS);
      this.idle.unref();
    }
  }

  run(sql: string, parameters: readonly unknown[]): Promise<WriterAnswer> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Referenced while a statement is in flight: a command-line run must not exit before its answer.
      if (this.pending.size === 1) worker.ref();
      const request: WriterRequest = { id, sql, parameters };
      worker.postMessage(request);
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const [entry, options] = threadEntry(import.meta.url, 'sqlite-writer');
    const worker = new Worker(entry, { ...options, workerData: { file: this.file } });
    worker.unref();
    worker.on('message', (answer: WriterAnswer) => {
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
    worker.on('exit', (code) => fail(new Error(`the SQLite writer thread exited (${code})`)));
    this.worker = worker;
    return worker;
  }

  async close(): Promise<void> {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const worker = this.worker;
    if (!worker || this.busy > 0) return;
    this.worker = null;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage('close');
    await exited;
  }
}

class WorkerSqliteConnection implements DatabaseConnection {
  constructor(
    private readonly thread: WriterThread,
    private readonly afterWrite: () => void,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const answer = await this.thread.run(compiled.sql, compiled.parameters);
    if ('error' in answer) {
      // Shaped as better-sqlite3's SqliteError, so callers read its code (dialect.ts isUniqueViolation).
      const error = new Error(answer.error.message) as Error & { code?: string };
      error.name = answer.error.name;
      if (answer.error.code) error.code = answer.error.code;
      throw error;
    }
    if ('rows' in answer) return { rows: answer.rows as R[] };
    // What this connection wrote shows in the main thread's next read (db/hot-reader.ts).
    this.afterWrite();
    return {
      numAffectedRows: BigInt(answer.changes),
      insertId: BigInt(answer.lastInsertRowid),
      rows: [],
    };
  }

  // biome-ignore lint/correctness/useYield: streaming is not offered by this connection.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('the SQLite writer connection does not stream');
  }
}

/** One connection behind a mutex, as Kysely's SQLite driver, with IMMEDIATE transactions. */
class WorkerSqliteDriver implements Driver {
  private readonly thread: WriterThread;
  private readonly connection: WorkerSqliteConnection;
  private readonly mutex = new Mutex();

  constructor(file: string, afterWrite: () => void) {
    this.thread = new WriterThread(file);
    this.connection = new WorkerSqliteConnection(this.thread, afterWrite);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.mutex.lock();
    this.thread.hold();
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    // Requests of the main connection waiting for the lock go first: the writer's next transaction (a big
    // import's next slice) would otherwise take the lock again before their timer fires, and a save could wait
    // many slices. Bounded, so a statement that waits for something else never holds the import for long.
    for (let waited = 0; lockWaiters() > 0 && waited < YIELD_TO_WAITERS_MS; waited += 1) await sleep(1);
    // IMMEDIATE: the write lock is taken (or waited for) at once; see the comment at the top.
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    this.thread.letGo();
    this.mutex.unlock();
  }

  async destroy(): Promise<void> {
    await this.thread.close();
  }
}

class WorkerSqliteDialect implements Dialect {
  constructor(
    private readonly file: string,
    private readonly afterWrite: () => void,
  ) {}

  createAdapter() {
    return new SqliteAdapter();
  }

  createDriver(): Driver {
    return new WorkerSqliteDriver(this.file, this.afterWrite);
  }

  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
}
