// Import of GitHub's REST API description (@octokit/openapi: 1,223 operations, 13 MB JSON) through the
// production server on SQLite: from the import call to the job's end, fetched from a loopback URL through the
// guarded fetch. Baseline in the same run: parsing and dereferencing the same file with @readme/openapi-parser
// alone. Targets: import < 10 s and <= 8x the baseline, server peak RSS < 1 GB, unchanged re-import < 5 s.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dereference } from '@readme/openapi-parser';
import { buildServer, PIN, serveOnLoopback, startServer, tempDir } from './lib.ts';

const PORT = 7794;
const ADMIN_PASSWORD = 'bench-admin-pass';
const base = `http://127.0.0.1:${PORT}`;
const require = createRequire(import.meta.url);
const file = require.resolve('@octokit/openapi/generated/api.github.com.json');
const text = readFileSync(file, 'utf8');
let token = '';

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: string; msg: string; data: T };
  if (answer.code !== '0') throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

interface JobAnswer {
  status: string;
  error: string | null;
  result: { added: number; updated: number; removed: number; unchanged: number; warnings: string[] } | null;
}

async function waitJob(jobId: string): Promise<JobAnswer> {
  for (;;) {
    const job = await call<JobAnswer>('GET', `/api/job/get?id=${jobId}`);
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Peak resident memory of a process in MB (VmHWM). */
function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function baselineMs(): Promise<number> {
  const started = performance.now();
  await dereference(JSON.parse(text));
  return performance.now() - started;
}

buildServer();
const source = await serveOnLoopback('api.github.com.json', text);
const url = source.url;
const server = await startServer(
  {
    QUIRE_DATA_DIR: tempDir('quire-bench-import-'),
    QUIRE_ADMIN_PASSWORD: ADMIN_PASSWORD,
    QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1',
  },
  PORT,
);
try {
  token = (
    await call<{ token: string }>('POST', '/api/system/login', {
      username: 'admin',
      password: ADMIN_PASSWORD,
    })
  ).token;
  const space = await call<{ id: string }>('POST', '/api/space/add', { name: 'bench' });
  const project = await call<{ id: string }>('POST', '/api/project/add', {
    name: 'bench',
    spaceId: space.id,
  });
  const pid = server.child.pid ?? 0;
  const rssBefore = peakRssMb(pid);

  await baselineMs(); // warm-up of the baseline's code paths
  const baseline = Math.min(await baselineMs(), await baselineMs());

  let started = performance.now();
  const first = await call<{ moduleId: string; jobId: string }>('POST', '/api/module/import/swagger', {
    projectId: project.id,
    url,
  });
  const imported = await waitJob(first.jobId);
  const importMs = performance.now() - started;
  if (imported.status !== 'done') throw new Error(`import failed: ${imported.error}`);

  started = performance.now();
  const again = await call<{ jobId: string }>(
    'GET',
    `/api/module/refresh/swagger?moduleId=${first.moduleId}`,
  );
  const reimported = await waitJob(again.jobId);
  const reimportMs = performance.now() - started;
  const peak = peakRssMb(pid);

  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(
    '\nQuire import benchmark (production build, SQLite, GitHub REST API description from a loopback URL)',
  );
  console.log(
    `  server ${PIN ? 'pinned to its own CPU (taskset)' : 'not pinned'}; baseline in the bench process`,
  );
  console.log(
    `  operations imported:        ${imported.result?.added} added, ${imported.result?.warnings.length} warnings`,
  );
  console.log(`  parse + dereference alone:  ${s(baseline)}  (baseline, @readme/openapi-parser, best of 2)`);
  console.log(
    `  import (call to job end):   ${s(importMs)}  target < 10 s and <= 8x  (${(importMs / baseline).toFixed(1)}x the baseline)`,
  );
  console.log(
    `  re-import, unchanged:       ${s(reimportMs)}  target < 5 s  (${reimported.result?.unchanged} unchanged, ${reimported.result?.updated} updated, ${reimported.result?.added} added)`,
  );
  console.log(
    `  server peak RSS:            ${peak.toFixed(0)} MB  target < 1024 MB  (${rssBefore.toFixed(0)} MB after start)`,
  );
} finally {
  await server.stop();
  source.close();
}
