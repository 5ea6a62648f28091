import type { Translation } from '@quire/shared/i18n';

/** Torna's open-API codes (easyopen): 1 unknown method, 2 invalid parameters, 14 invalid and 16 missing credentials, -9 system error. */
export type OpenCode = '1' | '2' | '14' | '16' | '-9';

/** A message of the `push` i18n namespace. */
export type PushMessage = keyof Translation['push'];

/** The HTTP status of each code: statuses tell the truth, `code` keeps Torna's contract. */
const STATUS: Readonly<Record<OpenCode, number>> = { '1': 404, '2': 400, '14': 401, '16': 401, '-9': 500 };

/** A refused open-API call: Torna's code, a message in the caller's language, an HTTP status. */
export class OpenApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: OpenCode,
    readonly key: PushMessage,
    readonly args: ReadonlyArray<string | number> = [],
    status?: number,
  ) {
    super(key);
    this.status = status ?? STATUS[code];
  }
}
