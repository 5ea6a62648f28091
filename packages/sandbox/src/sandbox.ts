// The sandbox core: runs one user script in a fresh QuickJS runtime and context (compiled to WebAssembly), so a
// script sees only ECMAScript built-ins, the JSON globals it is given and string-only helpers. QuickJS has no
// module loader, timers, network or file system here, and its `Function` constructor builds guest functions
// only, so nothing reaches the host. Free of Node imports: the Node pool (./node) and the browser Web Worker
// (./browser) both build on it.
import {
  getQuickJS,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSRuntime,
  type QuickJSWASMModule,
  shouldInterruptAfterDeadline,
} from 'quickjs-emscripten';
import { HELPER_INPUT_MAX, HOST_HELPERS } from './helpers.ts';
import { mockLoader, PRELUDE } from './prelude.ts';
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

const LOG_LIMITS = { logLines: 100, logChars: 20_000 };
const SCRIPT_FILE = 'script.js';
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const USES_MOCK = /\b(?:Mock|Random)\b/;
/** Guest stack budget: well inside the WebAssembly stack, so deep recursion is a catchable RangeError. */
const MAX_STACK_BYTES = 256 * 1024;

let modulePromise: Promise<QuickJSWASMModule> | undefined;

/** The QuickJS WebAssembly module, loaded once per thread (loading costs about half a second). */
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

/** A fresh runtime and context with Mock.js loaded and nothing else: never used by any script yet. */
interface MockBase {
  runtime: QuickJSRuntime;
  context: QuickJSContext;
}

/** Spare Mock.js contexts a thread keeps ready (each holds a few MB of WebAssembly memory). */
const MOCK_SPARES = 3;

/** Quiet time before a spare Mock.js context is built, so queued requests go first. */
const IDLE_BEFORE_REFILL_MS = 20;

/** Setup budget for loading Mock.js (40-90 ms on an idle machine), which is not the script's time. */
const MOCK_LOAD_MS = 8_000;

function newMockBase(quickjs: QuickJSWASMModule, mockSource: string): MockBase {
  const runtime = quickjs.newRuntime();
  try {
    runtime.setMaxStackSize(MAX_STACK_BYTES);
    runtime.setMemoryLimit(MAX_LIMITS.memoryBytes);
    runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + MOCK_LOAD_MS));
    const context = runtime.newContext();
    try {
      const loaded = context.unwrapResult(context.evalCode(mockLoader(mockSource), 'mock.js'));
      context.setProp(context.global, 'Mock', loaded);
      const random = context.getProp(loaded, 'Random');
      context.setProp(context.global, 'Random', random);
      random.dispose();
      loaded.dispose();
      return { runtime, context };
    } catch (error) {
      context.dispose();
      throw error;
    }
  } catch (error) {
    runtime.dispose();
    throw error;
  }
}

