import fs from 'node:fs';
import type { LogEvent } from 'kysely';

/**
 * A measuring aid for the load bench (`LOAD_QUERY_STATS`, bench/load.bench.ts): with QUIRE_QUERY_STATS=<file>
 * every query's time is added up per SQL text and written to the file as JSON when the process exits, most
 * expensive first. A CPU profile cannot say which query a driver call ran (its caller is a resumed async
 * function); this can. Off unless the variable is set: the hook is not even installed.
 */
export function queryStatsLogger(): ((event: LogEvent) => void) | undefined {
  const file = process.env.QUIRE_QUERY_STATS;
  if (!file) return undefined;
  const stats = new Map<string, { count: number; ms: number; errors: number }>();
  process.on('exit', () => {
    const rows = [...stats].map(([sql, s]) => ({ sql, ...s })).sort((a, b) => b.ms - a.ms);
    fs.writeFileSync(`${file}.${process.pid}.json`, JSON.stringify(rows, null, 1));
  });
  return (event) => {
    const sql = event.query.sql;
    const entry = stats.get(sql) ?? { count: 0, ms: 0, errors: 0 };
    entry.count += 1;
    entry.ms += event.queryDurationMillis;
    if (event.level === 'error') entry.errors += 1;
    stats.set(sql, entry);
  };
}
