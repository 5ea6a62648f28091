import { exampleObject, exampleOf, joinUrl, shellQuote } from '@quire/api-model';
import type { DebugValue, DocDetail } from '@quire/shared';

/**
 * The debug panel's form and the request built from it. Pure (no React, no network), unit-tested in
 * debug-request.test.ts.
 */
export type BodyKind = DebugValue['bodyKind'];

export interface KeyValue {
  name: string;
  value: string;
  enabled: boolean;
}

export interface FormField extends KeyValue {
  file: boolean;
}

export interface DebugForm {
  envId: string;
  method: string;
  /** The doc's path, with `{name}` placeholders for the path params. */
  path: string;
  pathParams: Array<[string, string]>;
  queryParams: KeyValue[];
  headers: KeyValue[];
  bodyKind: BodyKind;
  bodyText: string;
  formFields: FormField[];
  useProxy: boolean;
}

/** Variables set by post scripts, used as `{{name}}` anywhere in the form. */
export type Variables = Record<string, string>;

/** A request ready to send. A multipart body names its file fields; the files come from the form's inputs. */
export interface BuiltRequest {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  body:
    | { kind: 'none' }
    | { kind: 'text'; text: string }
    | {
        kind: 'multipart';
        /** `index`: the row of the form, which the chosen files are keyed by. */
        fields: Array<{ name: string; value: string; file: boolean; index: number }>;
      };
}

/** The body could not be built from what was typed ('format conversion error'). */
export class FormatError extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'FormatError';
  }
}

const NO_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);

const CONTENT_TYPES: Partial<Record<BodyKind, string>> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  xml: 'application/xml',
  raw: 'text/plain',
};

