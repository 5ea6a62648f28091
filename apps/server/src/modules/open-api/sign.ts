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

/** Whether `sign` verifies, compared in constant time (case-insensitive hex). */
export function verifySign(request: OpenRequest, secret: string, sign: string): boolean {
  const expected = Buffer.from(signOf(request, secret));
  const given = Buffer.from(sign.trim().toUpperCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}
