import { afterEach, describe, expect, it, vi } from 'vitest';

// A stand-in for the sandbox worker: answers the loading probe, then hangs on every script (as a worker stuck
// in a call QuickJS cannot interrupt would), unless told to answer.
const workers: FakeWorker[] = [];
class FakeWorker {
  static hang = true;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  constructor() {
    workers.push(this);
  }
  postMessage(message: { id: number; request: { code: string } }) {
    const loading = message.request.code === 'return 1';
    if (!loading && FakeWorker.hang) return;
    queueMicrotask(() =>
      this.onmessage?.({
        data: {
          id: message.id,
          result: { ok: true, value: { req: { method: 'GET' }, vars: { a: 'b' } }, logs: [] },
        },
      } as MessageEvent),
    );
  }
  terminate() {
    this.terminated = true;
  }
}
vi.mock('../../../../../packages/sandbox/src/browser/worker.ts?worker', () => ({ default: FakeWorker }));

const { runInSandbox, runScript, SCRIPT_TIME_MS } = await import('./script-runner.ts');

describe('the script worker watchdog', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers a timeout and replaces a worker that does not answer shortly after the script deadline', async () => {
    vi.useFakeTimers();
    const run = runInSandbox({ code: 'while (true) {}' });
    await vi.advanceTimersByTimeAsync(SCRIPT_TIME_MS + 499);
    expect(workers[0]?.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await run).toMatchObject({ ok: false, error: { kind: 'timeout' } });
    expect(workers[0]?.terminated).toBe(true);
    // The next script gets a fresh worker.
    FakeWorker.hang = false;
    const next = runInSandbox({ code: 'return 2' });
    await vi.advanceTimersByTimeAsync(0);
    expect(workers).toHaveLength(2);
    expect(await next).toMatchObject({ ok: true });
  });

  it('hands the request and variables back from a script, as text', async () => {
    const outcome = await runScript('req.method = "GET"', {
      req: { method: 'POST', url: 'http://x', headers: {}, body: '' },
      vars: { keep: '1' },
    });
    expect(outcome).toMatchObject({
      ok: true,
      value: { method: 'GET', url: 'http://x' },
      vars: { keep: '1', a: 'b' },
    });
  });
});
