import type { ApiDoc } from '../model/api-doc.ts';
import type { ParamRow } from '../model/param.ts';
import { plainText } from '../model/search-text.ts';
import { exampleObject, exampleOf } from './generate-example.ts';

/**
 * A concrete request built from a doc's params (examples where given, defaults by type otherwise): what the
 * code snippets send. Pure, browser-safe.
 */
export interface SampleRequest {
  method: string;
  /** Base URL + path, path params filled in, query string appended. */
  url: string;
  headers: Array<[string, string]>;
  /** JSON body, form fields, or nothing. */
  body:
    | { kind: 'none' }
    | { kind: 'json'; value: unknown }
    | { kind: 'form'; fields: Array<[string, string]> }
    | { kind: 'multipart'; fields: Array<{ name: string; value: string; file: boolean }> };
}

function scalar(value: unknown): string {
  if (value === null || value === undefined) return '';
  // A list of plain values goes as `a,b` in a query or form field, as Torna's debug panel sends it.
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object')) return value.join(',');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Joins a base URL and a path with exactly one slash between them. */
export function joinUrl(base: string, path: string): string {
  if (!base) return path;
  if (!path) return base;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** What a sample request reads of a doc (the stored doc or the detail call's answer). */
export type SampleSource = Pick<
  ApiDoc,
  'url' | 'contentType' | 'pathParams' | 'headerParams' | 'queryParams' | 'requestParams' | 'isRequestArray'
> & { httpMethod: string };

const METHODS_WITHOUT_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The sample request of an HTTP doc against `baseUrl` (an environment's base URL, or ""). */
export function sampleRequestOf(
  doc: SampleSource,
  baseUrl = '',
  extraHeaders: ReadonlyArray<ParamRow> = [],
): SampleRequest {
  const method = (doc.httpMethod || 'GET').toUpperCase();
  let path = doc.url;
  for (const param of doc.pathParams) {
    const value = scalar(exampleOf(param));
    path = path.replaceAll(`{${param.name}}`, encodeURIComponent(value || param.name));
  }
  const query = doc.queryParams
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(scalar(exampleOf(p)))}`)
    .join('&');
  const url = joinUrl(baseUrl, path) + (query ? `${path.includes('?') ? '&' : '?'}${query}` : '');
  const headers: Array<[string, string]> = [...extraHeaders, ...doc.headerParams].map((p) => [
    p.name,
    scalar(exampleOf(p)),
  ]);
  const contentType = doc.contentType.toLowerCase();
  const hasBody = !METHODS_WITHOUT_BODY.has(method) && doc.requestParams.length > 0;
  let body: SampleRequest['body'] = { kind: 'none' };
  if (hasBody) {
    if (contentType.includes('x-www-form-urlencoded')) {
      body = { kind: 'form', fields: doc.requestParams.map((p) => [p.name, scalar(exampleOf(p))]) };
    } else if (contentType.includes('multipart')) {
      body = {
        kind: 'multipart',
        fields: doc.requestParams.map((p) => ({
          name: p.name,
          value: scalar(exampleOf(p)),
          file: p.type === 'file' || p.type === 'file[]',
        })),
      };
    } else {
      const value = exampleObject(doc.requestParams);
      body = { kind: 'json', value: doc.isRequestArray ? [value] : value };
    }
  }
  const hasContentType = headers.some(([name]) => name.toLowerCase() === 'content-type');
  if (body.kind === 'json' || body.kind === 'form') {
    if (!hasContentType) {
      headers.push([
        'Content-Type',
        body.kind === 'json' ? 'application/json' : 'application/x-www-form-urlencoded',
      ]);
    }
  }
  return { method, url, headers, body };
}

/** A description as one plain line, for code comments. */
export function commentText(html: string): string {
  return plainText(html).replace(/\*\//g, '* /');
}
