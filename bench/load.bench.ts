import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { KindResult, LoadPlan } from './load-client.ts';
import { buildServer, ROOT, type RunningServer, startServer, tempDir } from './lib.ts';

/*
 * `npm run bench -- load`: 200 concurrent users of mixed traffic (tree, doc detail, search, perm/get, saves,
 * pushes) for 60 s, each pausing about a second between calls as a person reading docs does, then the same
 * users with no pause for the saturation throughput, against the production bundle, on SQLite (one instance) and on two instances over one
 * PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test, in a schema of its own),
 * the load generator in its own process under `nice`. Per call kind: throughput, p50 and p99 round trips and
 * errors (targets: 0 errors, p99 < 200 ms), beside a baseline measured in the same run: perm/get p99 from
 * one client with no other load. An application of 1,000 docs; LOAD_SECONDS, LOAD_USERS,
 * LOAD_THINK_MS and LOAD_SATURATION_SECONDS change a trial.
 */
const SECONDS = Number(process.env.LOAD_SECONDS) || 60;
const USERS = Number(process.env.LOAD_USERS) || 200;
/** A user's mean pause between calls (see bench/load-client.ts); the saturation phase has none. */
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 1000);
const SATURATION_SECONDS = Number(process.env.LOAD_SATURATION_SECONDS) || 20;
const PORTS = (process.env.LOAD_PORTS ?? '7892,7893').split(',').map(Number);
const PASSWORD = 'bench-admin-pass';
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

type Envelope<T> = { code: string; msg: string; data: T };

async function call<T>(base: string, route: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as Envelope<T>;
  if (json.code !== '0') throw new Error(`${route}: ${json.code} ${json.msg}`);
  return json.data;
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
}

/** 1,000 docs in 20 folders, pushed once through the open API (the same on both dialects). */
function seedPush(): unknown {
  const nouns = [
    'order',
    'user',
    'payment',
    'invoice',
    'product',
    'coupon',
    'refund',
    'address',
    'cart',
    'shipment',
  ];
  return {
    isReplace: 0,
    author: 'bench',
    apis: Array.from({ length: 20 }, (_, f) => ({
      name: `Folder ${f}`,
      isFolder: 1,
      items: Array.from({ length: 50 }, (_, d) => {
        const n = f * 50 + d;
        const noun = nouns[n % nouns.length];
        return {
          name: `Get ${noun} ${n}`,
          url: `/api/${noun}s/${n}`,
          httpMethod: n % 3 ? 'GET' : 'POST',
          description: `Reads ${noun} records, case ${n}`,
          queryParams: [
            { name: 'pageIndex', type: 'int32', description: 'page' },
            { name: `${noun}Id`, type: 'string', description: `${noun} id` },
          ],
          responseParams: [{ name: 'total', type: 'int64', description: 'total rows' }],
        };
      }),
    })),
  };
}

/** Sets up the data through the first server; answers the plan for the load generator. */
async function prepare(bases: string[]): Promise<LoadPlan> {
  const base = bases[0] as string;
  const login = () =>
    call<{ token: string }>(base, '/api/system/login', '', { username: 'admin', password: PASSWORD }).then(
      (r) => r.token,
    );
  const admin = await login();
  const space = await call<{ id: string }>(base, '/api/space/add', admin, { name: 'Load' });
  const project = await call<{ id: string }>(base, '/api/project/add', admin, {
    name: 'Load',
    spaceId: space.id,
  });
  const module = await call<{ id: string }>(base, '/api/module/add', admin, {
    name: 'Shop',
    projectId: project.id,
  });
  const pushModule = await call<{ id: string }>(base, '/api/module/add', admin, {
    name: 'CI',
    projectId: project.id,
  });
  const seedToken = await call<string>(base, `/api/module/token/refresh?moduleId=${module.id}`, admin);
  await call(base, '/api', '', {
    name: 'doc.push',
    version: '1.0',
    access_token: seedToken,
    data: seedPush(),
  });
  const pushToken = await call<string>(base, `/api/module/token/refresh?moduleId=${pushModule.id}`, admin);
  const rows = await call<Array<{ id: string; isFolder: boolean }>>(
    base,
    `/api/doc/list?moduleId=${module.id}`,
    admin,
  );
  const docIds = rows.filter((r) => !r.isFolder).map((r) => r.id);
  const ownDocs: LoadPlan['ownDocs'] = [];
  for (let user = 0; user < USERS; user++) {
    const saved = await call<{ id: string; revision: number }>(base, '/api/doc/save', admin, {
      moduleId: module.id,
      name: `Load doc ${user}`,
      url: `/load/${user}`,
      httpMethod: 'POST',
    });
    ownDocs.push(saved);
  }
  // Sessions of the virtual users: ten logins of the admin, shared round-robin.
  const tokens = [admin];
  for (let i = 0; i < 9; i++) tokens.push(await login());
  return {
    bases,
    tokens,
    seconds: SECONDS,
    users: USERS,
    thinkMs: THINK_MS,
    projectId: project.id,
    moduleId: module.id,
    docIds,
    ownDocs,
    pushToken,
    searchWords: ['order', 'payment 12', 'coupon', 'refunds', '/api/users', 'invoice 7', 'cart'],
  };
}

