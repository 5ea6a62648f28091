/** Paths open without a token: exact matches. */
const PUBLIC_PATHS: ReadonlySet<string> = new Set([
  '/login',
  '/reg',
  '/resetPassword',
  '/findPassword',
  '/successLogin',
]);

/** Path prefixes open without a token: shared docs and composed-project sites. */
const PUBLIC_PREFIXES = ['/share', '/show'] as const;

/** True when a path may be shown without a token. */
export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.has(pathname) || PUBLIC_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** The login URL that brings the user back to `pathname` afterwards (path only; the query is dropped). */
export function loginUrlFor(pathname: string): string {
  return `/login?redirect=${encodeURIComponent(pathname)}`;
}

/**
 * The navigation guard: where a navigation to `pathname` must go instead, or null to let
 * it through. With a token `/login` goes to `/` and `/` to `/dashboard`; without one only the public paths pass.
 */
export function resolveGuard(pathname: string, hasToken: boolean): string | null {
  if (hasToken) {
    if (pathname === '/login') return '/';
    if (pathname === '/') return '/dashboard';
    return null;
  }
  return isPublicPath(pathname) ? null : loginUrlFor(pathname);
}
