import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { type AllowRule, checkAddress } from './address-policy.ts';

/**
 * The only way the server fetches a URL a user gave (swagger import). The host is resolved once and every
 * address is checked by `address-policy.ts` before connecting; the connection goes to the checked address
 * (the check is the socket's own lookup, so DNS cannot answer differently between check and connect).
 * Redirects are followed by hand and checked again, credentials are sent to the first origin only, and the
 * whole exchange has a deadline and a size cap (counted after decompression, so a zip bomb stops early).
 */
export type FetchErrorCode =
  | 'url_invalid'
  | 'address_refused'
  | 'timeout'
  | 'too_large'
  | 'http_status'
  | 'network'
  | 'too_many_redirects';

export class FetchError extends Error {
  constructor(
    readonly code: FetchErrorCode,
    readonly arg = '',
  ) {
    super(`${code}${arg ? `: ${arg}` : ''}`);
    this.name = 'FetchError';
  }
}

export interface GuardedFetchOptions {
  rule: AllowRule;
  /** The whole exchange, redirects included. */
  timeoutMs?: number;
  maxBytes?: number;
  auth?: { username: string; password: string } | undefined;
  maxRedirects?: number;
}

export const FETCH_DEFAULTS = { timeoutMs: 30_000, maxBytes: 50 * 1024 * 1024, maxRedirects: 5 };

/** A checked URL, or a FetchError: http(s) only, no credentials in the URL. */
export function parseFetchUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new FetchError('url_invalid', raw.slice(0, 200));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchError('url_invalid', url.protocol);
  if (url.username || url.password) throw new FetchError('url_invalid', 'credentials in the URL');
  return url;
}

function guardedLookup(host: string, rule: AllowRule): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 4);
      if (!addresses.length) return callback(new FetchError('network', `no address for ${hostname}`), '', 4);
      for (const entry of addresses) {
        const verdict = checkAddress(host, entry.address, rule);
        if (!verdict.ok)
          return callback(new FetchError('address_refused', `${hostname} (${verdict.kind})`), '', 4);
      }
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}

/** Fetches a URL as text under the guard. */
export async function guardedFetchText(
  raw: string,
  options: GuardedFetchOptions,
): Promise<{ text: string; url: string }> {
  const timeoutMs = options.timeoutMs ?? FETCH_DEFAULTS.timeoutMs;
  const maxBytes = options.maxBytes ?? FETCH_DEFAULTS.maxBytes;
  const maxRedirects = options.maxRedirects ?? FETCH_DEFAULTS.maxRedirects;
  const deadline = Date.now() + timeoutMs;
  const first = parseFetchUrl(raw);
  let url = first;
  for (let hop = 0; hop <= maxRedirects; hop++) {
    const auth = url.origin === first.origin ? options.auth : undefined;
    const response = await request(url, options.rule, auth, deadline, timeoutMs);
    const status = response.res.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.res.headers.location) {
      response.res.resume();
      response.done();
      url = parseFetchUrl(new URL(response.res.headers.location, url).toString());
      continue;
    }
    if (status < 200 || status >= 300) {
      response.res.resume();
      response.done();
      throw new FetchError('http_status', String(status));
    }
    try {
      const text = await readBody(response.res, maxBytes, deadline);
      return { text, url: url.toString() };
    } finally {
      response.done();
    }
  }
  throw new FetchError('too_many_redirects', String(maxRedirects));
}

/** Method, headers and body of a request other than the import's plain GET. */
interface RequestInit {
  method: string;
  headers: Record<string, string>;
  body?: string | Buffer | undefined;
}

/**
 * One request under the guard, answered as a Fetch API `Response` (for libraries that take a fetch function,
 * such as openid-client's `customFetch`). Redirects are not followed: the caller sees them, as with
 * `redirect: 'manual'`. The body is read whole under the size cap.
 */
