import { DEBUG_PROXY_PATH, DebugHeaders } from '@quire/shared';
import { i18n } from '../../lib/i18n.ts';
import { getToken } from '../../lib/storage.ts';
import type { BuiltRequest } from './debug-request.ts';

/**
 * Sends a built request from the browser (direct) or through Quire's guarded proxy, and reads the answer as
 * bytes with its status, headers, time and size.
 */
export interface DebugResponse {
  status: number;
  headers: Array<[string, string]>;
  contentType: string;
  body: Uint8Array;
  ms: number;
  via: 'direct' | 'proxy';
}

/** Why a send failed: the browser refused (CORS, network), the proxy refused (with its message), cancelled. */
export class SendError extends Error {
  constructor(
    readonly kind: 'browser' | 'refused' | 'aborted',
    message: string,
    readonly code = '',
  ) {
    super(message);
    this.name = 'SendError';
  }
}

/** Files chosen in the form, by field index of the multipart body. */
export type FormFiles = ReadonlyMap<number, ReadonlyArray<File>>;

function multipartBody(request: BuiltRequest, files: FormFiles): FormData | undefined {
  if (request.body.kind !== 'multipart') return undefined;
  const form = new FormData();
  for (const field of request.body.fields) {
    if (!field.file) form.append(field.name, field.value);
    else for (const file of files.get(field.index) ?? []) form.append(field.name, file, file.name);
  }
  return form;
}

function bodyOf(request: BuiltRequest, files: FormFiles): BodyInit | undefined {
  if (request.body.kind === 'text') return request.body.text;
  return multipartBody(request, files);
}

/** A JSON text safe in a header value (non-ASCII escaped), as the proxy's `target-headers` needs. */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function headerObject(headers: ReadonlyArray<[string, string]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of headers) out[name] = out[name] === undefined ? value : `${out[name]}, ${value}`;
  return out;
}

async function readAll(response: Response): Promise<Uint8Array> {
  return new Uint8Array(await response.arrayBuffer());
}

/** Straight from the browser: cookies are not sent, and a CORS refusal is a SendError('browser'). */
export async function sendDirect(
  request: BuiltRequest,
  files: FormFiles,
  signal: AbortSignal,
): Promise<DebugResponse> {
  const started = performance.now();
  let response: Response;
  try {
    const headers = new Headers();
    for (const [name, value] of request.headers) headers.append(name, value);
    response = await fetch(request.url, {
      method: request.method,
      headers,
      body: bodyOf(request, files) ?? null,
      signal,
      credentials: 'omit',
      redirect: 'follow',
    });
  } catch (error) {
    if (signal.aborted) throw new SendError('aborted', 'aborted');
    // The browser tells the page nothing more than "failed" (CORS, DNS, refused connection): the Console has it.
    console.error('Debug request failed', error);
    throw new SendError('browser', i18n.t('debug.sendFailed'));
  }
  const body = await readAll(response);
  return {
    status: response.status,
    headers: [...response.headers.entries()],
    contentType: response.headers.get('content-type') ?? '',
    body,
    ms: Math.round(performance.now() - started),
    via: 'direct',
  };
}

/**
 * Through `ANY /api/doc/debug/v1` with Torna's headers and `target-doc-id`; `visitorHeaders` name the share
 * (and carry its session) when a visitor of a share or show page sends.
 */
export async function sendProxy(
  request: BuiltRequest,
  files: FormFiles,
  docId: string,
  signal: AbortSignal,
  visitorHeaders: Record<string, string> = {},
): Promise<DebugResponse> {
  const started = performance.now();
  const targetHeaders = headerObject(request.headers);
  if (request.body.kind === 'multipart') targetHeaders['Content-Type'] = 'multipart/form-data';
  const headers = new Headers({
    ...visitorHeaders,
    [DebugHeaders.targetUrl]: request.url,
    [DebugHeaders.targetHeaders]: asciiJson(targetHeaders),
    [DebugHeaders.targetDocId]: docId,
    'Accept-Language': i18n.language,
  });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const contentType = request.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  if (request.body.kind === 'text' && contentType) headers.set('Content-Type', contentType);
  let response: Response;
  try {
    response = await fetch(DEBUG_PROXY_PATH, {
      method: request.method,
      headers,
      body: bodyOf(request, files) ?? null,
      signal,
      credentials: 'omit',
    });
  } catch (error) {
    if (signal.aborted) throw new SendError('aborted', 'aborted');
    console.error('Debug request through the proxy failed', error);
    throw new SendError('browser', i18n.t('debug.sendFailed'));
  }
  const upstream = response.headers.get(DebugHeaders.responseHeaders);
  if (upstream === null) {
    // The proxy's own answer: a refusal in the envelope, in the caller's language.
    let message = i18n.t('common.requestError');
    let code = '';
    try {
      const envelope = (await response.json()) as { code?: string; msg?: string };
      message = envelope.msg || message;
      code = envelope.code ?? '';
    } catch {
      // not an envelope: keep the generic text
    }
    throw new SendError('refused', message, code);
  }
  let parsed: Record<string, string> = {};
  try {
    parsed = JSON.parse(upstream) as Record<string, string>;
  } catch {
    parsed = {};
  }
  const body = await readAll(response);
  return {
    status: response.status,
    headers: Object.entries(parsed),
    contentType: parsed['content-type'] ?? '',
    body,
    ms: Math.round(performance.now() - started),
    via: 'proxy',
  };
}
