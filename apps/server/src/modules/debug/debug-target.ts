/**
 * Pure rules of the debug proxy: where a call may go and which headers go with it. No I/O, unit-tested in
 * debug-target.test.ts.
 */

/**
 * Whether `target` lies under an environment's base URL: same scheme, host and port, and a path equal to the
 * base path or below it at a segment boundary (`/api` covers `/api` and `/api/x`, not `/apix`). Both URLs are
 * parsed by the WHATWG parser first, so `..`, `%2e%2e`, default ports and the spellings of a host compare as
 * what they reach.
 */
export function isUnderBase(target: URL, baseUrl: string): boolean {
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    return false;
  }
  if (base.protocol !== target.protocol || base.host !== target.host) return false;
  const basePath = base.pathname.replace(/\/+$/, '');
  return !basePath || target.pathname === basePath || target.pathname.startsWith(`${basePath}/`);
}

/**
 * Whether an admin-listed host entry covers the target: `api.example.com` (any port), `api.example.com:8080`
 * (that port), `*.example.com` (any sub-domain, not the bare domain).
 */
export function hostEntryCovers(entry: string, target: URL): boolean {
  const wanted = entry.trim().toLowerCase();
  if (!wanted) return false;
  const host = target.hostname.toLowerCase();
  if (wanted.startsWith('*.')) return host.endsWith(wanted.slice(1)) && host.length > wanted.length - 1;
  if (wanted.includes(':') && !wanted.startsWith('[')) return target.host.toLowerCase() === wanted;
  if (wanted.startsWith('[')) return target.host.toLowerCase() === wanted || `[${host}]` === wanted;
  return host === wanted;
}

// Headers the proxy computes itself or that describe the connection to Quire, never the call upstream.
const HOP_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'proxy-authorization',
  'proxy-connection',
  'http2-settings',
]);

/** The upstream headers from `target-headers`, or null when it is not a JSON object of scalar values. */
export function parseTargetHeaders(raw: string | undefined): Record<string, string> | null {
  if (raw === undefined || raw.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'object') return null;
    const key = name.trim();
    // A header name is a token; a value has no line breaks (either would let a caller forge a request).
    if (!/^[!#$%&'*+.^_`|~0-9a-z-]+$/i.test(key)) return null;
    const text = String(value);
    if (/[\r\n\0]/.test(text)) return null;
    if (HOP_HEADERS.has(key.toLowerCase()) || key.toLowerCase().startsWith('proxy-')) continue;
    out[key] = text;
  }
  return out;
}

/**
 * Drops every header that carries one of Quire's own credentials (the caller's session token, a cookie of
 * Quire's): a script or a copied header must not send them to the API being tried.
 */
export function withoutCredentials(
  headers: Record<string, string>,
  credentials: ReadonlyArray<string>,
): Record<string, string> {
  const secrets = credentials.filter((c) => c.length >= 16);
  if (!secrets.length) return headers;
  return Object.fromEntries(
    Object.entries(headers).filter(([, value]) => !secrets.some((secret) => value.includes(secret))),
  );
}

/** The header value of a name, whatever its case. */
export function headerOf(headers: Record<string, string>, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === lower) return value;
  return undefined;
}

/** The headers without any spelling of one name. */
export function withoutHeader(headers: Record<string, string>, name: string): Record<string, string> {
  const lower = name.toLowerCase();
  return Object.fromEntries(Object.entries(headers).filter(([key]) => key.toLowerCase() !== lower));
}
