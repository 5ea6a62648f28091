// The sandbox pool mock scripts run in: worker threads running QuickJS (packages/sandbox), started on the first
// script so a server that never runs one never pays for the threads.
import type { RunRequest, RunResult } from '@quire/sandbox';
import { SandboxPool } from '@quire/sandbox/node';

/** Limits of one mock script: 100 ms, 32 MB, a 1 MB result (the package's defaults, said here on purpose). */
export const MOCK_SCRIPT_LIMITS = { timeMs: 100, memoryBytes: 32 * 1024 * 1024, outputChars: 1024 * 1024 };

export interface MockScriptRunner {
  run(request: RunRequest): Promise<RunResult>;
  close(): Promise<void>;
}

export function mockScriptRunner(): MockScriptRunner {
  let pool: SandboxPool | undefined;
  return {
    run: (request) => {
      pool ??= new SandboxPool();
      return pool.run({ ...request, limits: MOCK_SCRIPT_LIMITS });
    },
    close: async () => {
      await pool?.close();
    },
  };
}
