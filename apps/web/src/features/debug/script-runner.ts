import type { JsonValue, RunRequest, RunResult } from '@quire/sandbox';
// The sandbox package's Web Worker entry (QuickJS compiled to WebAssembly); Vite bundles it as a worker.
import SandboxWorker from '../../../../../packages/sandbox/src/browser/worker.ts?worker';

/**
 * Runs pre and post scripts in the sandbox's Web Worker, never in the page: a script sees only the JSON it is
 * given (`req`, `resp`, `vars`) and the sandbox's string helpers, so it cannot read the page's token, call the
 * network or touch the DOM. QuickJS stops a script at its deadline; should the worker itself not answer
 * shortly after, the page terminates it and starts a fresh one.
 */
export const SCRIPT_TIME_MS = 1000;
const WATCHDOG_MS = SCRIPT_TIME_MS + 500;

interface Pending {
  resolve(result: RunResult): void;
  timer: ReturnType<typeof setTimeout>;
}

let worker: Worker | null = null;
/** Resolves once the worker has loaded QuickJS (about half a second), which the watchdog must not count. */
let ready: Promise<void> | null = null;
// Loading the WebAssembly module on a busy machine may take seconds; only a broken worker takes this long.
const LOAD_MS = 30_000;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(message: string, kind: 'timeout' | 'error'): void {
  for (const [id, entry] of pending) {
    clearTimeout(entry.timer);
    entry.resolve({ ok: false, error: { kind, message }, logs: [] });
    pending.delete(id);
  }
}

function drop(target: Worker): void {
  target.terminate();
  if (worker === target) {
    worker = null;
    ready = null;
  }
}

function workerOf(): Worker {
  if (worker) return worker;
  const created = new SandboxWorker();
  created.onmessage = (event: MessageEvent<{ id: number; result: RunResult }>) => {
    const entry = pending.get(event.data.id);
    if (!entry) return;
    clearTimeout(entry.timer);
    pending.delete(event.data.id);
    entry.resolve(event.data.result);
  };
  created.onerror = (event) => {
    event.preventDefault();
    failAll(event.message || 'The script worker failed', 'error');
    drop(created);
  };
  worker = created;
  return created;
}

function post(target: Worker, request: RunRequest, watchdogMs: number): Promise<RunResult> {
  const id = nextId++;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      drop(target);
      failAll('The script worker stopped answering', 'timeout');
      resolve({ ok: false, error: { kind: 'timeout', message: `${SCRIPT_TIME_MS} ms` }, logs: [] });
    }, watchdogMs);
    pending.set(id, { resolve, timer });
    target.postMessage({ id, request });
  });
}

/**
 * Runs one request in the worker, once it has loaded; the watchdog answers a timeout and replaces a worker
 * that does not answer shortly after the script's own deadline.
 */
export async function runInSandbox(request: RunRequest): Promise<RunResult> {
  const target = workerOf();
  const loading = ready ?? post(target, { code: 'return 1' }, LOAD_MS).then(() => undefined);
  ready = loading;
  await loading;
  return post(workerOf(), { ...request, limits: { timeMs: SCRIPT_TIME_MS, ...request.limits } }, WATCHDOG_MS);
}

/** The request a pre script may change. */
export interface ScriptRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** The answer a post script reads. */
export interface ScriptResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  json: JsonValue | null;
}

export type ScriptOutcome<T> =
  | { ok: true; value: T; vars: Record<string, string>; logs: string[] }
  | { ok: false; message: string; line?: number; kind: string; logs: string[] };

function stringVars(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!value || typeof value !== 'object') return out;
  for (const [key, v] of Object.entries(value as Record<string, unknown>))
    if (v !== null && v !== undefined) out[key] = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return out;
}

/**
 * Runs a script with `req` (pre) or `req` and `resp` (post) and `vars`; answers the (possibly changed)
 * request and the variables. The script's own lines come first, so its line numbers are the editor's.
 */
export async function runScript<T extends ScriptRequest | null>(
  code: string,
  globals: { req: ScriptRequest; resp?: ScriptResponse; vars: Record<string, string> },
): Promise<ScriptOutcome<T extends null ? null : ScriptRequest>> {
  const result = await runInSandbox({
    code: `${code}\n;return { req: req, vars: vars };`,
    globals: globals as unknown as Record<string, JsonValue>,
    mock: false,
  });
  if (!result.ok)
    return {
      ok: false,
      message: result.error.message,
      ...(result.error.line !== undefined ? { line: result.error.line } : {}),
      kind: result.error.kind,
      logs: result.logs,
    };
  const value = (result.value ?? {}) as { req?: Partial<ScriptRequest>; vars?: unknown };
  const req = value.req ?? globals.req;
  const request: ScriptRequest = {
    method: String(req.method ?? globals.req.method),
    url: String(req.url ?? globals.req.url),
    headers: stringVars(req.headers),
    body: typeof req.body === 'string' ? req.body : JSON.stringify(req.body ?? ''),
  };
  return {
    ok: true,
    value: request as never,
    vars: { ...globals.vars, ...stringVars(value.vars) },
    logs: result.logs,
  };
}
