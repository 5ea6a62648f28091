// The sandbox core: runs one user script in QuickJS (compiled to WebAssembly), so a script sees only ECMAScript
// built-ins, the JSON globals it is given and string-only helpers. QuickJS has no module loader, timers, network
// or file system here, and its `Function` constructor builds guest functions only, so nothing reaches the host.
// Every script starts from the same pristine snapshot of the engine (engine.ts): nothing one script changes is
// seen by the next. Free of Node imports: the Node pool (./node) and the browser Web Worker (./browser) both
// build on it.
import {
  getQuickJS,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSWASMModule,
  shouldInterruptAfterDeadline,
} from 'quickjs-emscripten';
import { buildEngine, type Engine, findHeapMark, isGuestFailure, newEngineModule } from './engine.ts';
import {
  DEFAULT_LIMITS,
  type JsonValue,
  MAX_LIMITS,
  type RunRequest,
  type RunResult,
  type SandboxError,
  type SandboxLimits,
} from './types.ts';

export interface SandboxOptions {
  /** Mock.js's source text (its UMD build); without it, scripts that ask for Mock fail with a clear error. */
  loadMockSource?: () => string | Promise<string>;
}

export interface Sandbox {
  run(request: RunRequest): RunResult;
}

const SCRIPT_FILE = 'script.js';
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const USES_MOCK = /\b(?:Mock|Random)\b/;

let modulePromise: Promise<QuickJSWASMModule> | undefined;

/** The shared QuickJS WebAssembly module of this thread (tools; scripts run in engines of their own). */
export function loadQuickJS(): Promise<QuickJSWASMModule> {
  modulePromise ??= getQuickJS();
  return modulePromise;
}

export function clampLimits(limits: Partial<SandboxLimits> | undefined): SandboxLimits {
  const pick = (key: keyof SandboxLimits): number => {
    const asked = limits?.[key];
    const value =
      typeof asked === 'number' && Number.isFinite(asked) && asked > 0 ? asked : DEFAULT_LIMITS[key];
    return Math.min(value, MAX_LIMITS[key]);
  };
  return { timeMs: pick('timeMs'), memoryBytes: pick('memoryBytes'), outputChars: pick('outputChars') };
}

/**
 * The sandbox of a thread: one engine that every script starts from, and a spare WebAssembly instance made in
 * the background. When the engine's memory grew (a script used a lot: restoring it then costs more) or a call
 * trapped, the engine is rebuilt in the spare (40-90 ms of loading Mock.js) and a new spare is made.
 */
export async function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const mockSource = options.loadMockSource ? await options.loadMockSource() : undefined;
  const heapMark = findHeapMark(await newEngineModule());
  let engine: Engine = buildEngine(await newEngineModule(), mockSource, heapMark);
  let spare: QuickJSWASMModule | undefined;
  let making = false;
  const makeSpare = (): void => {
    if (spare || making) return;
    making = true;
    newEngineModule().then(
      (made) => {
        spare = made;
        making = false;
      },
      () => {
        making = false;
      },
    );
  };
  makeSpare();
  const renew = (): void => {
    if (!(engine.broken || engine.grown()) || !spare) return;
    const module = spare;
    spare = undefined;
    try {
      engine = buildEngine(module, mockSource, heapMark);
    } catch {
      // Keep the current engine (still correct when it only grew); the next run tries again with a new spare.
    }
    makeSpare();
  };
  return {
    run: (request) => {
      if (engine.broken) renew();
      if (engine.broken) {
        return {
          ok: false,
          error: { kind: 'busy', message: 'The sandbox is restarting, try again' },
          logs: [],
        };
      }
      const result = runScript(engine, request);
      // Rebuilding takes a Mock.js load: after this answer is out, not before it.
      if (engine.broken || engine.grown()) setTimeout(renew, 0);
      return result;
    },
  };
}

/** Reads a guest error into a message, the script's line and the reason the sandbox stopped it. */
function describeError(context: QuickJSContext, handle: QuickJSHandle, limits: SandboxLimits): SandboxError {
  const dumped = context.dump(handle) as unknown;
  const raw =
    dumped && typeof dumped === 'object'
      ? (dumped as { name?: unknown; message?: unknown; stack?: unknown })
      : { message: dumped };
  const name = typeof raw.name === 'string' ? raw.name : 'Error';
  const message = typeof raw.message === 'string' ? raw.message : String(raw.message);
  const stack = typeof raw.stack === 'string' ? raw.stack : '';
  const lineMatch = new RegExp(`${SCRIPT_FILE.replace('.', '\\.')}:(\\d+)`).exec(stack);
  const line = lineMatch ? Number(lineMatch[1]) : undefined;
  if (name === 'InternalError' && message === 'interrupted') {
    return { kind: 'timeout', message: `The script ran longer than ${limits.timeMs} ms and was stopped` };
  }
  if (message === 'out of memory' || (name === 'InternalError' && /memory/.test(message))) {
    return {
      kind: 'memory',
      message: `The script used more than ${Math.round(limits.memoryBytes / 1048576)} MB and was stopped`,
    };
  }
  const kind = name === 'SyntaxError' ? 'syntax' : 'error';
  return line === undefined
    ? { kind, message: `${name}: ${message}` }
    : { kind, message: `${name}: ${message}`, line };
}

