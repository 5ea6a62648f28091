import { type ErrorCode, errorStatus } from '@quire/shared';

/** A failure with a stable code; the error handler answers it in the envelope with the code's status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly args: ReadonlyArray<string | number>;
  /** What the answer's `data` carries besides the message (a stale save: who changed the doc and how). */
  readonly data: unknown;

  constructor(
    code: ErrorCode,
    options: { status?: number; args?: ReadonlyArray<string | number>; data?: unknown; cause?: unknown } = {},
  ) {
    super(code, { cause: options.cause });
    this.code = code;
    this.status = options.status ?? errorStatus[code];
    this.args = options.args ?? [];
    this.data = options.data ?? null;
  }
}
