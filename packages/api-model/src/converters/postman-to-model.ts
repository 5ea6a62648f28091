/**
 * Postman Collection v2.0/v2.1 -> a SourceTree: folders -> folders, requests -> HTTP docs (`:id` path variables
 * become `{id}` with a path param, `{{baseUrl}}` hosts become environments), bodies (raw JSON, urlencoded,
 * form-data with files, others kept in the description), saved examples -> response params (inferred from the
 * first successful JSON example) and error codes. Pure: the caller parses the JSON.
 */

import { inferParams } from '../infer-params.ts';
import { type ArrayElementType, DocLimits, HTTP_METHODS, type ParamType } from '../model/constants.ts';
import type { ErrorCodeRow, ParamRow } from '../model/param.ts';
import type { SourceDocNode, SourceEnvironment, SourceNode, SourceTree } from '../sync/source-tree.ts';
import { docName, docNode, docOf } from './doc-node.ts';
import { ImportError } from './import-error.ts';
import { escapeHtml, markdownToHtml, noteHtml } from './markdown-html.ts';
import { isObject, type Json } from './openapi/refs.ts';
import { Warnings } from './warnings.ts';

/** True when a parsed value looks like a Postman collection. */
export function isPostmanCollection(value: unknown): boolean {
  return isObject(value) && isObject(value.info) && Array.isArray(value.item);
}

const MAX_FOLDER_DEPTH = 24;

