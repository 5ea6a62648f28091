import type { LightMyRequestResponse } from 'fastify';
import { expectOk } from './org-fixture.ts';
import { envelopeOf, type TestApp } from './test-app.ts';

/** Java's URLEncoder (form style): letters, digits and `.-*_` kept, space as `+`, every other byte `%XX`. */
export function javaUrlEncode(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** A time as Torna's clients send `timestamp`: `yyyy-MM-dd HH:mm:ss` in local time, no zone. */
export function tornaTimestamp(at: Date = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
}

/** How `data` travels: URL-encoded JSON text (Torna's clients), plain JSON text, or an object. */
export type DataForm = 'url' | 'text' | 'object';

/** Builds an open-API body as Torna's clients do. */
export function openBody(
  name: string,
  data: unknown,
  token: string | undefined,
  options: { form?: DataForm; extra?: Record<string, unknown> } = {},
): Record<string, unknown> {
  const form = options.form ?? 'url';
  const json = JSON.stringify(data);
  return {
    name,
    version: '1.0',
    data: form === 'object' ? data : form === 'text' ? json : javaUrlEncode(json),
    ...(token === undefined ? {} : { access_token: token }),
    timestamp: tornaTimestamp(),
    ...options.extra,
  };
}

/** Posts to the open API. */
export function openCall(
  t: TestApp,
  name: string,
  data: unknown,
  token: string | undefined,
  options: { form?: DataForm; extra?: Record<string, unknown>; lang?: string } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api',
    headers: { 'content-type': 'application/json', 'accept-language': options.lang ?? 'en' },
    payload: JSON.stringify(openBody(name, data, token, options)),
  });
}

/** Calls the open API and answers `data`, failing the test with the body unless code is "0". */
export async function openOk<T = unknown>(response: Promise<LightMyRequestResponse>): Promise<T> {
  const answer = await response;
  const body = envelopeOf<T>(answer);
  if (body.code !== '0' || answer.statusCode !== 200)
    throw new Error(`expected code 0, got ${answer.statusCode}: ${answer.body}`);
  return body.data;
}

/** The push token of an application, created through the web API as `userToken`. */
export function refreshPushToken(t: TestApp, userToken: string, moduleId: string): Promise<string> {
  return expectOk<string>(t.get(`/api/module/token/refresh?moduleId=${moduleId}`, { token: userToken }));
}
