import { parentPort, workerData } from 'node:worker_threads';
import { createDatabase, type DatabaseTarget } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { SyncOutcome } from './module-sync.ts';
import type { SyncInput } from './sync-input.ts';
import { syncInTransaction } from './sync-transaction.ts';

/*
 * The sync thread (sync-thread.ts): runs whole sync transactions on a database handle of its own, so that
 * the statements a sync makes while it holds its application's lock are answered here, not behind every other
 * request queued on the server's event loop.
 */

export interface SyncRequest {
  id: number;
  input: SyncInput;
}

/** An error as it crosses the thread: an AppError keeps its code, status, arguments and data. */
export interface ThreadError {
  name: string;
  message: string;
  code?: string;
  app?: { code: string; status: number; args: ReadonlyArray<string | number>; data: unknown };
}

export type SyncAnswer = { id: number; outcome: SyncOutcome } | { id: number; error: ThreadError };

const { target } = workerData as { target: DatabaseTarget };
// A few connections: syncs of different applications run side by side, as on the main thread.
const db = createDatabase({ ...target, poolSize: 4 } as DatabaseTarget);

function threadError(error: unknown): ThreadError {
  if (error instanceof AppError)
    return {
      name: error.name,
      message: error.message,
      app: { code: error.code, status: error.status, args: error.args, data: error.data },
    };
  const {
    name = 'Error',
    message = String(error),
    code,
  } = (error ?? {}) as {
    name?: string;
    message?: string;
    code?: unknown;
  };
  return { name, message, ...(typeof code === 'string' ? { code } : {}) };
}

async function answer(request: SyncRequest): Promise<SyncAnswer> {
  try {
    return { id: request.id, outcome: await syncInTransaction(db, request.input) };
  } catch (error) {
    return { id: request.id, error: threadError(error) };
  }
}

parentPort?.on('message', (request: SyncRequest | 'close') => {
  if (request === 'close') {
    void db.destroy().finally(() => parentPort?.close());
    return;
  }
  void answer(request).then((reply) => parentPort?.postMessage(reply));
});
