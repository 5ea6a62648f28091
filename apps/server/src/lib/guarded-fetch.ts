import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { type AllowRule, checkAddress } from './address-policy.ts';

/**
 * The only way the server fetches a URL a user gave (swagger import, webhook deliveries, the debug proxy). The
 * host is resolved once and every
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

/** Name resolution: every address of a host name. Tests pass their own, so no test needs a name server. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses: LookupAddress[]) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/**
 * The socket's lookup: resolves the name once and hands the socket only the addresses the rule allows, so
 * the connection goes to a checked address (a second answer from DNS cannot slip in between check and
 * connect). A name with no allowed address is refused with the class of its first address.
 */
function guardedLookup(host: string, rule: AllowRule, resolver: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolver(hostname).then(
      (addresses) => {
        if (!addresses.length)
          return callback(new FetchError('network', `no address for ${hostname}`), '', 4);
        const allowed: LookupAddress[] = [];
        let refused = '';
        for (const entry of addresses) {
          const verdict = checkAddress(host, entry.address, rule);
          if (verdict.ok) allowed.push(entry);
          else refused ||= verdict.kind;
        }
        if (!allowed.length)
          return callback(new FetchError('address_refused', `${hostname} (${refused})`), '', 4);
        if ((options as { all?: boolean }).all)
          return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
        const first = allowed[0] as LookupAddress;
        callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };
}

/** Fetches a URL as text under the guard. */
export async function guardedFetchText(
  raw: string,
  options: GuardedFetchOptions,
): Promise<{ text: string; url: string }> {
  const { body, url } = await guardedFetchBytes(raw, options);
  return { text: body.toString('utf8'), url };
}

/**
 * As `guardedFetchText`, the body as bytes: an import hands them to its worker thread undecoded (decoding
 * 20 MB to a string took 150 ms of the thread that answers requests).
 */
export async function guardedFetchBytes(
  raw: string,
  options: GuardedFetchOptions,
): Promise<{ body: Buffer; url: string }> {
  const first = parseFetchUrl(raw);
  const response = await guardedRequest(first.toString(), {
    ...options,
    headers: {
      accept: 'application/json, application/yaml, text/yaml, */*;q=0.5',
      'accept-encoding': 'gzip, deflate, br',
      'user-agent': 'Quire-import',
    },
    // Basic auth goes to the first origin only: a redirect elsewhere must not collect the password.
    headersFor: (url): Record<string, string> =>
      url.origin === first.origin && options.auth?.username
        ? {
            authorization: `Basic ${Buffer.from(`${options.auth.username}:${options.auth.password}`).toString('base64')}`,
          }
        : {},
  });
  if (response.status < 200 || response.status >= 300)
    throw new FetchError('http_status', String(response.status));
  return { body: response.body, url: response.url };
}

/** One outbound request: method, headers and body as given; redirects are followed by `guardedRequest`. */
export interface GuardedRequestOptions extends GuardedFetchOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | undefined;
  /** Extra headers per hop (credentials meant for one origin only). */
  headersFor?: (url: URL) => Record<string, string>;
  /** Checked before every hop, the first included; throws to refuse (the debug proxy's environment rule). */
  checkUrl?: (url: URL) => void;
  resolver?: Resolver;
}

/** The final answer: status, headers (as received), body (decompressed), the URL that answered it. */
export interface GuardedResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  url: string;
  redirects: number;
}

const CROSS_ORIGIN_DROPPED = new Set(['authorization', 'cookie', 'proxy-authorization']);

/**
 * Sends one request under the guard and follows redirects by hand: each hop's URL goes through `checkUrl` and
 * its addresses through the allow rule again; 301/302/303 turn into a GET without body (as browsers do), 307
 * and 308 keep both; credentials and cookies stay with the first origin.
 */
export async function guardedRequest(raw: string, options: GuardedRequestOptions): Promise<GuardedResponse> {
  const timeoutMs = options.timeoutMs ?? FETCH_DEFAULTS.timeoutMs;
  const maxBytes = options.maxBytes ?? FETCH_DEFAULTS.maxBytes;
  const maxRedirects = options.maxRedirects ?? FETCH_DEFAULTS.maxRedirects;
  const resolver = options.resolver ?? systemResolver;
  const deadline = Date.now() + timeoutMs;
  const first = parseFetchUrl(raw);
  let url = first;
  let method = (options.method ?? 'GET').toUpperCase();
  let body = options.body;
  let headers: Record<string, string> = { ...options.headers };
  for (let hop = 0; hop <= maxRedirects; hop++) {
    options.checkUrl?.(url);
    const sent = { ...headers, ...options.headersFor?.(url) };
    const response = await request(
      url,
      options.rule,
      resolver,
      { method, headers: sent, body },
      deadline,
      timeoutMs,
    );
    const status = response.res.statusCode ?? 0;
    const location = response.res.headers.location;
    if (status >= 300 && status < 400 && location) {
      response.res.resume();
      response.done();
      const next = parseFetchUrl(new URL(location, url).toString());
      if (status !== 307 && status !== 308) {
        if (method !== 'HEAD') method = 'GET';
        body = undefined;
        headers = Object.fromEntries(
          Object.entries(headers).filter(([name]) => !/^content-(type|length|encoding)$/i.test(name)),
        );
      }
      if (next.origin !== first.origin)
        headers = Object.fromEntries(
          Object.entries(headers).filter(([name]) => !CROSS_ORIGIN_DROPPED.has(name.toLowerCase())),
        );
      url = next;
      continue;
    }
    try {
      const buffer = method === 'HEAD' ? Buffer.alloc(0) : await readBody(response.res, maxBytes, deadline);
      return { status, headers: response.res.headers, body: buffer, url: url.toString(), redirects: hop };
    } finally {
      response.done();
    }
  }
  throw new FetchError('too_many_redirects', String(maxRedirects));
}

