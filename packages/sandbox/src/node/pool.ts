// A pool of worker threads running the sandbox, so scripts never run on the server's event loop and a runaway
// one costs at most one worker for its time limit. QuickJS stops scripts itself (deadline and heap limit); the
// pool adds a watchdog that terminates and replaces a worker that does not answer in time, as a second line.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { clampLimits } from '../sandbox.ts';
import type { RunRequest, RunResult } from '../types.ts';
import type { TaskMessage, WorkerMessage } from './protocol.ts';

export interface SandboxPoolOptions {
  /** Worker threads; default: the number of CPUs, at least 1, at most 4. */
  size?: number;
  /** Tasks waiting for a worker beyond which `run` answers "busy" at once instead of queueing. */
  maxQueue?: number;
  /** The worker script; default: the bundled `sandbox-worker.js` beside the server, else ./worker.ts. */
  workerFile?: URL | string;
}

interface Task {
  id: number;
  request: RunRequest;
  resolve: (result: RunResult) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  task?: Task;
  watchdog?: ReturnType<typeof setTimeout>;
}

/** Time a worker gets beyond the script's own limit (setup, messaging) before it is replaced. */
const WATCHDOG_GRACE_MS = 2_000;
/**
 * The same for scripts naming Mock.js: Mock.js is in the worker's snapshot, but a worker rebuilding its engine
 * (after a script grew its memory) loads it again first, 40-90 ms idle and seconds on a loaded machine.
 */
const WATCHDOG_MOCK_GRACE_MS = 10_000;

function usesMock(request: RunRequest): boolean {
  return request.mock === true || (request.mock === 'auto' && /\b(?:Mock|Random)\b/.test(request.code));
}

function defaultWorkerFile(): URL {
  // In the production bundle the worker is built next to main.js; from source it is this folder's worker.ts.
  const bundled = new URL('./sandbox-worker.js', import.meta.url);
  return existsSync(bundled) ? bundled : new URL('./worker.ts', import.meta.url);
}

/**
 * Running from source (tests, `npm run dev`), the worker is TypeScript: a small CommonJS bootstrap registers tsx's
 * loader in the new thread before importing it (a `--import` flag is not applied to a worker's own entry on Node
 * 20). The production bundle starts its plain JS worker directly.
 */
function workerEntry(file: URL | string): { entry: URL | string; eval: boolean } {
  const url = typeof file === 'string' ? pathToFileURL(file) : file;
  if (!url.pathname.endsWith('.ts')) return { entry: url, eval: false };
  // tsx's ES module API (its CommonJS twin resolves its own files wrongly from an eval'd worker).
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  );
  const boot = `import(${JSON.stringify(tsx.href)}).then((api) => { api.register(); return import(${JSON.stringify(url.href)}); });`;
  return { entry: boot, eval: true };
}

export class SandboxPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private readonly maxQueue: number;
  private readonly workerFile: URL | string;
  private nextId = 1;
  private closed = false;

  constructor(options: SandboxPoolOptions = {}) {
    const size = Math.max(1, options.size ?? Math.min(4, os.availableParallelism()));
    this.maxQueue = options.maxQueue ?? 1_000;
    this.workerFile = options.workerFile ?? defaultWorkerFile();
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  /** Runs a script in a worker; never rejects (failures, including "busy", come back as `ok: false`). */
  run(request: RunRequest): Promise<RunResult> {
    if (this.closed) return Promise.resolve(busy('The sandbox pool is closed'));
    if (this.queue.length >= this.maxQueue)
      return Promise.resolve(busy('The sandbox is busy, try again later'));
    return new Promise((resolve) => {
      this.queue.push({ id: this.nextId++, request, resolve });
      this.dispatch();
    });
  }

  /** Resolves once every worker has loaded QuickJS (tests and benchmarks wait for it). */
  async ready(): Promise<void> {
    while (!this.closed && this.slots.some((slot) => !slot.ready)) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.resolve(busy('The sandbox pool is closed'));
    await Promise.all(this.slots.map((slot) => this.retire(slot)));
  }

  private spawn(): Slot {
    const { entry, eval: isEval } = workerEntry(this.workerFile);
    const worker = new Worker(entry, {
      eval: isEval,
      // The script's heap lives in QuickJS's WebAssembly memory; this caps the worker's own JS heap.
      resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 },
    });
    worker.unref();
    const slot: Slot = { worker, ready: false };
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'ready') {
        slot.ready = true;
        this.dispatch();
        return;
      }
      const task = slot.task;
      if (!task || task.id !== message.id) return;
      this.finish(slot, message.result);
    });
    const replace = (): void => {
      const index = this.slots.indexOf(slot);
      const task = slot.task;
      slot.task = undefined;
      if (slot.watchdog) clearTimeout(slot.watchdog);
      if (task)
        task.resolve({
          ok: false,
          error: { kind: 'error', message: 'The sandbox worker stopped' },
          logs: [],
        });
      if (index >= 0 && !this.closed) this.slots[index] = this.spawn();
    };
    worker.on('error', replace);
    worker.on('exit', () => {
      if (this.slots.includes(slot)) replace();
    });
    return slot;
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (!slot.ready || slot.task) continue;
      const task = this.queue.shift() as Task;
      slot.task = task;
      const limits = clampLimits(task.request.limits);
      const grace = usesMock(task.request) ? WATCHDOG_MOCK_GRACE_MS : WATCHDOG_GRACE_MS;
      slot.watchdog = setTimeout(() => this.kill(slot, limits.timeMs), limits.timeMs + grace);
      slot.worker.postMessage({ id: task.id, request: task.request } satisfies TaskMessage);
    }
  }

  private finish(slot: Slot, result: RunResult): void {
    const task = slot.task;
    slot.task = undefined;
    if (slot.watchdog) clearTimeout(slot.watchdog);
    task?.resolve(result);
    this.dispatch();
  }

  /** The watchdog: QuickJS did not stop the script, so the whole worker goes and a fresh one takes its place. */
  private kill(slot: Slot, timeMs: number): void {
    const task = slot.task;
    slot.task = undefined;
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots[index] = this.spawn();
    void slot.worker.terminate();
    task?.resolve({
      ok: false,
      error: { kind: 'timeout', message: `The script ran longer than ${timeMs} ms and was stopped` },
      logs: [],
    });
  }

  private async retire(slot: Slot): Promise<void> {
    if (slot.watchdog) clearTimeout(slot.watchdog);
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    await slot.worker.terminate();
  }
}

function busy(message: string): RunResult {
  return { ok: false, error: { kind: 'busy', message }, logs: [] };
}
