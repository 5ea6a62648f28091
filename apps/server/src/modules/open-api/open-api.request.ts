import { OpenApiError } from './open-api.errors.ts';

/** The fields of an open-API request (Torna 4.1); every value as sent, for the signature. */
export type OpenRequest = Record<string, unknown>;

/**
 * Reads the body: JSON (what every client sends) or a form (`name=...&data=...`, easyopen also took those).
 * The door parses the text itself so a malformed body answers Torna's code 2, not the web API's error.
 */
export function parseOpenRequest(body: string, contentType: string | undefined): OpenRequest {
  const text = body.replace(/^\uFEFF/, '').trim();
  if (/^application\/x-www-form-urlencoded/i.test(contentType ?? '') && !text.startsWith('{')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new OpenApiError('2', 'bodyNotJson');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new OpenApiError('2', 'bodyNotJson');
  return parsed as OpenRequest;
}

/** Java's URLEncoder form: `+` is a space, `%XX` bytes of UTF-8. */
function formDecode(text: string): string {
  return decodeURIComponent(text.replace(/\+/g, ' '));
}

/**
 * The business `data`: URL-encoded JSON text (Torna's clients), plain JSON text, or a JSON object; absent or
 * empty is `{}`. JSON text starts with `{` or `[`; an encoded one starts with `%7B` / `%5B`.
 */
export function decodeData(data: unknown): unknown {
  if (data === undefined || data === null || data === '') return {};
  if (typeof data === 'object') return data;
  if (typeof data !== 'string') throw new OpenApiError('2', 'dataNotJson');
  const trimmed = data.trim();
  try {
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) return JSON.parse(trimmed);
    return JSON.parse(formDecode(trimmed));
  } catch {
    throw new OpenApiError('2', 'dataNotJson');
  }
}

/** Deepest nesting `data` may have: folders and param trees nest two levels per step; 200 leaves room for both. */
export const MAX_DATA_DEPTH = 200;

/** Refuses data nested deeper than the limit, walking with its own stack (never recursion). */
export function assertDataDepth(value: unknown, max = MAX_DATA_DEPTH): void {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth >= max) throw new OpenApiError('2', 'tooDeep', [max]);
    for (const child of Array.isArray(item.value) ? item.value : Object.values(item.value))
      if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: item.depth + 1 });
  }
}

/** A request field as text ("" when absent). */
export function fieldText(request: OpenRequest, key: string): string {
  const value = request[key];
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  return '';
}