export function postmanToModel(collection: unknown): SourceTree {
  if (!isPostmanCollection(collection) || !isObject(collection))
    throw new ImportError('not_api', 'not a Postman collection (no "info" and "item")');
  const info = collection.info as Json;
  const schema = typeof info.schema === 'string' ? info.schema : '';
  if (schema && !/collection\/v2\.[01]/.test(schema))
    throw new ImportError('unsupported_version', `unsupported Postman schema ${schema}`, schema);
  const warnings = new Warnings();
  const environments: SourceEnvironment[] = [];
  const variables = new Map<string, string>();
  for (const v of listOf(collection.variable)) {
    if (!isObject(v) || typeof v.key !== 'string') continue;
    const value = v.value === undefined ? '' : String(v.value);
    variables.set(v.key, value);
    if (/^https?:\/\/\S+$/i.test(value))
      environments.push({ name: v.key.slice(0, 50), url: value.replace(/\/+$/, ''), isPublic: true });
  }
  const hosts = new Set<string>();
  const nodes = mergeDuplicates(items(listOf(collection.item), 0, { warnings, hosts, variables }), warnings);
  for (const host of hosts) {
    if (!environments.some((e) => e.url === host))
      environments.push({ name: host.replace(/^https?:\/\//, '').slice(0, 50), url: host, isPublic: true });
  }
  return { nodes, enums: [], environments, warnings: warnings.list() };
}

interface Ctx {
  warnings: Warnings;
  hosts: Set<string>;
  variables: Map<string, string>;
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function items(list: unknown[], depth: number, ctx: Ctx): SourceNode[] {
  const out: SourceNode[] = [];
  for (const item of list) {
    if (!isObject(item)) continue;
    const name = typeof item.name === 'string' ? item.name : '';
    if (Array.isArray(item.item)) {
      if (depth >= MAX_FOLDER_DEPTH) {
        ctx.warnings.add(`folder ${name}: nested deeper than ${MAX_FOLDER_DEPTH} folders, skipped`);
        continue;
      }
      out.push({
        kind: 'folder',
        name: docName(name),
        description: descriptionOf(item.description),
        children: items(item.item, depth + 1, ctx),
      });
    } else if (item.request !== undefined) {
      const node = requestDoc(item, name, ctx);
      if (node) out.push(node);
    }
  }
  return out;
}

function descriptionOf(value: unknown): string {
  if (typeof value === 'string') return markdownToHtml(value);
  if (isObject(value) && typeof value.content === 'string')
    return value.type === 'text/html' ? value.content : markdownToHtml(value.content);
  return '';
}

function row(
  name: string,
  type: ParamType,
  example: unknown,
  description: unknown,
  required = true,
): ParamRow {
  return {
    id: '',
    name: (name.replace(/\p{Cc}/gu, ' ').trim() || '(unnamed)').slice(0, DocLimits.paramNameMax),
    type,
    required,
    maxLength: '-',
    example:
      example === undefined || example === null ? '' : String(example).slice(0, DocLimits.paramExampleMax),
    description: descriptionOf(description),
    enumId: '',
    enumContent: '',
    children: [],
  };
}

/** The URL of a request split into the doc's path and its host (for environments). */
function urlParts(raw: unknown): { path: string; host: string; query: Json[]; variables: Json[] } {
  if (typeof raw === 'string') return splitRaw(raw, [], []);
  if (!isObject(raw)) return { path: '/', host: '', query: [], variables: [] };
  const query = listOf(raw.query).filter(isObject);
  const variables = listOf(raw.variable).filter(isObject);
  if (Array.isArray(raw.path) || typeof raw.path === 'string') {
    const segments = Array.isArray(raw.path)
      ? raw.path.map((s) => (isObject(s) ? String(s.value ?? '') : String(s)))
      : [raw.path];
    const host = Array.isArray(raw.host) ? raw.host.join('.') : typeof raw.host === 'string' ? raw.host : '';
    const protocol = typeof raw.protocol === 'string' ? raw.protocol : 'https';
    return {
      path: `/${segments.join('/').replace(/^\/+/, '')}`,
      host: host && !host.includes('{{') ? `${protocol}://${host}` : host,
      query,
      variables,
    };
  }
  return splitRaw(typeof raw.raw === 'string' ? raw.raw : '', query, variables);
}

function splitRaw(
  raw: string,
  query: Json[],
  variables: Json[],
): { path: string; host: string; query: Json[]; variables: Json[] } {
  const noQuery = raw.split(/[?#]/)[0] ?? '';
  const match = /^((?:https?:\/\/)?(?:\{\{[^}]+\}\}|[^/{]+))(\/.*)?$/i.exec(noQuery);
  const parsedQuery = query.length
    ? query
    : (raw.split('?')[1] ?? '')
        .split('&')
        .filter(Boolean)
        .map((pair) => ({
          key: decodeSafe(pair.split('=')[0] ?? ''),
          value: decodeSafe(pair.split('=').slice(1).join('=')),
        }));
  if (!match)
    return {
      path: noQuery.startsWith('/') ? noQuery : `/${noQuery}`,
      host: '',
      query: parsedQuery,
      variables,
    };
  return { path: match[2] ?? '/', host: match[1] ?? '', query: parsedQuery, variables };
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

function requestDoc(item: Json, name: string, ctx: Ctx): SourceNode | null {
  const request: Json =
    typeof item.request === 'string'
      ? { url: item.request, method: 'GET' }
      : isObject(item.request)
        ? item.request
        : {};
  const method = String(request.method ?? 'GET').toUpperCase();
  if (!(HTTP_METHODS as ReadonlyArray<string>).includes(method)) {
    ctx.warnings.add(`${name}: method ${method} is not a doc method, skipped`);
    return null;
  }
  const url = urlParts(request.url);
  if (/^https?:\/\//i.test(url.host)) ctx.hosts.add(url.host.replace(/\/+$/, ''));
  else if (url.host && !/^\{\{.+\}\}$/.test(url.host)) ctx.hosts.add(`https://${url.host}`);
  // `:id` -> `{id}`: the form path params take in Quire's docs and debugger.
  const path = url.path.replace(/(^|\/):([A-Za-z0-9_.-]+)/g, '$1{$2}');
  const pathNames = [...path.matchAll(/\{([^}/]+)\}/g)]
    .map((m) => m[1] ?? '')
    .filter((n) => !n.startsWith('{'));
  const pathParams = pathNames.map((n) => {
    const v = url.variables.find((x) => x.key === n);
    return row(n, 'string', v?.value, v?.description);
  });
  const queryParams = url.query.map((q) =>
    row(String(q.key ?? ''), 'string', q.value, q.description, q.disabled !== true),
  );
  const headerParams = listOf(request.header)
    .filter(isObject)
    .map((h) => row(String(h.key ?? ''), 'string', h.value, h.description, h.disabled !== true));
  const notes: string[] = [];
  const body = bodyOf(request.body, notes, ctx, name);
  const auth = isObject(request.auth) ? String(request.auth.type ?? '') : '';
  if (auth === 'bearer' || auth === 'oauth2')
    headerParams.push(row('Authorization', 'string', 'Bearer {{token}}', `(authentication: ${auth})`));
  else if (auth === 'basic')
    headerParams.push(row('Authorization', 'string', 'Basic <credentials>', '(authentication: basic)'));
  else if (auth === 'apikey') notes.push('authentication: API key (see the collection)');
  const responses = examplesOf(listOf(item.response), notes);
  const description = [descriptionOf(request.description ?? item.description), ...notes.map(noteHtml)]
    .filter(Boolean)
    .join('\n');
  return docNode(
    docOf({
      name: name || `${method} ${path}`,
      url: path.slice(0, DocLimits.urlMax),
      httpMethod: method as 'GET',
      contentType: body.contentType,
      description,
      pathParams,
      headerParams,
      queryParams,
      requestParams: body.rows,
      isRequestArray: body.isArray,
      requestArrayType: body.arrayType,
      responseParams: responses.rows,
      isResponseArray: responses.isArray,
      responseArrayType: responses.arrayType,
      errorCodeParams: responses.codes,
    }),
    new Map(),
  );
}

interface Body {
  rows: ParamRow[];
  contentType: string;
  isArray: boolean;
  arrayType: ArrayElementType;
}

function bodyOf(raw: unknown, notes: string[], ctx: Ctx, name: string): Body {
  const empty: Body = { rows: [], contentType: '', isArray: false, arrayType: 'object' };
  if (!isObject(raw) || raw.disabled === true) return empty;
  const mode = String(raw.mode ?? '');
  if (mode === 'urlencoded' || mode === 'formdata') {
    const fields = listOf(raw[mode]).filter(isObject);
    const rows = fields.map((f) =>
      row(
        String(f.key ?? ''),
        f.type === 'file' ? (Array.isArray(f.src) ? 'file[]' : 'file') : 'string',
        f.type === 'file' ? '' : f.value,
        f.description,
        f.disabled !== true,
      ),
    );
    return {
      ...empty,
      rows,
      contentType: mode === 'formdata' ? 'multipart/form-data' : 'application/x-www-form-urlencoded',
    };
  }
  if (mode === 'raw') {
    const text = typeof raw.raw === 'string' ? raw.raw : '';
    const language =
      isObject(raw.options) && isObject(raw.options.raw) ? String(raw.options.raw.language ?? '') : '';
    const inferred = text.trim() ? jsonRows(text) : null;
    if (inferred)
      return {
        rows: inferred.rows,
        contentType: 'application/json',
        isArray: inferred.isArray,
        arrayType: inferred.arrayType,
      };
    if (text.trim()) {
      if (language === 'json' || /^\s*[[{]/.test(text))
        ctx.warnings.add(`${name}: the JSON body could not be read as parameters; kept in the description`);
      notes.push(`request body (${language || 'text'}):\n${text.slice(0, 5000)}`);
    }
    const contentType =
      language === 'xml' ? 'application/xml' : language === 'json' ? 'application/json' : 'text/plain';
    return { ...empty, contentType };
  }
  if (mode === 'file')
    return { ...empty, rows: [row('body', 'file', '', '')], contentType: 'application/octet-stream' };
  if (mode === 'graphql' && isObject(raw.graphql)) {
    notes.push(`GraphQL query:\n${String(raw.graphql.query ?? '').slice(0, 5000)}`);
    return { ...empty, contentType: 'application/json' };
  }
  return empty;
}

/** Rows from a JSON text; null when it is not JSON the sample inference reads. */
function jsonRows(text: string): { rows: ParamRow[]; isArray: boolean; arrayType: ArrayElementType } | null {
  let value: unknown;
  try {
    // Postman bodies often hold {{variables}} where a value goes: read them as strings.
    value = JSON.parse(text.replace(/(?<!")\{\{([^}]+)\}\}(?!")/g, '"{{$1}}"'));
  } catch {
    return null;
  }
  const result = inferParams(value);
  return result.ok ? { rows: result.params, isArray: result.isArray, arrayType: result.arrayType } : null;
}

/** The first successful JSON example -> response params; every other example -> an error code. */
function examplesOf(responses: unknown[], notes: string[]): Body & { codes: ErrorCodeRow[] } {
  const out: Body & { codes: ErrorCodeRow[] } = {
    rows: [],
    contentType: '',
    isArray: false,
    arrayType: 'object',
    codes: [],
  };
  let primaryTaken = false;
  for (const raw of responses) {
    if (!isObject(raw)) continue;
    const code = typeof raw.code === 'number' ? raw.code : 0;
    const name = typeof raw.name === 'string' ? raw.name : '';
    const body = typeof raw.body === 'string' ? raw.body : '';
    if (!primaryTaken && (code === 0 || (code >= 200 && code < 300))) {
      primaryTaken = true;
      const inferred = body.trim() ? jsonRows(body) : null;
      if (inferred) Object.assign(out, inferred);
      else if (body.trim()) notes.push(`example response ${name}:\n${body.slice(0, 5000)}`);
      continue;
    }
    const status = code ? String(code) : name || 'example';
    if (out.codes.some((c) => c.code === status)) continue;
    out.codes.push({
      id: '',
      code: status.slice(0, DocLimits.paramNameMax),
      description: escapeHtml(name),
      solution: '',
    });
  }
  return out;
}

/**
 * Postman collections often save one endpoint several times ("Login", "Login - wrong password"). Docs are
 * identified by method and URL, so the later ones are folded into the first: their names, descriptions, bodies
 * and example responses (as error codes) are kept there, and the duplicates are dropped with a warning.
 */
function mergeDuplicates(nodes: SourceNode[], warnings: Warnings): SourceNode[] {
  const first = new Map<string, SourceDocNode>();
  const prune = (list: SourceNode[]): SourceNode[] =>
    list.flatMap((node): SourceNode[] => {
      if (node.kind === 'folder') return [{ ...node, children: prune(node.children) }];
      const key = `${node.doc.httpMethod} ${node.doc.url}`;
      const kept = first.get(key);
      if (!kept) {
        first.set(key, node);
        return [node];
      }
      warnings.add(
        `"${node.doc.name}" has the same method and URL as "${kept.doc.name}" (${key}); folded into it`,
      );
      const parts = [
        kept.doc.description,
        noteHtml(`also saved as "${node.doc.name}"`),
        node.doc.description,
      ].filter(Boolean);
      kept.doc.description = parts.join('\n');
      for (const code of node.doc.errorCodeParams)
        if (!kept.doc.errorCodeParams.some((c) => c.code === code.code)) kept.doc.errorCodeParams.push(code);
      if (!kept.doc.responseParams.length && node.doc.responseParams.length) {
        kept.doc.responseParams = node.doc.responseParams;
        kept.doc.isResponseArray = node.doc.isResponseArray;
        kept.doc.responseArrayType = node.doc.responseArrayType;
      }
      return [];
    });
  return prune(nodes);
}
