import { createHash, timingSafeEqual } from 'node:crypto';
import type { OpenRequest } from './open-api.request.ts';

/** The text a value is signed as: strings as sent, objects as their JSON, absent values left out. */
function signedValue(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * smart-doc's (easyopen's) signature: upper-case hex MD5 of `secret + name1value1name2value2... + secret`, the
 * request's fields sorted by name, `sign` itself left out. MD5 is what those clients send; the signature is a
 * second factor beside the push token, never the only credential.
 */
export function signOf(request: OpenRequest, secret: string): string {
  let text = secret;
  for (const name of Object.keys(request).sort()) {
    if (name === 'sign') continue;
    const value = signedValue(request[name]);
    if (value !== undefined) text += name + value;
  }
  text += secret;
  return createHash('md5').update(text, 'utf8').digest('hex').toUpperCase();
}

/** How far a signed request's `timestamp` may be from the server's clock, either way. */
export const SIGN_WINDOW_MS = 5 * 60_000;

/**
 * The instant a request's `timestamp` names, or undefined when it names none. Torna's clients (smart-doc,
 * the Java SDK) send `yyyy-MM-dd HH:mm:ss` in their local time without a zone, which is read in the server's
 * time zone as easyopen did (set `TZ` when clients and server differ); an ISO time with `Z` or an offset and
 * epoch milliseconds (13 digits) or seconds (10 digits) are read as such.
 */
export function timestampOf(text: string): number | undefined {
  const value = text.trim();
  if (/^\d{13}$/.test(value)) return Number(value);
  if (/^\d{10}$/.test(value)) return Number(value) * 1000;
  const local = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,3})?$/.exec(value);
  if (local) {
    const [y, mo, d, h, mi, s] = local.slice(1).map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const at = new Date(y, mo - 1, d, h, mi, s);
    // Refuse dates that roll over (2026-02-30 is not March 2nd).
    return at.getFullYear() === y && at.getMonth() === mo - 1 && at.getDate() === d
      ? at.getTime()
      : undefined;
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value)) {
    const at = Date.parse(value);
    return Number.isNaN(at) ? undefined : at;
  }
  return undefined;
}

/** Whether a signed request's time is close enough to `now` that it is not a replay of an old request. */
export function timestampFresh(at: number, now: number): boolean {
  return Math.abs(now - at) <= SIGN_WINDOW_MS;
}

/** Whether `sign` verifies, compared in constant time (case-insensitive hex). */
export function verifySign(request: OpenRequest, secret: string, sign: string): boolean {
  const expected = Buffer.from(signOf(request, secret));
  const given = Buffer.from(sign.trim().toUpperCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}