/** perm/get p99 from one client, nothing else running: the baseline of this run. */
async function baseline(base: string, token: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 300; i++) {
    const started = performance.now();
    await (
      await fetch(`${base}/api/user/perm/get`, { headers: { authorization: `Bearer ${token}` } })
    ).text();
    times.push(performance.now() - started);
  }
  return quantile(times.slice(50), 0.99);
}

/**
 * CPU seconds a process has used (user + system, from /proc): on a machine shared with other work, the
 * server's CPU per call is the figure the machine's load does not distort.
 */
function cpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 1/100 s
  } catch {
    return 0;
  }
}

type Outcome = { results: Record<string, KindResult>; ownDocs: LoadPlan['ownDocs'] };

/** Runs the generator under `nice` and answers its results. */
function generate(plan: LoadPlan): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn('nice', ['-n', '10', TSX, path.join(ROOT, 'bench/load-client.ts')], {
      cwd: ROOT,
      env: { ...process.env, LOAD_PLAN: JSON.stringify(plan) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`load generator exited ${code}`));
      else resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Outcome);
    });
  });
}

/** One phase of load: the generator's run, then its table per call kind. Answers the users' doc revisions. */
async function phase(
  title: string,
  plan: LoadPlan,
  servers: RunningServer[],
  base: number,
  target: boolean,
): Promise<LoadPlan['ownDocs']> {
  console.log(`    ${title}`);
  const cpuBefore = servers.reduce((sum, s) => sum + cpuSeconds(s.child.pid), 0);
  const { results, ownDocs } = await generate(plan);
  const cpu = servers.reduce((sum, s) => sum + cpuSeconds(s.child.pid), 0) - cpuBefore;
  console.log('    kind      calls    per s    p50 ms    p99 ms   errors   p99/baseline');
  let errors = 0;
  let over = 0;
  for (const [kind, r] of Object.entries(results)) {
    const p99 = quantile(r.latencies, 0.99);
    errors += r.errors;
    if (p99 >= 200) over += 1;
    console.log(
      `    ${kind.padEnd(8)} ${String(r.count).padStart(6)} ${(r.count / plan.seconds).toFixed(1).padStart(8)} ${quantile(r.latencies, 0.5).toFixed(1).padStart(9)} ${p99.toFixed(1).padStart(9)} ${String(r.errors).padStart(8)} ${(p99 / base).toFixed(1).padStart(14)}`,
    );
    if (r.firstError) console.log(`      first error: ${r.firstError}`);
  }
  const total = Object.values(results).reduce((sum, r) => sum + r.count, 0);
  console.log(`    all      ${String(total).padStart(6)} ${(total / plan.seconds).toFixed(1).padStart(8)}`);
  const perCall = (cpu * 1000) / Math.max(1, total);
  console.log(
    `    server CPU ${cpu.toFixed(1)} s over the run: ${perCall.toFixed(2)} ms per call (${(1000 / perCall).toFixed(0)} mixed calls/s per core); load average ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}`,
  );
  if (target) console.log(`    target: 0 errors (${errors}), p99 < 200 ms for every kind (${over} over)`);
  else console.log(`    errors: ${errors} (no latency target: every user calls back to back)`);
  return ownDocs;
}

