import SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';

/**
 * A second, read-only SQLite connection for the few prepared queries every request runs (session lookup,
 * memberships). Running them through Kysely costs more than the queries themselves: each one goes through an
 * async chain (connection mutex, executor, result plugins), several microtasks per query. On this connection
 * they run synchronously on a cached statement instead.
 *
 * Why a separate connection and not the main one: the main connection may be inside a transaction another
 * request opened (better-sqlite3 has one connection, Kysely serializes on it by a mutex); a read on it would
 * see that transaction's uncommitted rows. In WAL mode a second connection reads the last committed state,
 * like any other reader. Only root handles use it: a query inside a transaction goes through the
 * transaction, so it sees its own writes. In-memory databases (tests) cannot be opened twice and keep the
 * Kysely path.
 */
export interface HotReader {
  /** Runs a read statement with positional parameters; rows keyed in camelCase like Kysely's CamelCasePlugin. */
  all<Row>(sql: string, parameters: ReadonlyArray<unknown>): Row[];
  /**
   * A value derived from reads, kept while the database is unchanged: `load` runs (inside the current
   * snapshot) only when nothing is kept under `key` since the last commit of any connection. An `undefined`
   * result is not kept. Kept values are shared between requests, so they are frozen.
   */
  memo<V extends object>(key: string, load: () => V | undefined): Readonly<V> | undefined;
  /** Ends the current read snapshot: the main connection is about to write (see `attachHotReader`). */
  release(): void;
  close(): void;
}

const readers = new WeakMap<object, HotReader>();

/**
 * How many values `memo` keeps at most; past it, all are dropped. One per live session in use (see
 * sessions.repository.ts): a team instance has far fewer, and a flood of valid tokens only costs a refill.
 */
export const MEMO_LIMIT = 4096;

/** The reader registered for a root database handle, if any. */
export function hotReaderOf(db: Kysely<unknown>): HotReader | undefined {
  return readers.get(db);
}

/**
 * Opens the reader of an SQLite file database and ties it to the handle: `db.destroy()` closes it too.
 *
 * Reads share one read transaction per turn of the event loop: it begins at the first read of a turn and
 * ends when the turn's I/O callbacks are done (`setImmediate`). Beginning a read transaction costs two
 * `fcntl` calls on the WAL index, more than the indexed lookups themselves, and under load one turn serves
 * many requests. What a request sees stays current: a request that arrives after another's answer was sent
 * is read in a later turn, and any write of this process (`release`, called by the main connection before
 * each writing statement) ends the snapshot, so the next read starts a new one. Writes of another process
 * are seen from the next turn on.
 *
 * `memo` keeps values derived from reads across turns while the database is unchanged. Each snapshot reads
 * SQLite's `data_version`, which changes when any connection (this process's main one or another process's)
 * has committed since; a change drops every kept value. The snapshot is begun anyway for the turn's reads,
 * so the check adds no system call, and a value is never older than the snapshot a request reads.
 */
export function attachHotReader(db: Kysely<unknown>, file: string): HotReader {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  // No `wal_autocheckpoint = 0` as on the other connections (db/sqlite-checkpointer.ts): SQLite checkpoints
  // automatically only after a write's COMMIT, and this connection is read-only.
  const begin = sqlite.prepare('BEGIN');
  const commit = sqlite.prepare('COMMIT');
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  const release = (): void => {
    if (sqlite.open && sqlite.inTransaction) commit.run();
  };
  const statements = new Map<string, { statement: SQLite.Statement; keys: string[] }>();
  const memo = new Map<string, object>();
  // The data_version the kept values were read at.
  let memoVersion: unknown;
  const snapshot = (): void => {
    if (sqlite.inTransaction) return;
    begin.run();
    setImmediate(release);
    // The first statement of the transaction: it starts the snapshot and reports that snapshot's version.
    const version = dataVersion.get();
    if (version !== memoVersion) {
      memo.clear();
      memoVersion = version;
    }
  };
  const reader: HotReader = {
    all<Row>(sql: string, parameters: ReadonlyArray<unknown>): Row[] {
      let entry = statements.get(sql);
      if (!entry) {
        const statement = sqlite.prepare(sql).raw(true);
        entry = { statement, keys: statement.columns().map((column) => snakeToCamel(column.name)) };
        statements.set(sql, entry);
      }
      snapshot();
      const { statement, keys } = entry;
      const rows = statement.all(...parameters) as unknown[][];
      return rows.map((values) => {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < keys.length; i++) row[keys[i] as string] = values[i];
        return row as Row;
      });
    },
    memo<V extends object>(key: string, load: () => V | undefined): Readonly<V> | undefined {
      snapshot();
      const kept = memo.get(key) as V | undefined;
      if (kept) return kept;
      const value = load();
      if (value === undefined) return undefined;
      if (memo.size >= MEMO_LIMIT) memo.clear();
      memo.set(key, deepFreeze(value));
      return value;
    },
    release,
    close: () => sqlite.close(),
  };
  readers.set(db, reader);
  const destroy = db.destroy.bind(db);
  db.destroy = async () => {
    readers.delete(db);
    reader.close();
    await destroy();
  };
  return reader;
}

function deepFreeze<V extends object>(value: V): V {
  for (const inner of Object.values(value)) {
    if (inner !== null && typeof inner === 'object' && !Object.isFrozen(inner)) deepFreeze(inner);
  }
  return Object.freeze(value);
}

/** `user_id` -> `userId`, as Kysely's CamelCasePlugin maps result columns by default. */
export function snakeToCamel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}
