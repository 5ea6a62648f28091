import os from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { Env } from '../../config/env.ts';

/** Why work in a worker did not answer: its heap limit, its time limit, or the job's cancel. */
export class WorkerLimitError extends Error {
  constructor(
    readonly reason: 'memory' | 'time' | 'aborted',
    /** The limit hit: MB of heap or seconds. */
    readonly limit: number,
  ) {
    super(`worker ${reason} limit (${limit})`);
  }
}

/** A progress message a worker posts on the port it is given: done of total in phase. */
export interface WorkerProgress {
  phase: string;
  done: number;
  total: number;
}

/** Pool size: `QUIRE_WORKERS`, else CPU count minus one (one core stays with the requests), at least one. */
export function workerCount(env: Pick<Env, 'QUIRE_WORKERS'>): number {
  return env.QUIRE_WORKERS ?? Math.max(1, os.availableParallelism() - 1);
}

/**
 * The file of a worker entry point next to the calling module: `<name>.worker.ts` when running from source
 * (tsx, tests: the worker gets the tsx loader), `<name>.worker.js` beside dist/main.js in the bundled server
 * (apps/server/build.mjs bundles each entry point to that name).
 */
export function workerFile(callerUrl: string, name: string): string {
  const source = callerUrl.endsWith('.ts');
  return new URL(`./${name}.worker.${source ? 'ts' : 'js'}`, callerUrl).href;
}

/**
 * Heavy CPU work (parsing, converting and later exporting descriptions) runs in a pool of worker threads,
 * never on the thread that answers requests. Each worker has a heap limit (`QUIRE_WORKER_HEAP_MB`): a task
 * that needs more kills only its worker, and the caller gets `WorkerLimitError('memory')`; a task running past
 * `QUIRE_WORKER_TIMEOUT_S` or whose job is cancelled has its worker terminated the same way.
 */
export class WorkerPool {
  private created?: Piscina;
  /** The task `keepWarm` runs in each worker it keeps ready; run again when a limit took that worker. */
  private warm?: { filename: string; task: Record<string, unknown> };
  readonly heapMb: number;
  readonly timeoutS: number;

  constructor(
    private readonly env: Pick<Env, 'QUIRE_WORKERS' | 'QUIRE_WORKER_HEAP_MB' | 'QUIRE_WORKER_TIMEOUT_S'>,
  ) {
    this.heapMb = env.QUIRE_WORKER_HEAP_MB;
    this.timeoutS = env.QUIRE_WORKER_TIMEOUT_S;
  }

  /** Threads start on the first task, so an app that never runs heavy work (most tests) starts none. */
  private get pool(): Piscina {
    if (this.created) return this.created;
    const fromSource = import.meta.url.endsWith('.ts');
    this.created = new Piscina({
      maxThreads: workerCount(this.env),
      // A kept-warm pool holds one worker (its code loaded and compiled) through idle time.
      minThreads: this.warm ? 1 : 0,
      // Workers hold a large heap while they work; an idle one is let go.
      idleTimeout: 30_000,
      resourceLimits: {
        maxOldGenerationSizeMb: this.heapMb,
        maxYoungGenerationSizeMb: Math.min(64, Math.max(8, Math.floor(this.heapMb / 16))),
      },
      execArgv: fromSource ? ['--import', 'tsx'] : [],
      // Workers run at the main thread's priority, not niced: an import's worker converts while the main
      // thread writes what it sent (convert-stream.ts), and a niced worker lost the CPU to those writes (GitHub's
      // first import took 0.4 s longer). Requests stay quick because the main thread yields between docs.
    });
    return this.created;
  }

  /**
   * Keeps one worker ready for `filename`: started now, kept through idle time, and given `task` (which loads
   * the module and runs it on a sample) now and whenever a limit terminated it. The first import after a
   * start then costs what later ones do. Call before any other task: a pool already started keeps its
   * settings and is only warmed once.
   */
  async keepWarm(filename: string, task: Record<string, unknown>): Promise<void> {
    this.warm = { filename, task };
    await this.rewarm();
  }

  private async rewarm(): Promise<void> {
    if (!this.warm) return;
    const { filename, task } = this.warm;
    try {
      await this.pool.run(task, { filename });
    } catch {
      // A warm-up that fails costs only the speed of the next task, which loads the code itself.
    }
  }

  /** Runs the default export of `filename` with `task` (plus `port` for progress) in a worker. */
  async run<T>(
    filename: string,
    task: Record<string, unknown>,
    options: {
      signal?: AbortSignal;
      onProgress?: (progress: WorkerProgress) => void;
      /** Other messages the worker posts on its port (answers sent in pieces); `reply` posts back to it. */
      onMessage?: (message: unknown, reply: (message: unknown) => void) => void;
      /**
       * Keeps the port open after the worker answered until this settles: messages the worker posted before
       * answering may still be queued on the port (the answer comes on another one).
       */
      keepPortUntil?: Promise<unknown>;
      /** Buffers moved to the worker rather than copied (the task must not use them afterwards). */
      transferList?: ArrayBuffer[];
    } = {},
  ): Promise<T> {
    const timeout = AbortSignal.timeout(this.timeoutS * 1000);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const channel = new MessageChannel();
    channel.port1.on('message', (message: WorkerProgress | { type: string }) => {
      if ('phase' in message) options.onProgress?.(message);
      else options.onMessage?.(message, (back) => channel.port1.postMessage(back));
    });
    try {
      const answer = (await this.pool.run(
        { ...task, port: channel.port2 },
        { filename, signal, transferList: [channel.port2, ...(options.transferList ?? [])] },
      )) as T;
      const until = options.keepPortUntil;
      if (until) {
        // Closed once the pieces arrived, or when the job is cancelled while they were on their way.
        const stop = () => channel.port1.close();
        void until.finally(stop);
        options.signal?.addEventListener('abort', stop, { once: true });
        return answer;
      }
      channel.port1.close();
      return answer;
    } catch (error) {
      channel.port1.close();
      const limit = this.limitOf(error, timeout, options.signal);
      if (!limit) throw error;
      // The worker was terminated; its replacement starts cold unless warmed again.
      void this.rewarm();
      throw limit;
    }
  }

  /** The limit that ended a task (its worker terminated), or null for an error of the task itself. */
  private limitOf(error: unknown, timeout: AbortSignal, signal?: AbortSignal): WorkerLimitError | null {
    if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
      return new WorkerLimitError('memory', this.heapMb);
    if (timeout.aborted) return new WorkerLimitError('time', this.timeoutS);
    if (signal?.aborted) return new WorkerLimitError('aborted', 0);
    return null;
  }

  async destroy(): Promise<void> {
    this.warm = undefined;
    await this.created?.destroy();
  }
}
