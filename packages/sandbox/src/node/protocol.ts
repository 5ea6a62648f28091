import type { RunRequest, RunResult } from '../types.ts';

/** Message from the pool to a worker. */
export interface TaskMessage {
  id: number;
  request: RunRequest;
}

/** Message from a worker to the pool: `ready` once its QuickJS module is loaded, then one answer per task. */
export type WorkerMessage = { type: 'ready' } | { type: 'result'; id: number; result: RunResult };