function runScript(engine: Engine, request: RunRequest): RunResult {
  const limits = clampLimits(request.limits);
  const wantsMock = request.mock === true || (request.mock === 'auto' && USES_MOCK.test(request.code));
  if (wantsMock && !engine.hasMock) {
    return {
      ok: false,
      error: { kind: 'error', message: 'Mock.js is not available in this sandbox' },
      logs: [],
    };
  }
  const { runtime, context: ctx, tools } = engine;
  // Handles of this run: all disposed before the next restore rewrites the memory they point into.
  const handles: QuickJSHandle[] = [];
  let started = false;
  const logs = (): string[] => {
    if (!started) return [];
    // The script's deadline may have passed: reading at most 20,000 characters of logs gets its own budget.
    runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + 50));
    const got = ctx.callFunction(tools.logs, ctx.undefined);
    if (got.error) {
      got.error.dispose();
      return [];
    }
    const text = ctx.getString(got.value);
    got.value.dispose();
    return JSON.parse(text) as string[];
  };
  try {
    engine.restore();
    started = true;
    // Trusted setup first, under generous limits of its own.
    runtime.setMemoryLimit(MAX_LIMITS.memoryBytes);
    runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + 1_000));
    const seeds = crypto.getRandomValues(new Uint32Array(4));
    const seedArgs = Array.from(seeds, (n) => ctx.newNumber(n));
    handles.push(...seedArgs);
    ctx.unwrapResult(ctx.callFunction(tools.seed, ctx.undefined, ...seedArgs)).dispose();
    if (engine.hasMock && !wantsMock)
      ctx.unwrapResult(ctx.callFunction(tools.hideMock, ctx.undefined)).dispose();
    const globals = Object.create(null) as Record<string, JsonValue>;
    for (const [name, value] of Object.entries(request.globals ?? {})) {
      if (!IDENTIFIER.test(name)) return fail(`Invalid global name: ${name}`, logs);
      if (value !== undefined) globals[name] = value;
    }
    const globalsText = ctx.newString(JSON.stringify(globals));
    handles.push(globalsText);
    ctx.unwrapResult(ctx.callFunction(tools.setGlobals, ctx.undefined, globalsText)).dispose();

    // From here on the script's own limits apply.
    runtime.setMemoryLimit(limits.memoryBytes);
    const deadline = Date.now() + limits.timeMs;
    runtime.setInterruptHandler(shouldInterruptAfterDeadline(deadline));
    // The user's first line stays line 1: the wrapper opens on the same line.
    const compiled = ctx.evalCode(`(function () {${request.code}\n})`, SCRIPT_FILE);
    if (compiled.error) return failWith(ctx, compiled.error, limits, logs);
    handles.push(compiled.value);
    const called = ctx.callFunction(compiled.value, ctx.undefined);
    if (called.error) return failWith(ctx, called.error, limits, logs);
    let result = called.value;
    handles.push(result);
    if (ctx.typeof(result) === 'object') {
      let state = ctx.getPromiseState(result);
      if (!(state.type === 'fulfilled' && state.notAPromise)) {
        // An async script: run its jobs (still under the deadline), then read the settled promise.
        if (state.type === 'pending') {
          const pending = runtime.executePendingJobs();
          if (pending.error) return failWith(ctx, pending.error, limits, logs);
          state = ctx.getPromiseState(result);
        }
        if (state.type === 'pending') return fail('The script returned a promise that never settled', logs);
        if (state.type === 'rejected') return failWith(ctx, state.error, limits, logs);
        result = state.value;
        handles.push(result);
      }
    }
    const text = ctx.callFunction(tools.serialise, ctx.undefined, result);
    if (text.error) return failWith(ctx, text.error, limits, logs);
    handles.push(text.value);
    if (ctx.typeof(text.value) === 'undefined') return { ok: true, value: undefined, logs: logs() };
    const length = ctx.getProp(text.value, 'length').consume((h) => ctx.getNumber(h));
    if (!(length <= limits.outputChars)) {
      return {
        ok: false,
        error: {
          kind: 'output',
          message: `The script's result is longer than ${limits.outputChars} characters`,
        },
        logs: logs(),
      };
    }
    const value = JSON.parse(ctx.getString(text.value)) as JsonValue;
    return { ok: true, value, logs: logs() };
  } catch (error) {
    // A failure of the trusted setup: report it, never throw into the caller. Anything but a guest error (a
    // WebAssembly trap) may have left the instance inconsistent: it is replaced before the next script.
    if (!isGuestFailure(error)) engine.broken = true;
    return {
      ok: false,
      error: { kind: 'error', message: error instanceof Error ? error.message : String(error) },
      logs: [],
    };
  } finally {
    try {
      for (const handle of handles.reverse()) if (handle.alive) handle.dispose();
    } catch {
      engine.broken = true;
    }
  }
}

function fail(message: string, logs: () => string[]): RunResult {
  return { ok: false, error: { kind: 'error', message }, logs: safeLogs(logs) };
}

function failWith(
  context: QuickJSContext,
  handle: QuickJSHandle,
  limits: SandboxLimits,
  logs: () => string[],
): RunResult {
  const error = describeError(context, handle, limits);
  handle.dispose();
  return { ok: false, error, logs: safeLogs(logs) };
}

/** Logs after a timeout or out-of-memory: reading them may itself fail, which must not hide the error. */
function safeLogs(logs: () => string[]): string[] {
  try {
    return logs();
  } catch {
    return [];
  }
}
