/** Schemes a help link may use; anything else (javascript:, data:, vbscript:, file: …) is not linked. */
const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/**
 * True for links that are safe to render: same-site paths, fragments and relative paths, or an absolute URL
 * with an allowed scheme. Protocol-relative `//host` links are refused like other off-site tricks.
 */
export function isSafeLink(url: string): boolean {
  const value = url.trim();
  if (value.startsWith('//') || value.startsWith('\\')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*:)/i.exec(value)?.[1]?.toLowerCase();
  return scheme === undefined || ALLOWED_SCHEMES.has(scheme);
}
