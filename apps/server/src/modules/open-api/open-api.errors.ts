import type { Translation } from '@quire/shared/i18n';

/**
 * Torna's open-API codes (easyopen): 1 unknown method, 2 invalid parameters, 7 request timed out (a signed
 * request's `timestamp` outside the window), 10 missing or unreadable `timestamp`, 14 invalid and 16 missing
 * credentials, -9 system error.
 */
export type OpenCode = '1' | '2' | '7' | '10' | '14' | '16' | '-9';

/** A message of the `push` i18n namespace. */
export type PushMessage = keyof Translation['push'];

/** The HTTP status of each code: statuses tell the truth, `code` keeps Torna's contract. */
const STATUS: Readonly<Record<OpenCode, number>> = {
  '1': 404,
  '2': 400,
  '7': 401,
  '10': 400,
  '14': 401,
  '16': 401,
  '-9': 500,
};

/**
 * What a refusal says beyond its message key, kept as data until the door words it in the caller's language:
 * a field of the push the doc model refused (`issue` is a model message key: `push.*` or a validation key), or
 * the reason a description could not be imported (a key of the `errors` namespace's `import` group).
 */
export type OpenApiReason =
  | { kind: 'field'; path: string; issue: string }
  | { kind: 'import'; key: string; arg: string };

/** A refused open-API call: Torna's code, a message in the caller's language, an HTTP status. */
export class OpenApiError extends Error {
  readonly status: number;
  readonly reason: OpenApiReason | undefined;

  constructor(
    readonly code: OpenCode,
    readonly key: PushMessage,
    readonly args: ReadonlyArray<string | number> = [],
    options: { status?: number; reason?: OpenApiReason } = {},
  ) {
    super(key);
    this.status = options.status ?? STATUS[code];
    this.reason = options.reason;
  }
}
