import type { Compilable, CompiledQuery, Kysely, Transaction } from 'kysely';
import { hotReaderOf } from './hot-reader.ts';
import type { Database } from './schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

interface PreparedEntry {
  compiled: CompiledQuery;
  /** For each compiled parameter, the index of the call argument that fills it, or -1 to keep the built value. */
  slots: number[];
}

/**
 * A query built and compiled once per dialect, then run with each call's arguments. Building and compiling a
 * Kysely query costs more than running a small indexed query, so the handful of queries every request runs
 * (session lookup, memberships) are prepared this way. The builder receives marker strings in place of the
 * arguments; each marker must reach the SQL as a bound parameter unchanged (a plain `where x = arg`).
 */
export function preparedQuery<Args extends string[], Row>(
  build: (db: Executor, ...args: Args) => Compilable<Row>,
): PreparedQuery<Args, Row> {
  // Keyed by the dialect adapter: the SQL text depends on the dialect, not on which connection or transaction runs it.
  const cache = new WeakMap<object, PreparedEntry>();
  const bind = (db: Executor, args: Args): CompiledQuery => {
    const key = db.getExecutor().adapter;
    let entry = cache.get(key);
    if (!entry) {
      const markers = args.map((_, i) => `\u0000quire-arg-${i}\u0000`) as Args;
      const compiled = build(db, ...markers).compile();
      const slots = compiled.parameters.map((value) =>
        typeof value === 'string' ? markers.indexOf(value) : -1,
      );
      if (markers.some((marker) => !compiled.parameters.includes(marker))) {
        throw new Error(`a prepared query must bind every argument as a parameter: ${compiled.sql}`);
      }
      entry = { compiled, slots };
      cache.set(key, entry);
    }
    const { compiled, slots } = entry;
    const parameters = compiled.parameters.map((value, i) => {
      const slot = slots[i] ?? -1;
      return slot >= 0 ? args[slot] : value;
    });
    return { ...compiled, parameters };
  };
  const now = (db: Executor, ...args: Args): Row[] | undefined => {
    // On a root SQLite file handle the read runs synchronously on the read connection (see hot-reader.ts).
    const reader = db.isTransaction ? undefined : hotReaderOf(db as Kysely<unknown>);
    if (!reader) return undefined;
    const { sql, parameters } = bind(db, args);
    return reader.all<Row>(sql, parameters);
  };
  const run = async (db: Executor, ...args: Args): Promise<Row[]> => {
    const rows = now(db, ...args);
    if (rows) return rows;
    const result = await db.executeQuery<Row>(bind(db, args));
    return result.rows;
  };
  return Object.assign(run, { now });
}

/**
 * A prepared query: call it for the rows; `now` answers them synchronously where the database allows it
 * (SQLite files, outside transactions) and `undefined` elsewhere, so the per-request authentication can skip
 * the promise chain on the common path.
 */
export type PreparedQuery<Args extends string[], Row> = ((db: Executor, ...args: Args) => Promise<Row[]>) & {
  now: (db: Executor, ...args: Args) => Row[] | undefined;
};
