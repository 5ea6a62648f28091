// What a mock may answer with. Mocks are served on Quire's own origin unless QUIRE_MOCK_ORIGIN moves them, so a
// mock answer must stay data: a `text/javascript` answer would run under the app's `script-src 'self'`, and
// headers such as Clear-Site-Data, Refresh, Link or Service-Worker-Allowed act on the whole origin. The same
// rules are checked when a configuration is saved (a clear validation error) and applied when a mock is
// served (scripts set headers too, and rows saved before these rules existed are still served).

/** Validation message keys of the rules (namespace `validation`; `{0}` is the header or the type). */
export const MockHeaderMessages = {
  header: 'validation.mock_header',
  type: 'validation.mock_content_type',
} as const;

/** Headers a mock may not send: they act on the whole origin, or the server sets them itself. */
export const MOCK_REFUSED_HEADERS: ReadonlySet<string> = new Set([
  // Origin-wide effects.
  'set-cookie',
  'set-cookie2',
  'clear-site-data',
  'refresh',
  'link',
  'service-worker-allowed',
  'strict-transport-security',
  'alt-svc',
  'origin-agent-cluster',
  'permissions-policy',
  'feature-policy',
  'report-to',
  'reporting-endpoints',
  'nel',
  'speculation-rules',
  'accept-ch',
  'critical-ch',
  'sourcemap',
  'x-sourcemap',
  'x-permitted-cross-domain-policies',
  'x-dns-prefetch-control',
  // Security headers the server sets on every mock answer.
  'content-security-policy',
  'content-security-policy-report-only',
  'x-content-type-options',
  'x-frame-options',
  'x-xss-protection',
  'cross-origin-opener-policy',
  'cross-origin-embedder-policy',
  'cross-origin-resource-policy',
  'timing-allow-origin',
  // Framing belongs to the server.
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'trailer',
]);

/** The CORS headers are the server's (`Access-Control-Allow-Origin: *` on every mock answer). */
const REFUSED_PREFIXES = ['access-control-'];

/** Whether a mock may send a header of this name (any case). */
export function isMockHeaderAllowed(name: string): boolean {
  const lower = name.trim().toLowerCase();
  return !MOCK_REFUSED_HEADERS.has(lower) && !REFUSED_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

/** How a content type is served: inline data, a file (always an attachment), or refused. */
export type MockContentKind = 'data' | 'file' | 'refused';

const DATA_TYPES = new Set([
  'application/json',
  'text/json',
  'application/x-ndjson',
  'text/plain',
  'text/csv',
  'text/tab-separated-values',
  'text/markdown',
  'application/xml',
  'text/xml',
  'application/x-www-form-urlencoded',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/apng',
  'image/bmp',
  'image/tiff',
  'image/x-icon',
  'image/vnd.microsoft.icon',
]);

const FILE_TYPES = new Set([
  'application/octet-stream',
  'application/pdf',
  'application/zip',
  'application/gzip',
  'application/x-gzip',
  'application/x-tar',
  'application/x-7z-compressed',
  'application/msword',
  'application/rtf',
  'application/protobuf',
  'application/x-protobuf',
]);

/** `type/subtype` without parameters, lower-case; undefined when the value is not one media type. */
export function mediaTypeOf(value: string): string | undefined {
  const essence = (value.split(';')[0] ?? '').trim().toLowerCase();
  // One type only: a comma would let a browser pick another type from the list.
  return /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(essence) && !value.includes(',')
    ? essence
    : undefined;
}

/**
 * JSON, text, XML and raster images are served as they are; archives, documents, audio, video and fonts only
 * as attachments; anything else (HTML, XHTML, JavaScript, CSS, SVG, WebAssembly, unknown types) is refused.
 */
export function mockContentKind(value: string): MockContentKind {
  const type = mediaTypeOf(value);
  if (!type) return 'refused';
  if (DATA_TYPES.has(type)) return 'data';
  if (/^application\/[a-z0-9!#$&^_.-]+\+json$/.test(type)) return 'data';
  if (/^application\/[a-z0-9!#$&^_.-]+\+xml$/.test(type) && type !== 'application/xhtml+xml') return 'data';
  if (FILE_TYPES.has(type)) return 'file';
  if (/^(audio|video|font)\/[a-z0-9!#$&^_.+-]+$/.test(type)) return 'file';
  if (/^application\/vnd\.[a-z0-9!#$&^_.+-]+$/.test(type) && !/(javascript|ecmascript|html)/.test(type))
    return 'file';
  return 'refused';
}

/**
 * Why a configured response header is not allowed (a validation message with its `{0}`), or undefined.
 * The `|` of a name would split the message key, so it is left out of the argument.
 */
export function mockHeaderProblem(name: string, value: string): string | undefined {
  const lower = name.trim().toLowerCase();
  if (!lower) return undefined;
  if (!isMockHeaderAllowed(lower)) return `${MockHeaderMessages.header}|${lower.replaceAll('|', '')}`;
  if (lower === 'content-type' && mockContentKind(value) === 'refused')
    return `${MockHeaderMessages.type}|${value.trim().slice(0, 100).replaceAll('|', '')}`;
  return undefined;
}
