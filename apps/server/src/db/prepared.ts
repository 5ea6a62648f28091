import type { Compilable, CompiledQuery, Kysely, Transaction } from 'kysely';
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
): (db: Executor, ...args: Args) => Promise<Row[]> {
  // Keyed by the dialect adapter: the SQL text depends on the dialect, not on which connection or transaction runs it.
  const cache = new WeakMap<object, PreparedEntry>();
  return async (db, ...args) => {
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
    const result = await db.executeQuery<Row>({ ...compiled, parameters });
    return result.rows;
  };
}