/**
 * Two phases on the same data: the users as people use it (a pause of about THINK_MS between calls; the
 * issue's targets apply), then the same users with no pause, for the throughput per call kind the servers
 * reach when saturated. With no pause, latency is the users' count over the throughput (Little's law), so it
 * measures capacity, not what a person waits.
 */
async function scenario(
  label: string,
  servers: RunningServer[],
  bases: string[],
  settle: () => Promise<void> = async () => {},
): Promise<void> {
  try {
    const plan = await prepare(bases);
    await settle();
    const base = await baseline(bases[0] as string, plan.tokens[0] as string);
    console.log(`\n  ${label}: ${USERS} users; baseline perm/get p99 alone ${base.toFixed(1)} ms`);
    plan.ownDocs = await phase(
      `users pausing ${THINK_MS} ms on average between calls, for ${SECONDS} s`,
      plan,
      servers,
      base,
      true,
    );
    await phase(
      `saturation: the same users with no pause, for ${SATURATION_SECONDS} s`,
      { ...plan, thinkMs: 0, seconds: SATURATION_SECONDS },
      servers,
      base,
      false,
    );
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

/**
 * The builds to measure: this checkout's, and first the one at LOAD_COMPARE_MAIN (a `main.js` of another
 * build, e.g. main's bundle copied aside) so a before/after pair shares one run and one machine load.
 * LOAD_ONLY=sqlite|postgres runs one dialect; LOAD_PORTS=a,b moves the servers; LOAD_CPU_PROF=<dir> starts
 * the servers under `node --cpu-prof` (profiles written on exit); QUIRE_QUERY_STATS=<file> makes each server
 * write the time it spent per SQL text to <file>.<pid>.json on exit (apps/server/src/db/query-stats.ts).
 */
function builds(): Array<{ label: string; main?: string }> {
  const compare = process.env.LOAD_COMPARE_MAIN;
  return [...(compare ? [{ label: `before (${compare})`, main: compare }] : []), { label: 'this build' }];
}

async function main(): Promise<void> {
  buildServer();
  const only = process.env.LOAD_ONLY;
  const env = { QUIRE_ADMIN_PASSWORD: PASSWORD, QUIRE_WEB_DIST: '/nonexistent', LOG_LEVEL: 'error' };
  const prof = process.env.LOAD_CPU_PROF;
  for (const build of builds()) {
    const options = {
      ...(build.main ? { main: build.main } : {}),
      ...(prof ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${prof}`] } : {}),
    };
    if (only !== 'postgres') {
      const dir = tempDir('quire-load-');
      const sqlite = await startServer({ ...env, QUIRE_DATA_DIR: dir }, PORTS[0] as number, options);
      await scenario(`${build.label}: SQLite, one instance`, [sqlite], [`http://127.0.0.1:${PORTS[0]}`]);
    }
    if (only !== 'sqlite') await postgres(build.label, env, options);
  }
}

async function postgres(
  label: string,
  env: Record<string, string>,
  options: Parameters<typeof startServer>[2],
): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: url });
  try {
    await admin.connect();
  } catch (error) {
    console.log(
      `\n  PostgreSQL at ${url} is not reachable (${(error as Error).message}): two-instance run skipped`,
    );
    return;
  }
  const schema = `quire_load_${Date.now().toString(36)}`;
  await admin.query(`CREATE SCHEMA ${schema}`);
  try {
    const withSchema = new URL(url);
    withSchema.searchParams.set('options', `-c search_path=${schema}`);
    const pgEnv = { ...env, DATABASE_URL: withSchema.toString() };
    // The first migrates and creates the admin; the second then starts on the ready database.
    const first = await startServer(pgEnv, PORTS[0] as number, options);
    const second = await startServer(pgEnv, PORTS[1] as number, options);
    await scenario(
      `${label}: PostgreSQL, two instances`,
      [first, second],
      PORTS.map((port) => `http://127.0.0.1:${port}`),
      // The statistics autovacuum gathers within a minute of the seed: without them the planner guesses one row
      // for every docs filter (a search then walks the whole table through the wrong index).
      async () => {
        await admin.query(`ANALYZE ${schema}.docs, ${schema}.modules, ${schema}.projects, ${schema}.spaces`);
      },
    );
  } finally {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

await main();
