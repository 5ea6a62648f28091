// A pristine QuickJS engine that every script starts from. One QuickJS WebAssembly instance with its own linear
// memory gets a runtime and a context with the helpers, the prelude and (when available) Mock.js loaded; then the
// whole linear memory is copied. Before each script the copy is written back over the memory (the bytes up to the
// last one the snapshot used) and everything above it is zeroed, so each script starts from exactly the same bytes:
// whatever a previous script changed (globals, `Mock`, `Random`, prototypes, the allocator, the stack) is gone by
// construction. Restoring is a memcpy of a few MB, instead of the 40-90 ms of loading Mock.js into a new context.
//
// The WebAssembly memory is capped (ENGINE_MEMORY_BYTES): QuickJS's heap limit does not see every allocation
// (`new Array(1e6).fill(1)` in a loop grew the default 2 GB memory past a 32 MB limit in 12 s), the cap ends such a
// script with "out of memory" once the instance's memory is full.
import {
  errors,
  newQuickJSWASMModule,
  newVariant,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSRuntime,
  type QuickJSWASMModule,
  RELEASE_SYNC,
  shouldInterruptAfterDeadline,
} from 'quickjs-emscripten';
import { HELPER_INPUT_MAX, HOST_HELPERS } from './helpers.ts';
import { mockLoader, PRELUDE } from './prelude.ts';
import { MAX_LIMITS } from './types.ts';

const PAGE = 65_536;
/** The instance's memory at start (Emscripten's default: static data, a 5 MB stack, then the heap). */
const INITIAL_MEMORY_BYTES = 16 * 1024 * 1024;
/** Hard cap of an instance's linear memory: the heap limit (32 MB) plus Mock.js, the stack and some slack. */
export const ENGINE_MEMORY_BYTES = 56 * 1024 * 1024;
/** Guest stack budget: well inside the WebAssembly stack, so deep recursion is a catchable RangeError. */
const MAX_STACK_BYTES = 256 * 1024;
/** Setup budget for loading Mock.js (40-90 ms on an idle machine, much more on a loaded one). */
const SETUP_MS = 8_000;
const LOG_LIMITS = { logLines: 100, logChars: 20_000 };
/**
 * Pages of the stack, below its top, that a restore rewrites (1 MB, four times the guest's stack budget, which
 * QuickJS enforces on every call): deeper stack pages are zero in the snapshot and no script reaches them.
 */
const STACK_WINDOW_PAGES = 16;

/** Guest functions the host keeps, made by the prelude before the snapshot. */
export interface EngineTools {
  serialise: QuickJSHandle;
  logs: QuickJSHandle;
  seed: QuickJSHandle;
  hideMock: QuickJSHandle;
  setGlobals: QuickJSHandle;
}

export interface Engine {
  runtime: QuickJSRuntime;
  context: QuickJSContext;
  tools: EngineTools;
  /** Whether Mock.js (`Mock`, `Random`) is in the snapshot. */
  hasMock: boolean;
  /** Writes the snapshot back: the next script starts from the pristine state. */
  restore(): void;
  /** The memory grew past its size at the snapshot: restoring now zeroes more, a fresh instance is cheaper. */
  grown(): boolean;
  /** Set when a call into the instance failed outside QuickJS (a WebAssembly trap): never use it again. */
  broken: boolean;
}

/** The part of WebAssembly's API used here (the package's tsconfig has no DOM types; Node and browsers have it). */
interface WasmMemoryApi {
  Memory: new (descriptor: { initial: number; maximum: number }) => { buffer: ArrayBuffer };
}

/** A new QuickJS WebAssembly instance with a capped memory of its own (never shared with other code). */
export function newEngineModule(): Promise<QuickJSWASMModule> {
  const wasm = (globalThis as unknown as { WebAssembly: WasmMemoryApi }).WebAssembly;
  const wasmMemory = new wasm.Memory({
    initial: INITIAL_MEMORY_BYTES / PAGE,
    maximum: ENGINE_MEMORY_BYTES / PAGE,
  });
  return newQuickJSWASMModule(newVariant(RELEASE_SYNC, { wasmMemory } as Parameters<typeof newVariant>[1]));
}

