/** Codes the client gives failures that never reached a server answer. */
export const ClientErrorCode = {
  network: 'client.network',
  timeout: 'client.timeout',
  badResponse: 'client.bad_response',
  aborted: 'client.aborted',
} as const;

/**
 * A failed API call: the HTTP status (0 when no answer arrived), the envelope's code and its message
 * (already in the user's language). Every failure rejects with one, so callers' spinners always stop.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The envelope's `data` of a refused call (e.g. who saved first on a 409 `doc.stale`); undefined otherwise. */
  readonly data: unknown;

  constructor(init: { status: number; code: string; message: string; data?: unknown }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.data = init.data;
  }
}

/** True when a value is an ApiError with the given code. */
export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}
