// fetch for calls that carry a token (push, export): redirects are followed only within the origin the
// user named. A 307/308 keeps the method and body, so following one to another origin would hand the push
// token in the body (or the bearer header) to whoever that server points at.

/** Thrown when the server redirects a call carrying a token to another origin. */
export class CrossOriginRedirectError extends Error {}

const MAX_REDIRECTS = 5;

/**
 * `fetch(url, init)` with redirects handled here: to the same origin they are followed (303, and 301/302
 * after a POST, become a GET without a body, as browsers do; 307/308 repeat the call), to another origin
 * the call stops with a CrossOriginRedirectError naming where it was sent.
 */
export async function fetchSameOrigin(url, init = {}) {
  const origin = new URL(url).origin;
  let target = url;
  let request = { ...init };
  for (let hop = 0; ; hop++) {
    const response = await fetch(target, { ...request, redirect: 'manual' });
    const location = response.headers.get('location');
    if (![301, 302, 303, 307, 308].includes(response.status) || !location) return response;
    const next = new URL(location, target);
    await response.body?.cancel();
    if (next.origin !== origin)
      throw new CrossOriginRedirectError(
        `${origin} redirected to another origin (${next.origin}); not following it with the token. Use that address as the server if it is yours.`,
      );
    if (hop >= MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects from ${url}`);
    const method = String(request.method ?? 'GET').toUpperCase();
    if (
      response.status === 303 ||
      ((response.status === 301 || response.status === 302) && method === 'POST')
    ) {
      const { body: _dropped, ...rest } = request;
      const headers = new Headers(rest.headers);
      headers.delete('content-type');
      request = { ...rest, method: 'GET', headers };
    }
    target = next.href;
  }
}
