import { median } from './lib.ts';
import { type Call, fmt, p95, type Report, type TimeGet } from './viewer-api.ts';
import { searchQueries, seedDocs } from './viewer-data.ts';

/** Search over 50,000 docs: round trips of a query mix and of short words, server time per kind of query. */
export interface SearchFigures {
  times: number[];
  shortTimes: number[];
  server: { long: number[]; short: number[]; cjk: number[] };
  slowest: string;
  shortSlowest: string;
}

// Words of one or two characters (below what trigrams index): common ones, and rare ones.
const SHORT_QUERIES = ['订单', '用户', 'id', '支付', '发票', 'ty', '无此', 'qx', 'zz', '地址', 'a', '查询'];

const isCjk = (q: string) => /\p{Script=Han}/u.test(q);
/** Every word of three characters or more / a word of one or two / CJK text. */
const kindOf = (q: string) =>
  isCjk(q) ? 'cjk' : q.split(/\s+/).some((w) => [...w].length < 3) ? 'short' : 'long';

const slowestOf = (entries: Array<readonly [string, number]>) =>
  [...entries]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([q, ms]) => `"${q}" ${fmt(ms)} ms`)
    .join(', ');

/** Seeds 45,000 more docs in nine other applications of the project (50,000 in all), then times searches. */
export async function measureSearch(input: {
  call: Call;
  timeGet: TimeGet;
  token: string;
  file: string;
  userId: string;
  projectId: string;
}): Promise<SearchFigures> {
  const { call, timeGet, token, file, userId, projectId } = input;
  const started = performance.now();
  for (let m = 0; m < 9; m++) {
    const other = await call<{ id: string }>(token, '/api/module/add', { name: `more ${m}`, projectId });
    seedDocs({ file, moduleId: other.id, userId, folders: 100, docsPerFolder: 50, offset: (m + 1) * 5000 });
  }
  console.log(`  seeded 45,000 more docs (50,000 in all) in ${fmt((performance.now() - started) / 1000)} s`);
  const queries = searchQueries(200, 50_000);
  for (const q of queries.slice(0, 20)) await timeGet(token, `/api/doc/search?q=${encodeURIComponent(q)}`, 1);

  const server = { long: [] as number[], short: [] as number[], cjk: [] as number[] };
  const timeSearch = async (q: string) => {
    const timed = await timeGet(token, `/api/doc/search?q=${encodeURIComponent(q)}`, 1);
    server[kindOf(q)].push(...timed.server);
    return timed.times;
  };
  const times: number[] = [];
  for (const q of queries) times.push(...(await timeSearch(q)));
  const shortTimes: number[] = [];
  for (let round = 0; round < 5; round++)
    for (const q of SHORT_QUERIES) shortTimes.push(...(await timeSearch(q)));

  return {
    times,
    shortTimes,
    server,
    slowest: slowestOf(queries.map((q, i) => [q, times[i] ?? 0] as const)),
    shortSlowest: slowestOf(
      SHORT_QUERIES.map(
        (q, i) => [q, Math.max(...shortTimes.filter((_, j) => j % SHORT_QUERIES.length === i))] as const,
      ),
    ),
  };
}

/** Prints the search figures. */
export function reportSearch(report: Report, search: SearchFigures): void {
  report('searchP50Ms', 'search over 50,000 docs (p50)', median(search.times), 'ms', '—');
  report(
    'searchP95Ms',
    'search over 50,000 docs (p95)',
    p95(search.times),
    'ms',
    '< 100 ms',
    `${search.times.length} queries; slowest ${search.slowest}`,
  );
  report(
    'searchShortP95Ms',
    'search, words of 1-2 characters (p95)',
    p95(search.shortTimes),
    'ms',
    '< 100 ms',
    `${search.shortTimes.length} queries; slowest ${search.shortSlowest}`,
  );
  for (const [key, label, times] of [
    ['searchServerLongP95Ms', 'search server time, words 3+ (p95)', search.server.long],
    ['searchServerShortP95Ms', 'search server time, words 1-2 (p95)', search.server.short],
    ['searchServerCjkP95Ms', 'search server time, CJK (p95)', search.server.cjk],
  ] as const) {
    report(key, label, p95(times), 'ms', '< 100 ms', `${times.length} queries, p50 ${fmt(median(times))} ms`);
  }
}