export async function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const quickjs = await loadQuickJS();
  const mockSource = options.loadMockSource ? await options.loadMockSource() : undefined;
  // A few spare Mock.js contexts, built one at a time once the thread has been idle for a moment (a burst of
  // requests is served first, then the spares are rebuilt), so template requests rarely wait for the load.
  // Each is used by one script only, then disposed: nothing passes from one script to the next.
  const spares: MockBase[] = [];
  let refilling = false;
  let lastRun = 0;
  const refill = (): void => {
    if (refilling || mockSource === undefined || spares.length >= MOCK_SPARES) return;
    refilling = true;
    setTimeout(function build() {
      if (Date.now() - lastRun < IDLE_BEFORE_REFILL_MS) {
        setTimeout(build, IDLE_BEFORE_REFILL_MS);
        return;
      }
      refilling = false;
      try {
        spares.push(newMockBase(quickjs, mockSource));
      } catch {
        return; // The next template request loads Mock.js itself and reports the failure.
      }
      refill();
    }, IDLE_BEFORE_REFILL_MS);
  };
  const takeMockBase = (): MockBase => {
    if (mockSource === undefined) throw new Error('Mock.js is not available in this sandbox');
    const base = spares.shift() ?? newMockBase(quickjs, mockSource);
    refill();
    return base;
  };
  refill();
  return {
    run: (request) => {
      const result = runScript(quickjs, request, takeMockBase);
      lastRun = Date.now();
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

function installHelpers(context: QuickJSContext): QuickJSHandle {
  const host = context.newObject();
  for (const [name, implementation] of Object.entries(HOST_HELPERS)) {
    const fn = context.newFunction(name, (...args) => {
      const strings: string[] = [];
      for (const arg of args) {
        if (context.typeof(arg) !== 'string') return { error: context.newError(`${name} takes strings`) };
        const text = context.getString(arg);
        if (text.length > HELPER_INPUT_MAX)
          return { error: context.newError(`${name}: input longer than 1 MB`) };
        strings.push(text);
      }
      try {
        return context.newString(implementation(...strings));
      } catch (error) {
        return { error: context.newError(error instanceof Error ? error.message : String(error)) };
      }
    });
    context.setProp(host, name, fn);
    fn.dispose();
  }
  return host;
}

function runScript(quickjs: QuickJSWASMModule, request: RunRequest, takeMockBase: () => MockBase): RunResult {
  const limits = clampLimits(request.limits);
  const wantsMock = request.mock === true || (request.mock === 'auto' && USES_MOCK.test(request.code));
  let base: MockBase | undefined;
  try {
    base = wantsMock ? takeMockBase() : undefined;
  } catch (error) {
    return {
      ok: false,
      error: { kind: 'error', message: error instanceof Error ? error.message : String(error) },
      logs: [],
    };
  }
  const runtime: QuickJSRuntime = base?.runtime ?? quickjs.newRuntime();
  const handles: QuickJSHandle[] = [];
  let logsFn: QuickJSHandle | undefined;
  let context: QuickJSContext | undefined;
  const logs = (): string[] => {
    if (!context || !logsFn) return [];
    // The script's deadline may have passed: reading at most 20,000 characters of logs gets its own budget.
    runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + 50));
    const got = context.callFunction(logsFn, context.undefined);
    if (got.error) {
      got.error.dispose();
      return [];
    }
    const text = context.getString(got.value);
    got.value.dispose();
    return JSON.parse(text) as string[];
  };
  try {
    runtime.setMaxStackSize(MAX_STACK_BYTES);
    context = base?.context ?? runtime.newContext();
    const ctx = context;

    // Trusted setup first, under generous limits of its own.
    runtime.setMemoryLimit(MAX_LIMITS.memoryBytes);
    runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + 1_000));
    const host = installHelpers(ctx);
    handles.push(host);
    const limitsHandle = ctx.unwrapResult(ctx.evalCode(`(${JSON.stringify(LOG_LIMITS)})`));
    handles.push(limitsHandle);
    const preludeFn = ctx.unwrapResult(ctx.evalCode(PRELUDE, 'prelude.js'));
    handles.push(preludeFn);
    const tools = ctx.unwrapResult(ctx.callFunction(preludeFn, ctx.undefined, host, limitsHandle));
    handles.push(tools);
    const serialise = ctx.getProp(tools, 'serialise');
    handles.push(serialise);
    logsFn = ctx.getProp(tools, 'logs');
    handles.push(logsFn);
    for (const [name, value] of Object.entries(request.globals ?? {})) {
      if (!IDENTIFIER.test(name)) return fail(`Invalid global name: ${name}`, logs);
      if (value === undefined) continue;
      // Parsed by the guest's own JSON.parse (no user code has run yet), so a `__proto__` key stays a key.
      const parsed = ctx.unwrapResult(ctx.evalCode(`JSON.parse(${JSON.stringify(JSON.stringify(value))})`));
      ctx.setProp(ctx.global, name, parsed);
      parsed.dispose();
    }

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
    const text = ctx.callFunction(serialise, ctx.undefined, result);
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
    // A failure of the trusted setup (Mock.js load, prelude): report it, never throw into the caller.
    return fail(error instanceof Error ? error.message : String(error), logs);
  } finally {
    for (const handle of handles.reverse()) if (handle.alive) handle.dispose();
    context?.dispose();
    runtime.dispose();
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
