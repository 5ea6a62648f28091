/** Where a login lands when no usable `redirect` is given. */
export const DEFAULT_LANDING = '/dashboard';

/**
 * Accepts a `redirect` query value only when it is a path on this site: it must start with exactly one `/`
 * (`//evil.example` and `/\evil.example` are protocol-relative to browsers), contain no control characters,
 * and resolve to our own origin. Anything else falls back to the dashboard, so a crafted login link cannot
 * send a user to another site after they typed their password.
 */
export function sanitizeRedirect(raw: string | null | undefined, fallback: string = DEFAULT_LANDING): string {
  if (!raw || raw.length > 2048) return fallback;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point.
  if (/[\u0000-\u001f\u007f]/.test(raw)) return fallback;
  try {
    const base = window.location.origin;
    const url = new URL(raw, base);
    if (url.origin !== base) return fallback;
    // Landing back on the login page would only bounce; send the user home instead.
    if (url.pathname === '/login') return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
