import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A fresh temporary folder. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  // Removed when the benchmark ends: a viewer run leaves a 600 MB database otherwise.
  // BENCH_KEEP=1 keeps it, to look into what a run wrote.
  if (process.env.BENCH_KEEP !== '1') process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Builds the web app and the server bundle (benchmarks measure the production build). */
export function buildAll(): void {
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

/** Builds only the server bundle, for benchmarks that never load the web app. */
export function buildServer(): void {
  const result = spawnSync('npm', ['run', 'build', '-w', '@quire/server'], { cwd: ROOT, stdio: 'ignore' });
  if (result.status !== 0) throw new Error('npm run build -w @quire/server failed');
}

/** A running server process and the milliseconds it took until /api/health answered. */
export interface RunningServer {
  child: ChildProcess;
  readyMs: number;
  stop(): Promise<void>;
}

/**
 * On a machine with at least two CPUs and `taskset`, servers run on CPU 1 and the load generator on CPU 0, so
 * the client never steals the server's core and both the measured route and its baseline get the same share.
 */
export const PIN = os.cpus().length >= 2 && spawnSync('taskset', ['-c', '0', 'true']).status === 0;

/** The command line that runs `args` pinned to one CPU when pinning is available. */
export function pinned(cpu: number, command: string, args: string[]): [string, string[]] {
  return PIN ? ['taskset', ['-c', String(cpu), command, ...args]] : [command, args];
}

/**
 * Starts the bundled server with plain node and waits until it answers: pinned to CPU 1 unless `pin` is false
 * (a benchmark whose client is light and whose server uses more than one thread, as imports do with their
 * worker, measures the server as deployed, on every CPU).
 */
export async function startServer(
  env: Record<string, string>,
  port: number,
  options: { pin?: boolean; main?: string; nodeArgs?: string[] } = {},
): Promise<RunningServer> {
  const started = performance.now();
  // `main`: another build (the load bench measures main's bundle beside this one); `nodeArgs`: e.g. --cpu-prof.
  const main = options.main ?? path.join(ROOT, 'apps/server/dist/main.js');
  const argv = [...(options.nodeArgs ?? []), main];
  const [command, args] =
    options.pin === false ? [process.execPath, argv] : pinned(1, process.execPath, argv);
  // BENCH_SERVER_LOG: a file for the server's output (e.g. with --trace-gc in the bench's node arguments).
  const log = process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, 'a') : 'ignore';
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', log, log],
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const readyMs = performance.now() - started;
  return {
    child,
    readyMs,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Resident memory of a process in MB, from /proc. */
export function rssMb(pid: number): number {
  const status = spawnSync('cat', [`/proc/${pid}/status`], { encoding: 'utf8' }).stdout;
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Median of a list of numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** A file served once over loopback (an import fetches only allowed hosts, so the benches serve it locally). */
export async function serveOnLoopback(
  name: string,
  text: string | (() => string),
  contentType = 'application/json',
): Promise<{ url: string; close(): void }> {
  const source = createServer((_req, res) => {
    res.setHeader('content-type', contentType);
    res.end(typeof text === 'function' ? text() : text);
  });
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  const port = (source.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/${name}`, close: () => source.close() };
}

/** A background job as `GET /api/job/get` answers it, with an import's result. */
export interface JobAnswer {
  status: string;
  error: string | null;
  result: { added: number; updated: number; removed: number; unchanged: number; warnings: string[] } | null;
}

/** JSON calls to a bench server's API as the user whose token is set after login; a non-zero code throws. */
export function apiClient(base: string) {
  const client = {
    token: '',
    async call<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${client.token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer = (await response.json()) as { code: string; msg: string; data: T };
      if (answer.code !== '0') throw new Error(`${url}: ${answer.code} ${answer.msg}`);
      return answer.data;
    },
    /** Polls a job until it is done, failed or cancelled. */
    async waitJob(jobId: string): Promise<JobAnswer> {
      for (;;) {
        const job = await client.call<JobAnswer>('GET', `/api/job/get?id=${jobId}`);
        if (job.status === 'done' || job.status === 'failed' || job.status === 'cancelled') return job;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
  return client;
}
