import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SelectQueryNode,
  SqliteDialect,
} from 'kysely';

/*
 * The main SQLite connection's driver: Kysely's, except that waiting for the write lock never blocks the thread.
 *
 * Why: a second connection of this process writes on its own thread (db/sqlite-writer.ts) in transactions
 * driven from this thread. If this connection waited for the lock inside SQLite (busy_timeout sleeps on the
 * calling thread), that transaction could not reach its COMMIT while this thread slept: both would wait until
 * the timeout. So this connection runs with busy_timeout 0 and, when a statement that takes the lock answers
 * SQLITE_BUSY, waits a few milliseconds with a timer and tries again, up to BUSY_WAIT_MS. Only statements run
 * outside a transaction are retried (an autocommit statement, or the BEGIN IMMEDIATE that opens one): SQLITE_BUSY
 * there means nothing ran. Inside a transaction the lock is already held (transactions begin IMMEDIATE).
 */

/**
 * How long a statement waits for the write lock in all. Longer than the 5 s busy_timeout it replaces: a
 * re-import's transaction on the writer connection (doc-sync.service.ts) can hold the lock for as long as it
 * walks a large application, and a save that waits for it must not fail where it used to queue.
 */
export const BUSY_WAIT_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Statements of this process waiting for the write lock now (the writer lets them go first: sqlite-writer.ts). */
let waitingForLock = 0;

export function lockWaiters(): number {
  return waitingForLock;
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT';
}

/** A FIFO lock handed from one holder to the next (one connection behind it, as Kysely's SQLite driver). */
export class Mutex {
  private held = false;
  private readonly queue: Array<() => void> = [];

  async lock(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return;
    }
    await new Promise<void>((resolve) => this.queue.push(resolve));
  }

  unlock(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.held = false;
  }
}

class MainSqliteConnection implements DatabaseConnection {
  constructor(
    private readonly db: SQLite.Database,
    private readonly mutex: Mutex,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const retryable = !this.db.inTransaction;
    for (let waited = 0, pause = 1; ; ) {
      try {
        return this.run<R>(compiled);
      } catch (error) {
        if (!retryable || !isBusy(error) || waited >= BUSY_WAIT_MS) throw error;
      }
      // Outside a transaction nothing of this caller is on the connection: others' reads use it meanwhile
      // (holding it through the wait made every read of the process queue behind one waiting write).
      this.mutex.unlock();
      waitingForLock++;
      try {
        await sleep(pause);
      } finally {
        waitingForLock--;
      }
      await this.mutex.lock();
      waited += pause;
      // Short pauses: the writer holds the lock for one slice at a time and waits for us before its next one.
      pause = Math.min(pause * 2, 4);
    }
  }

  private run<R>(compiled: CompiledQuery): QueryResult<R> {
    const statement = this.db.prepare(compiled.sql);
    if (statement.reader) return { rows: statement.all(compiled.parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(compiled.parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiled.query))
      throw new Error('Sqlite driver only supports streaming of select queries');
    const statement = this.db.prepare(compiled.sql);
    for (const row of statement.iterate(compiled.parameters)) yield { rows: [row as R] };
  }
}

class MainSqliteDriver implements Driver {
  private connection: MainSqliteConnection | null = null;
  private readonly mutex = new Mutex();

  constructor(private readonly db: SQLite.Database) {}

  async init(): Promise<void> {
    this.db.pragma('busy_timeout = 0');
    this.connection = new MainSqliteConnection(this.db, this.mutex);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // One connection behind a mutex, as Kysely's SQLite driver.
    await this.mutex.lock();
    if (!this.connection) throw new Error('the SQLite driver is not initialised');
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    this.mutex.unlock();
  }

  async destroy(): Promise<void> {
    this.db.close();
  }
}

/** Kysely's SQLite dialect with the driver above (the adapter, compiler and introspector stay Kysely's). */
export class MainSqliteDialect extends SqliteDialect {
  constructor(private readonly sqlite: SQLite.Database) {
    super({ database: sqlite });
  }

  override createDriver(): Driver {
    return new MainSqliteDriver(this.sqlite);
  }
}
