// What a mock configuration answers to one request: the fixed body, or the result of its script or Mock.js
// template run in the sandbox pool. Used by `/mock/**` and by the Mock tab's "run" button alike.
import type { JsonValue, RunRequest, RunResult } from '@quire/sandbox';
import { isMockHeaderAllowed, type MockNameValue, mockContentKind } from '@quire/shared';
import { translate } from '../../http/lang.ts';

/** The parts of a configuration that shape its answer. */
export interface MockAnswerConfig {
  httpStatus: number;
  responseHeaders: MockNameValue[];
  resultType: number;
  responseBody: string;
  mockScript: string;
}

/** What scripts see of the request. */
export interface ScriptRequest {
  method: string;
  path: string;
  /** Query and form fields; a field sent once is a string, a repeated one an array. */
  params: Record<string, string | string[]>;
  /** The JSON body, else the body text ('' when none). */
  body: JsonValue;
  headers: Record<string, string>;
}

export interface MockAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  logs: string[];
  /** The failure shown by the run button ('Mock script error: …', 'No data returned, …'), else null. */
  error: string | null;
}

export type RunScript = (request: RunRequest) => Promise<RunResult>;

const JSON_TYPE = 'application/json; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}$/;
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * Keeps the headers a mock may send, with lower-case names; invalid and refused ones (origin-wide headers such
 * as Set-Cookie, Clear-Site-Data, Refresh, Link, Service-Worker-Allowed, and the server's own: mock-headers.ts
 * of @quire/shared) are dropped, not fatal: a script sets headers at run time, after any save-time check.
 */
export function safeHeaders(rows: ReadonlyArray<{ name: string; value: unknown }>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { name, value } of rows) {
    const lower = name.trim().toLowerCase();
    const text =
      typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
    if (!HEADER_NAME.test(lower) || !isMockHeaderAllowed(lower) || !HEADER_VALUE.test(text)) continue;
    Object.defineProperty(out, lower, {
      value: text.slice(0, 4000),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

function isJson(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed || !'{["-0123456789tfn'.includes(trimmed[0] ?? '')) return false;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}

/** `attachment`, keeping the parameters (the file name) of a disposition the mock set. */
function attachmentOf(disposition: string | undefined): string {
  const mark = disposition?.indexOf(';') ?? -1;
  return mark >= 0 && disposition ? `attachment${disposition.slice(mark)}` : 'attachment';
}

/**
 * The content type and disposition a mock answer goes out with: the configured type, else JSON or text. Only
 * data is served inline (JSON, text, XML, raster images); files go as attachments; any other type (HTML,
 * JavaScript, CSS, SVG...) becomes an `application/octet-stream` attachment, which with `nosniff` no browser
 * runs as a script, a style or a page.
 */
function withType(headers: Record<string, string>, body: string, json: boolean): Record<string, string> {
  const type = headers['content-type'] || (json || isJson(body) ? JSON_TYPE : TEXT_TYPE);
  const kind = mockContentKind(type);
  if (kind === 'data') return { ...headers, 'content-type': type };
  const disposition = attachmentOf(headers['content-disposition']);
  if (kind === 'file') return { ...headers, 'content-type': type, 'content-disposition': disposition };
  return { ...headers, 'content-type': 'application/octet-stream', 'content-disposition': disposition };
}

/** A script result of the form `{status, headers, body}`: a `body` key and nothing but those three. */
function asFullResponse(
  value: JsonValue | undefined,
): { status?: unknown; headers?: unknown; body: JsonValue } | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, 'body'))
    return undefined;
  const keys = Object.keys(value);
  if (!keys.every((key) => key === 'status' || key === 'headers' || key === 'body')) return undefined;
  return value as { status?: unknown; headers?: unknown; body: JsonValue };
}

/** The sandbox request for a script (1) or a Mock.js template (2). */
export function sandboxRequestOf(config: MockAnswerConfig, request: ScriptRequest): RunRequest {
  const globals = {
    $params: request.params,
    $body: request.body,
    $headers: request.headers,
    $method: request.method,
    $path: request.path,
  };
  if (config.resultType === 2) {
    // The template is an expression (it may hold regular expressions and functions, as Mock.js allows).
    return { code: `return Mock.mock((\n${config.responseBody}\n));`, globals, mock: true };
  }
  return { code: config.mockScript, globals, mock: 'auto' };
}

/** A failed script's answer: the envelope shape of Quire's other errors, with the script's line when known. */
function failure(status: number, message: string, logs: string[], line?: number): MockAnswer {
  const code = status === 503 ? 'mock.busy' : 'mock.script_error';
  const body = JSON.stringify({ code, msg: message, data: line ? { line } : null });
  return { status, headers: { 'content-type': JSON_TYPE }, body, logs, error: message };
}

/** The answer of a configuration to a request. Never throws for a script's own failure. */
export async function answerOf(
  config: MockAnswerConfig,
  request: ScriptRequest,
  runScript: RunScript,
  lang: string,
): Promise<MockAnswer> {
  const configured = safeHeaders(config.responseHeaders);
  if (config.resultType !== 1 && config.resultType !== 2) {
    return {
      status: config.httpStatus,
      headers: withType(configured, config.responseBody, false),
      body: config.responseBody,
      logs: [],
      error: null,
    };
  }
  const result = await runScript(sandboxRequestOf(config, request));
  if (!result.ok) {
    if (result.error.kind === 'busy') return failure(503, translate(lang, 'mock', 'busy'), result.logs);
    const message = `${translate(lang, 'mock', 'scriptError')}: ${result.error.message}`;
    return failure(500, message, result.logs, result.error.line);
  }
  if (result.value === undefined) {
    return failure(500, translate(lang, 'mock', 'noReturn'), result.logs);
  }
  const full = config.resultType === 1 ? asFullResponse(result.value) : undefined;
  const value = full ? full.body : result.value;
  const status =
    full &&
    typeof full.status === 'number' &&
    Number.isInteger(full.status) &&
    full.status >= 100 &&
    full.status <= 599
      ? full.status
      : config.httpStatus;
  const scriptHeaders =
    full?.headers && typeof full.headers === 'object' && !Array.isArray(full.headers)
      ? safeHeaders(Object.entries(full.headers).map(([name, v]) => ({ name, value: v })))
      : {};
  const headers = { ...configured, ...scriptHeaders };
  if (typeof value === 'string')
    return { status, headers: withType(headers, value, false), body: value, logs: result.logs, error: null };
  const body = JSON.stringify(value ?? null);
  return { status, headers: withType(headers, body, true), body, logs: result.logs, error: null };
}
