/** What a script may receive as a global: anything JSON can carry. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export interface SandboxLimits {
  /** Wall-clock budget for compiling and running the script and serialising its result. */
  timeMs: number;
  /** Heap limit of the script's own QuickJS runtime (Mock.js, when loaded, counts towards it). */
  memoryBytes: number;
  /** Longest result, in characters of its JSON text (or of the string itself). */
  outputChars: number;
}

export const DEFAULT_LIMITS: SandboxLimits = {
  timeMs: 100,
  memoryBytes: 32 * 1024 * 1024,
  outputChars: 1024 * 1024,
};

/** Hard ceilings: callers may lower the limits, never raise them past these. */
export const MAX_LIMITS: SandboxLimits = {
  timeMs: 5_000,
  memoryBytes: 40 * 1024 * 1024,
  outputChars: 8 * 1024 * 1024,
};

export interface RunRequest {
  /**
   * The body of a function: it ends with `return value`. Its first line is line 1 of error reports.
   */
  code: string;
  /** Globals the script sees, such as `$params`, `$body`, `$headers`. Names must be identifiers. */
  globals?: Record<string, JsonValue | undefined>;
  limits?: Partial<SandboxLimits>;
  /**
   * Whether to load Mock.js (`Mock`, `Random`) into the script's context. `auto` loads it only when the
   * code names `Mock` or `Random`, since loading costs tens of milliseconds.
   */
  mock?: boolean | 'auto';
}

export interface SandboxError {
  message: string;
  /** Line in the script's own code, when the engine reported one. */
  line?: number;
  /** Why the sandbox stopped the script, when it did. */
  kind: 'error' | 'timeout' | 'memory' | 'output' | 'syntax' | 'busy';
}

export type RunResult =
  | {
      ok: true;
      /** The returned value after a JSON round trip; `undefined` when the script returned nothing. */
      value: JsonValue | undefined;
      logs: string[];
    }
  | { ok: false; error: SandboxError; logs: string[] };
