import {
  type CallContract,
  type CallInput,
  type CallResult,
  LOGGED_OUT_CODES,
  SessionCode,
  Timeouts,
} from '@quire/shared';
import { z } from 'zod';
import { ApiError, ClientErrorCode } from './api-error.ts';
import { confirmLoggedOut, toastError } from './feedback.ts';
import { i18n } from './i18n.ts';
import { currentPath, navigateTo } from './navigation.ts';
import { isPublicPath, loginUrlFor } from './route-guard.ts';
import { getToken, removeToken } from './storage.ts';

/** Per-call options. */
export interface RequestOptions {
  /** Do not toast a failure: the caller shows it itself (e.g. inline on a form, or a silent poll). */
  silent?: boolean;
  /** Cancels the call (TanStack Query passes one); a cancelled call rejects without a toast. */
  signal?: AbortSignal;
  /** Overrides the 600 s default request timeout. */
  timeoutMs?: number;
  /** Extra headers (a share visitor's `X-Share-Token`). */
  headers?: Record<string, string>;
}

/** Query parameters of a GET; undefined values are left out. */
export type QueryParams = Record<string, string | number | boolean | undefined>;

/** The envelope every `/api` answer carries; `data` is validated separately against the call's schema. */
const Envelope = z.object({ code: z.string(), msg: z.string(), data: z.unknown() });

const API_BASE = '/api';

const LOGGED_OUT: ReadonlySet<string> = new Set(LOGGED_OUT_CODES);