function scalar(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object')) return value.join(',');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The body kind a doc's content type asks for. */
export function bodyKindOf(contentType: string, method: string, hasParams: boolean): BodyKind {
  const type = contentType.toLowerCase();
  if (type.includes('x-www-form-urlencoded')) return 'form';
  if (type.includes('multipart')) return 'multipart';
  if (type.includes('xml')) return 'xml';
  if (type.includes('text/plain')) return 'raw';
  if (type.includes('json')) return 'json';
  return NO_BODY.has(method) || !hasParams ? 'none' : 'json';
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A small XML rendering of an example object (element per key, arrays repeat the element). */
export function toXml(value: unknown, name = 'root', indent = ''): string {
  const tag = /^[A-Za-z_][\w.-]*$/.test(name) ? name : 'item';
  if (Array.isArray(value)) return value.map((item) => toXml(item, tag, indent)).join('\n');
  if (value && typeof value === 'object') {
    const inner = Object.entries(value as Record<string, unknown>)
      .map(([key, child]) => toXml(child, key, `${indent}  `))
      .join('\n');
    return `${indent}<${tag}>\n${inner}\n${indent}</${tag}>`;
  }
  return `${indent}<${tag}>${escapeXml(scalar(value))}</${tag}>`;
}

/**
 * The form a doc opens with: every param with its example (or a default by type), the environment's global
 * headers and params where the doc uses them, the body kind of the doc's content type.
 */
export function formFromDoc(doc: DocDetail, envId: string, useProxy: boolean): DebugForm {
  const method = (doc.httpMethod || 'GET').toUpperCase();
  const globalParams = doc.isUseGlobalParams ? doc.globalParams : [];
  const bodyParams = NO_BODY.has(method) ? doc.requestParams : [...globalParams, ...doc.requestParams];
  const queryRows = NO_BODY.has(method) ? [...globalParams, ...doc.queryParams] : doc.queryParams;
  const headerRows = [...(doc.isUseGlobalHeaders ? doc.globalHeaders : []), ...doc.headerParams];
  const bodyKind = bodyKindOf(doc.contentType, method, bodyParams.length > 0);
  const example = exampleObject(bodyParams);
  const jsonValue = doc.isRequestArray ? [example] : example;
  let bodyText = '';
  if (bodyKind === 'json') bodyText = JSON.stringify(jsonValue, null, 2);
  else if (bodyKind === 'xml') bodyText = `<?xml version="1.0" encoding="UTF-8"?>\n${toXml(jsonValue)}`;
  else if (bodyKind === 'raw') bodyText = '';
  const fields =
    bodyKind === 'form' || bodyKind === 'multipart' || NO_BODY.has(method)
      ? bodyParams.map((p) => ({
          name: p.name,
          value: p.type === 'file' || p.type === 'file[]' ? '' : scalar(exampleOf(p)),
          enabled: true,
          file: p.type === 'file' || p.type === 'file[]',
        }))
      : [];
  return {
    envId,
    method,
    path: doc.url,
    pathParams: doc.pathParams.map((p) => [p.name, scalar(exampleOf(p))]),
    queryParams: [
      ...queryRows.map((p) => ({ name: p.name, value: scalar(exampleOf(p)), enabled: true })),
      // A GET with request params sends them as the query, as Torna's panel does.
      ...(NO_BODY.has(method) ? fields.filter((f) => !f.file).map(({ file: _f, ...row }) => row) : []),
    ],
    headers: headerRows.map((p) => ({ name: p.name, value: scalar(exampleOf(p)), enabled: true })),
    bodyKind: NO_BODY.has(method) ? 'none' : bodyKind,
    bodyText,
    formFields: NO_BODY.has(method) ? [] : fields,
    useProxy,
  };
}

/** Replaces `{{name}}` with a variable's value; unknown names stay as typed. */
export function interpolate(text: string, vars: Variables): string {
  if (!text.includes('{{')) return text;
  return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(vars, name) ? (vars[name] ?? '') : whole,
  );
}

function checkXml(text: string): void {
  if (typeof DOMParser === 'undefined') return;
  const parsed = new DOMParser().parseFromString(text, 'application/xml');
  const error = parsed.getElementsByTagName('parsererror')[0];
  if (error) throw new FormatError(error.textContent?.split('\n')[0] ?? 'XML');
}

/** Builds the request from the form; a JSON or XML body that does not parse is a FormatError. */
export function buildRequest(form: DebugForm, baseUrl: string, vars: Variables = {}): BuiltRequest {
  const v = (text: string) => interpolate(text, vars);
  const method = form.method.toUpperCase();
  let path = v(form.path);
  for (const [name, value] of form.pathParams) {
    const filled = encodeURIComponent(v(value));
    path = path.replaceAll(`{${name}}`, filled);
  }
  const query = form.queryParams
    .filter((p) => p.enabled && p.name.trim())
    .map((p) => `${encodeURIComponent(v(p.name))}=${encodeURIComponent(v(p.value))}`)
    .join('&');
  const base = joinUrl(v(baseUrl), path);
  const url = query ? `${base}${base.includes('?') ? '&' : '?'}${query}` : base;
  const headers: Array<[string, string]> = form.headers
    .filter((h) => h.enabled && h.name.trim())
    .map((h) => [v(h.name).trim(), v(h.value)]);
  const hasType = () => headers.some(([name]) => name.toLowerCase() === 'content-type');
  let body: BuiltRequest['body'] = { kind: 'none' };
  if (!NO_BODY.has(method)) {
    const kind = form.bodyKind;
    if (kind === 'json') {
      const text = v(form.bodyText);
      if (text.trim()) {
        try {
          JSON.parse(text);
        } catch (error) {
          throw new FormatError((error as Error).message);
        }
      }
      body = { kind: 'text', text };
    } else if (kind === 'xml') {
      const text = v(form.bodyText);
      if (text.trim()) checkXml(text);
      body = { kind: 'text', text };
    } else if (kind === 'raw') {
      body = { kind: 'text', text: v(form.bodyText) };
    } else if (kind === 'form') {
      const params = new URLSearchParams();
      for (const f of form.formFields)
        if (f.enabled && f.name.trim() && !f.file) params.append(v(f.name), v(f.value));
      body = { kind: 'text', text: params.toString() };
    } else if (kind === 'multipart') {
      body = {
        kind: 'multipart',
        fields: form.formFields.flatMap((f, index) =>
          f.enabled && f.name.trim()
            ? [{ name: v(f.name), value: f.file ? f.value : v(f.value), file: f.file, index }]
            : [],
        ),
      };
    }
    const type = CONTENT_TYPES[kind];
    if (type && !hasType()) headers.push(['Content-Type', type]);
    // The browser writes a multipart body's content type itself, with its boundary.
    if (kind === 'multipart') {
      for (let i = headers.length - 1; i >= 0; i--)
        if (headers[i]?.[0].toLowerCase() === 'content-type') headers.splice(i, 1);
    }
  }
  return { method, url, headers, body };
}

/** The request as a curl command (file fields as `@name`). */
export function toCurl(request: BuiltRequest): string {
  const lines = [`curl -X ${request.method} ${shellQuote(request.url)}`];
  for (const [name, value] of request.headers) lines.push(`  -H ${shellQuote(`${name}: ${value}`)}`);
  if (request.body.kind === 'text' && request.body.text)
    lines.push(`  --data-raw ${shellQuote(request.body.text)}`);
  if (request.body.kind === 'multipart')
    for (const f of request.body.fields)
      lines.push(`  -F ${shellQuote(f.file ? `${f.name}=@${f.value || 'file'}` : `${f.name}=${f.value}`)}`);
  return lines.join(' \\\n');
}

/** The form as remembered on the server (files are never kept: only their field names). */
export function valueOfForm(form: DebugForm): DebugValue {
  return {
    envId: form.envId,
    method: form.method,
    url: form.path,
    useProxy: form.useProxy,
    pathParams: form.pathParams,
    queryParams: form.queryParams.map((p) => [p.name, p.value, p.enabled]),
    headers: form.headers.map((h) => [h.name, h.value, h.enabled]),
    bodyKind: form.bodyKind,
    bodyText: form.bodyText,
    formFields: form.formFields.map((f) => ({ ...f, value: f.file ? '' : f.value })),
    sentAt: '',
  };
}

/** A remembered value back as a form. */
export function formOfValue(value: DebugValue): DebugForm {
  return {
    envId: value.envId,
    method: value.method,
    path: value.url,
    useProxy: value.useProxy,
    pathParams: value.pathParams,
    queryParams: value.queryParams.map(([name, v, enabled]) => ({ name, value: v, enabled })),
    headers: value.headers.map(([name, v, enabled]) => ({ name, value: v, enabled })),
    bodyKind: value.bodyKind,
    bodyText: value.bodyText,
    formFields: value.formFields,
  };
}