export async function guardedFetchResponse(
  raw: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer | undefined },
  options: GuardedFetchOptions,
): Promise<Response> {
  const timeoutMs = options.timeoutMs ?? FETCH_DEFAULTS.timeoutMs;
  const maxBytes = options.maxBytes ?? FETCH_DEFAULTS.maxBytes;
  const deadline = Date.now() + timeoutMs;
  const url = parseFetchUrl(raw);
  const response = await request(url, options.rule, undefined, deadline, timeoutMs, {
    method: init.method ?? 'GET',
    headers: { 'user-agent': 'Quire', ...init.headers },
    body: init.body,
  });
  try {
    const text = await readBody(response.res, maxBytes, deadline);
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.res.headers)) {
      // The body is already decompressed and measured: those headers no longer describe it.
      if (value === undefined || name === 'content-encoding' || name === 'content-length') continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
    }
    const status = response.res.statusCode ?? 500;
    const empty = status === 204 || status === 304;
    return new Response(empty ? null : text, { status, headers });
  } finally {
    response.done();
  }
}

function request(
  url: URL,
  rule: AllowRule,
  auth: GuardedFetchOptions['auth'],
  deadline: number,
  timeoutMs: number,
  init?: RequestInit,
): Promise<{ res: IncomingMessage; done: () => void }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const verdict = checkAddress(host, host, rule);
    if (!verdict.ok) return Promise.reject(new FetchError('address_refused', `${host} (${verdict.kind})`));
  }
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = init
      ? { ...init.headers, 'accept-encoding': 'gzip, deflate, br' }
      : {
          accept: 'application/json, application/yaml, text/yaml, */*;q=0.5',
          'accept-encoding': 'gzip, deflate, br',
          'user-agent': 'Quire-import',
        };
    if (auth?.username)
      headers.authorization = `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
    const transport = url.protocol === 'https:' ? https : http;
    const req = transport.request(url, {
      method: init?.method ?? 'GET',
      headers,
      lookup: guardedLookup(host, rule),
      agent: false,
    });
    const left = Math.max(1, deadline - Date.now());
    const timer = setTimeout(
      () => req.destroy(new FetchError('timeout', `${Math.round(timeoutMs / 1000)} s`)),
      left,
    );
    const done = () => clearTimeout(timer);
    req.on('error', (error) => {
      done();
      reject(
        error instanceof FetchError
          ? error
          : (error as { cause?: unknown }).cause instanceof FetchError
            ? (error as { cause: FetchError }).cause
            : new FetchError('network', (error as Error).message),
      );
    });
    req.on('response', (res) => {
      // The timer stays armed until the body is read (done() is called by the caller).
      res.on('error', () => undefined);
      resolve({ res, done });
    });
    req.end(init?.body);
  });
}

function readBody(res: IncomingMessage, maxBytes: number, deadline: number): Promise<string> {
  const declared = Number(res.headers['content-length'] ?? 0);
  if (declared > maxBytes) {
    res.destroy();
    return Promise.reject(new FetchError('too_large', `${Math.round(maxBytes / 1024 / 1024)} MB`));
  }
  const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase();
  const stream =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? res.pipe(createGunzip())
      : encoding === 'deflate'
        ? res.pipe(createInflate())
        : encoding === 'br'
          ? res.pipe(createBrotliDecompress())
          : res;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(
      () => fail(new FetchError('timeout', 'reading the answer')),
      Math.max(1, deadline - Date.now()),
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      res.destroy();
      if (stream !== res) stream.destroy();
      reject(error);
    };
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) fail(new FetchError('too_large', `${Math.round(maxBytes / 1024 / 1024)} MB`));
      else chunks.push(chunk);
    });
    stream.on('error', (error) =>
      fail(error instanceof FetchError ? error : new FetchError('network', error.message)),
    );
    res.on('aborted', () => fail(new FetchError('network', 'connection closed')));
    res.on('error', (error) =>
      fail(error instanceof FetchError ? error : new FetchError('network', error.message)),
    );
    stream.on('end', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
  });
}