/** The URL of a path under `/api` (`/doc/list`) or of a contract's full path (`/api/doc/list`). */
function buildUrl(path: string, query?: QueryParams): string {
  const url =
    path === API_BASE || path.startsWith(`${API_BASE}/`)
      ? path
      : `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function buildHeaders(hasBody: boolean, extra?: Record<string, string>): Headers {
  const headers = new Headers({ ...extra, Accept: 'application/json', 'Accept-Language': i18n.language });
  if (hasBody) headers.set('Content-Type', 'application/json');
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/** The one generic failure text ("Request error, see log"), in the current language. */
function requestErrorText(): string {
  return i18n.t('common.requestError');
}

function failWithRequestError(status: number, code: string, silent: boolean): never {
  const text = requestErrorText();
  if (!silent) toastError(text);
  throw new ApiError({ status, code, message: text });
}

function handleNotLoggedIn(): void {
  removeToken();
  const path = currentPath();
  // A public page (share, show, login …) stays where it is; anything else returns here after logging in.
  if (!isPublicPath(path)) navigateTo(loginUrlFor(path), { replace: true });
}

function handleLoggedOutCode(): void {
  confirmLoggedOut(
    {
      title: i18n.t('common.loggedOutTitle'),
      content: i18n.t('common.loggedOutText'),
      okText: i18n.t('common.reLogin'),
      cancelText: i18n.t('common.cancel'),
    },
    () => {
      removeToken();
      // The one full reload we allow: a fresh start after choosing to log in again.
      window.location.reload();
    },
  );
}

async function send(url: string, init: RequestInit, options: RequestOptions): Promise<Response> {
  const controller = new AbortController();
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort();
  }, options.timeoutMs ?? Timeouts.mainRequestMs);
  const forwardAbort = () => controller.abort();
  options.signal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } catch {
    if (options.signal?.aborted && !isTimedOut) {
      // The caller cancelled (e.g. a query unmounted): nothing went wrong, so nothing is shown.
      throw new ApiError({ status: 0, code: ClientErrorCode.aborted, message: 'aborted' });
    }
    return failWithRequestError(
      0,
      isTimedOut ? ClientErrorCode.timeout : ClientErrorCode.network,
      options.silent ?? false,
    );
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

async function request<S extends z.ZodType>(
  method: 'GET' | 'POST',
  path: string,
  schema: S,
  payload: { query?: QueryParams; body?: unknown },
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const silent = options.silent ?? false;
  const hasBody = method === 'POST';
  // A FormData body (an upload) sets its own multipart content type and boundary.
  const isForm = payload.body instanceof FormData;
  const response = await send(
    buildUrl(path, payload.query),
    {
      method,
      headers: buildHeaders(hasBody && !isForm, options.headers),
      body: isForm ? (payload.body as FormData) : hasBody ? JSON.stringify(payload.body ?? {}) : undefined,
    },
    options,
  );

  let json: unknown;
  try {
    json = await response.json();
  } catch {
    return failWithRequestError(response.status, ClientErrorCode.badResponse, silent);
  }
  const envelope = Envelope.safeParse(json);
  if (!envelope.success) return failWithRequestError(response.status, ClientErrorCode.badResponse, silent);

  const { code, msg, data } = envelope.data;
  if (code === SessionCode.ok) {
    const parsed = schema.safeParse(data);
    if (parsed.success) return parsed.data;
    console.error(`Unexpected answer from ${method} ${path}`, parsed.error);
    return failWithRequestError(response.status, ClientErrorCode.badResponse, silent);
  }

  const error = new ApiError({ status: response.status, code, message: msg || requestErrorText(), data });
  if (code === SessionCode.notLoggedIn) handleNotLoggedIn();
  else if (code === SessionCode.mustSetPassword) navigateTo('/setPassword', { replace: true });
  else if (LOGGED_OUT.has(code)) handleLoggedOutCode();
  else if (!silent) toastError(error.message);
  throw error;
}

/** The arguments after the contract: the input is optional only when the contract's input allows nothing. */
export type CallArgs<C extends CallContract> =
  undefined extends CallInput<C>
    ? [input?: CallInput<C>, options?: RequestOptions]
    : [input: CallInput<C>, options?: RequestOptions];

/**
 * Calls the server through a contract from `@quire/shared`: the input is typed by the contract's query
 * (GET) or body (POST) schema, and the answer's `data` is validated against its response schema.
 */
export function call<C extends CallContract>(contract: C, ...args: CallArgs<C>): Promise<CallResult<C>> {
  const [input, options] = args;
  const payload =
    contract.method === 'GET' ? { query: input as QueryParams | undefined } : { body: input as unknown };
  return request(contract.method, contract.path, contract.response, payload, options) as Promise<
    CallResult<C>
  >;
}

/**
 * A file upload to a call that takes a multipart body (the imports): the form replaces the contract's JSON
 * input; the answer is validated like any call's.
 */
export function upload<C extends CallContract & { method: 'POST' }>(
  contract: C,
  form: FormData,
  options?: RequestOptions,
): Promise<CallResult<C>> {
  return request('POST', contract.path, contract.response, { body: form }, options) as Promise<CallResult<C>>;
}

/** A file answered by the server (`Content-Disposition: attachment`). */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** The file name of a download: the UTF-8 `filename*` when given, else the plain `filename`. */
function fileNameOf(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (star) {
    try {
      return decodeURIComponent(star);
    } catch {
      // a malformed name: fall through to the plain one
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * Calls a route that answers a file: POST with a JSON body, or GET with `body` as the query. A refusal
 * still comes as the JSON envelope: it is thrown (and shown unless silent) like any other call's. A route
 * that may answer work to follow instead of the file (a large export answers a job) gets the envelope's
 * `data` back, checked against `other`.
 */
export async function apiDownload<S extends z.ZodType = z.ZodNever>(
  path: string,
  body: unknown,
  options: RequestOptions & { method?: 'GET' | 'POST'; other?: S } = {},
): Promise<DownloadedFile | { data: z.output<S> }> {
  const isGet = options.method === 'GET';
  const response = await send(
    isGet ? buildUrl(path, body as QueryParams) : buildUrl(path),
    isGet
      ? { method: 'GET', headers: buildHeaders(false) }
      : { method: 'POST', headers: buildHeaders(true), body: JSON.stringify(body ?? {}) },
    options,
  );
  const disposition = response.headers.get('Content-Disposition');
  if (response.ok && disposition)
    return { blob: await response.blob(), fileName: fileNameOf(disposition, 'export') };
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    return failWithRequestError(response.status, ClientErrorCode.badResponse, options.silent ?? false);
  }
  const envelope = Envelope.safeParse(json);
  if (!envelope.success)
    return failWithRequestError(response.status, ClientErrorCode.badResponse, options.silent ?? false);
  const { code, msg, data } = envelope.data;
  if (response.ok && code === '0' && options.other) {
    const parsed = options.other.safeParse(data);
    if (parsed.success) return { data: parsed.data };
    return failWithRequestError(response.status, ClientErrorCode.badResponse, options.silent ?? false);
  }
  const error = new ApiError({ status: response.status, code, message: msg || requestErrorText(), data });
  if (code === SessionCode.notLoggedIn) handleNotLoggedIn();
  else if (!options.silent) toastError(error.message);
  throw error;
}
