import type { FastifyRequest } from 'fastify';

/** The cookie that ties a login in flight to the browser that started it (login CSRF at the callback). */
export const STATE_COOKIE = 'quire_oidc_state';
/**
 * The cookie that ties the login key to the browser that started the sign-in (login CSRF at `/successLogin`):
 * set with the state cookie, it outlives the callback and is needed when the key is redeemed, so a key
 * from someone else's sign-in is refused in a browser that never started one with it.
 */
export const BIND_COOKIE = 'quire_oidc_bind';
/** Both cookies go to the sign-in paths only: the callback and the key exchange. */
const COOKIE_PATH = '/api/system/oauth';

/** A cookie of the request by name, or undefined. */
export function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of String(request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** A sign-in cookie; an empty value with age 0 clears it. */
export function signInCookie(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  // HttpOnly: no script reads it. Lax: the provider's redirect back is a top-level GET, which Lax cookies
  // accompany, while a cross-site subrequest never carries it.
  return `${name}=${encodeURIComponent(value)}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=${Math.round(maxAgeSeconds)}${secure ? '; Secure' : ''}`;
}
