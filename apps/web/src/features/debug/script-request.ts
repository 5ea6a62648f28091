import type { BuiltRequest } from './debug-request.ts';
import type { ScriptRequest } from './script-runner.ts';

/**
 * The request a pre script sees, and what the panel sends once it ran. A script may change the method,
 * headers, body and the path or query, never the origin: a project's script (written by any developer of the
 * project) must not move a reader's request, with the tokens the reader typed, to a host of its choosing.
 */

export function toScriptRequest(request: BuiltRequest): ScriptRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of request.headers) headers[name] = value;
  return {
    method: request.method,
    url: request.url,
    headers,
    body: request.body.kind === 'text' ? request.body.text : '',
  };
}

/** A script that moved the request to another origin (or to a URL that is not http(s)). */
export class ScriptOriginError extends Error {
  constructor(
    readonly expected: string,
    readonly got: string,
  ) {
    super(`The script moved the request from ${expected} to ${got}`);
    this.name = 'ScriptOriginError';
  }
}

/** The origin a URL is sent to (a relative URL goes to the page's own), or null when it cannot be sent. */
export function originOf(url: string, page: string): string | null {
  try {
    const parsed = new URL(url, page);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * Applies a pre script's request to the built one; throws ScriptOriginError when the script's URL leaves the
 * origin of the request it was given (the environment's).
 */
export function fromScriptRequest(
  request: BuiltRequest,
  changed: ScriptRequest,
  page: string = globalThis.location?.href ?? 'http://localhost/',
): BuiltRequest {
  const url = changed.url || request.url;
  const expected = originOf(request.url, page);
  const got = originOf(url, page);
  if (url !== request.url && (got === null || got !== expected))
    throw new ScriptOriginError(expected ?? request.url, got ?? url.slice(0, 200));
  return {
    method: changed.method.toUpperCase() || request.method,
    url,
    headers: Object.entries(changed.headers),
    body: request.body.kind === 'text' ? { kind: 'text', text: changed.body } : request.body,
  };
}