/** Whether an exception thrown by a call into QuickJS leaves the instance usable (a guest error does). */
export function isGuestFailure(error: unknown): boolean {
  return error instanceof errors.QuickJSUnwrapError;
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

/** Index just past the last non-zero word. */
function lastNonZero(bytes: Uint8Array): number {
  const words = new Uint32Array(bytes.buffer, 0, bytes.length >>> 2);
  let i = words.length;
  while (i > 0 && words[i - 1] === 0) i--;
  return i * 4;
}

/** The allocator's static state lies in the first pages: the word found by findHeapMark is among them. */
const STATIC_WORDS = (2 * PAGE) / 4;

/**
 * The address of the word of Emscripten's allocator state that holds the highest address its heap ever reached
 * (rounded up to 4 KB; it stays when the heap is trimmed back). Restoring then zeroes only up to it instead of
 * all memory above the snapshot. Found by watching a throwaway instance allocate and free non-zero data: the
 * word must always be at or above the last non-zero byte of the memory, and follow the heap's top within a page
 * at two different peaks (so no constant qualifies). Undefined when no word behaves so: the restore then zeroes
 * everything above the snapshot.
 */
export function findHeapMark(quickjs: QuickJSWASMModule): number | undefined {
  const memory = quickjs.getWasmMemory();
  const runtime = quickjs.newRuntime();
  const context = runtime.newContext();
  let candidates: number[] = Array.from({ length: STATIC_WORDS }, (_, i) => i);
  const observe = (tight: boolean): void => {
    const bytes = new Uint8Array(memory.buffer);
    const top = lastNonZero(bytes);
    const words = new Uint32Array(memory.buffer, 0, STATIC_WORDS);
    candidates = candidates.filter((i) => {
      const value = words[i] ?? 0;
      return value >= top && value <= bytes.length && (!tight || value - top <= PAGE);
    });
  };
  const step = (code: string, tight: boolean): void => {
    const handle = context.unwrapResult(context.evalCode(code));
    handle.dispose();
    observe(tight);
  };
  try {
    observe(false);
    step('globalThis.a = new Uint8Array(4e6).fill(1); 0', true);
    step('globalThis.a = null; 0', false);
    step('globalThis.b = new Uint8Array(9e6).fill(2); 0', true);
    step('globalThis.b = null; 0', false);
  } catch {
    return undefined;
  }
  return candidates.length === 1 ? (candidates[0] as number) * 4 : undefined;
}

/** Index just past the last non-zero byte (the snapshot stores nothing above it: the rest is zeroes). */
function usedEnd(bytes: Uint8Array): number {
  const words = new Uint32Array(bytes.buffer, 0, bytes.length >>> 2);
  let i = words.length;
  while (i > 0 && words[i - 1] === 0) i--;
  return Math.min(bytes.length, Math.ceil((i * 4) / PAGE) * PAGE);
}

function zeroPage(bytes: Uint8Array, page: number): boolean {
  const words = new Uint32Array(bytes.buffer, page * PAGE, PAGE >>> 2);
  for (let i = 0; i < words.length; i++) if (words[i] !== 0) return false;
  return true;
}

/**
 * The stack's pages in a new instance, before QuickJS allocated anything: Emscripten lays out static data, then
 * the stack (5 MB, growing down towards the data), then the heap, whose first page is the first non-zero page
 * after the zero pages. Undefined when the memory does not look like that.
 */
function stackPages(bytes: Uint8Array): { from: number; to: number } | undefined {
  const pages = bytes.length / PAGE;
  let from = 0;
  while (from < pages && !zeroPage(bytes, from)) from++;
  let to = from;
  while (to < pages && zeroPage(bytes, to)) to++;
  return to < pages && to - from > STACK_WINDOW_PAGES * 2 ? { from, to } : undefined;
}

/**
 * Builds the pristine state in `quickjs` (a module of its own, see newEngineModule) and snapshots it. Throws when
 * Mock.js or the prelude cannot be loaded.
 */
export function buildEngine(
  quickjs: QuickJSWASMModule,
  mockSource: string | undefined,
  heapMark?: number,
): Engine {
  const memory = quickjs.getWasmMemory();
  const stack = stackPages(new Uint8Array(memory.buffer));
  const runtime = quickjs.newRuntime();
  runtime.setMaxStackSize(MAX_STACK_BYTES);
  runtime.setMemoryLimit(MAX_LIMITS.memoryBytes);
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + SETUP_MS));
  const context = runtime.newContext();
  const ctx = context;
  if (mockSource !== undefined) {
    const loaded = ctx.unwrapResult(ctx.evalCode(mockLoader(mockSource), 'mock.js'));
    ctx.setProp(ctx.global, 'Mock', loaded);
    const random = ctx.getProp(loaded, 'Random');
    ctx.setProp(ctx.global, 'Random', random);
    random.dispose();
    loaded.dispose();
  }
  // The host object stays referenced by the host for the engine's life: a script deleting every helper can then
  // never get the host functions collected (which would drop them on the JavaScript side for good).
  const host = installHelpers(ctx);
  const limitsHandle = ctx.unwrapResult(ctx.evalCode(`(${JSON.stringify(LOG_LIMITS)})`));
  const preludeFn = ctx.unwrapResult(ctx.evalCode(PRELUDE, 'prelude.js'));
  const toolsHandle = ctx.unwrapResult(ctx.callFunction(preludeFn, ctx.undefined, host, limitsHandle));
  preludeFn.dispose();
  limitsHandle.dispose();
  const tools: EngineTools = {
    serialise: ctx.getProp(toolsHandle, 'serialise'),
    logs: ctx.getProp(toolsHandle, 'logs'),
    seed: ctx.getProp(toolsHandle, 'seed'),
    hideMock: ctx.getProp(toolsHandle, 'hideMock'),
    setGlobals: ctx.getProp(toolsHandle, 'setGlobals'),
  };
  toolsHandle.dispose();
  // quickjs-emscripten creates the global object's handle on first use: it must exist in the snapshot, or a
  // handle made after it would point into memory the next restore rewrites.
  void ctx.global;
  runtime.executePendingJobs();

  const snapshotLength = memory.buffer.byteLength;
  const whole = new Uint8Array(memory.buffer);
  const pristine = whole.slice(0, usedEnd(whole));
  // What a restore copies: everything the snapshot used but the deep stack pages (zero, never reached).
  const skipFrom = stack ? stack.from * PAGE : pristine.length;
  const skipTo = stack ? Math.min(pristine.length, (stack.to - STACK_WINDOW_PAGES) * PAGE) : pristine.length;
  const low = pristine.subarray(0, skipFrom);
  const high = pristine.subarray(skipTo);
  const engine: Engine = {
    runtime,
    context,
    tools,
    hasMock: mockSource !== undefined,
    broken: false,
    restore: () => {
      const bytes = new Uint8Array(memory.buffer);
      // Nothing was written above the heap's highest top since the last restore: zero up to it (and a page).
      const reached =
        heapMark === undefined
          ? bytes.length
          : (new Uint32Array(memory.buffer, heapMark, 1)[0] ?? bytes.length);
      const dirtyEnd = Math.min(
        bytes.length,
        Math.max(pristine.length, Math.ceil(reached / PAGE) * PAGE + PAGE),
      );
      bytes.set(low);
      bytes.set(high, skipTo);
      bytes.fill(0, pristine.length, dirtyEnd);
    },
    grown: () => memory.buffer.byteLength > snapshotLength,
  };
  return engine;
}