/**
 * Posts a body to a URL under the same guard (webhook deliveries): one hop, no redirects followed (a hook
 * that moves answers its 3xx, recorded as a failure), the answer read up to `maxBytes`. Answers the status
 * and the text whatever the status; throws a FetchError when no answer came.
 */
export async function guardedPost(
  raw: string,
  body: string,
  options: GuardedFetchOptions & { headers?: Record<string, string>; resolver?: Resolver },
): Promise<{ status: number; text: string }> {
  const timeoutMs = options.timeoutMs ?? FETCH_DEFAULTS.timeoutMs;
  const maxBytes = options.maxBytes ?? 64 * 1024;
  const deadline = Date.now() + timeoutMs;
  const url = parseFetchUrl(raw);
  const headers = {
    accept: 'application/json, */*;q=0.5',
    'user-agent': 'Quire-webhook',
    'content-type': 'application/json; charset=utf-8',
    ...options.headers,
  };
  const init = { method: 'POST', headers, body: Buffer.from(body, 'utf8') };
  const response = await request(
    url,
    options.rule,
    options.resolver ?? systemResolver,
    init,
    deadline,
    timeoutMs,
  );
  try {
    const status = response.res.statusCode ?? 0;
    const text = await readBody(response.res, maxBytes, deadline).then(
      (buffer) => buffer.toString('utf8'),
      (error: unknown) => {
        // The status is the answer that counts; an oversized or cut body is not worth a retry.
        if (error instanceof FetchError && error.code !== 'timeout') return '';
        throw error;
      },
    );
    return { status, text };
  } finally {
    response.done();
  }
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
  const body = typeof init.body === 'string' ? Buffer.from(init.body, 'utf8') : init.body;
  const response = await request(
    url,
    options.rule,
    systemResolver,
    { method: init.method ?? 'GET', headers: { 'user-agent': 'Quire', ...init.headers }, body },
    deadline,
    timeoutMs,
  );
  try {
    const text = (await readBody(response.res, maxBytes, deadline)).toString('utf8');
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
  resolver: Resolver,
  init: { method: string; headers: Record<string, string>; body: Buffer | undefined },
  deadline: number,
  timeoutMs: number,
): Promise<{ res: IncomingMessage; done: () => void }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const verdict = checkAddress(host, host, rule);
    if (!verdict.ok) return Promise.reject(new FetchError('address_refused', `${host} (${verdict.kind})`));
  }
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.body) headers['content-length'] = String(init.body.length);
    const transport = url.protocol === 'https:' ? https : http;
    const req = transport.request(url, {
      method: init.method,
      headers,
      lookup: guardedLookup(host, rule, resolver),
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
    req.end(init.body);
  });
}

function readBody(res: IncomingMessage, maxBytes: number, deadline: number): Promise<Buffer> {
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
  // An answer of declared length, not compressed, is copied chunk by chunk into its final buffer as it arrives:
  // joining 20 MB of chunks at the end held the thread that answers requests for tens of milliseconds.
  const whole = stream === res && declared > 0 ? Buffer.allocUnsafeSlow(declared) : null;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // Bytes copied into `whole`; a server that sends more than it declared has the rest kept in `chunks`.
    let filled = 0;
    const timer = setTimeout(
      () => fail(new FetchError('timeout', 'reading the answer')),
      Math.max(1, deadline - Date.now()),
    );
    let settled = false;
    // The first failure wins: destroying the response makes it emit 'aborted' too.
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(error);
      res.destroy();
      if (stream !== res) stream.destroy();
    };
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) fail(new FetchError('too_large', `${Math.round(maxBytes / 1024 / 1024)} MB`));
      else if (whole && chunks.length === 0 && size <= whole.length) {
        chunk.copy(whole, filled);
        filled = size;
      } else chunks.push(chunk);
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
      if (whole && chunks.length === 0) resolve(filled === whole.length ? whole : whole.subarray(0, filled));
      else resolve(Buffer.concat(whole ? [whole.subarray(0, filled), ...chunks] : chunks));
    });
  });
}
