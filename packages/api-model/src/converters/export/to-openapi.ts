/**
 * The doc model -> OpenAPI 3.1. Folders become tags (nested folders joined by " / "), param trees become
 * schemas, dictionaries become named enum schemas under `components/schemas` referenced by the rows that link
 * them; environments become servers. Only HTTP docs are operations; what cannot be said in OpenAPI (a
 * second doc on the same method and path, business error codes) is listed in `warnings` or kept as an
 * `x-` extension, so the file stays valid for a real validator and imports back into the same docs.
 */
import { stringify } from 'yaml';
import type { ApiDoc } from '../../model/api-doc.ts';
import type { ParamRow } from '../../model/param.ts';
import type { SourceDocNode, SourceEnum } from '../../sync/source-tree.ts';
import { type ExportSource, enumValuesOf, isHttpDoc, placedDocs, urlPath } from './export-source.ts';

type Json = Record<string, unknown>;

export interface OpenApiExport {
  document: Json;
  warnings: string[];
}

const FORM_TYPES = /x-www-form-urlencoded|multipart\/form-data/i;

/** A `components/schemas` key (letters, digits, `.`, `-`, `_`) for a dictionary name, unique in the file. */
function schemaKey(name: string, taken: Set<string>): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^_+|_+$/g, '') || 'Enum';
  let key = base;
  for (let i = 2; taken.has(key); i++) key = `${base}_${i}`;
  taken.add(key);
  return key;
}

function enumSchema(e: SourceEnum): Json {
  const numeric =
    e.items.length > 0 && e.items.every((i) => i.type === 'number' && Number.isFinite(Number(i.value)));
  const schema: Json = {
    type: numeric ? 'number' : 'string',
    enum: e.items.map((i) => (numeric ? Number(i.value) : i.value)),
  };
  if (e.description) schema.description = e.description;
  if (e.items.some((i) => i.name !== i.value)) schema['x-enumNames'] = e.items.map((i) => i.name);
  if (e.items.some((i) => i.description)) schema['x-enum-descriptions'] = e.items.map((i) => i.description);
  return schema;
}

/** The path of a doc's URL as an OpenAPI path key: no host, no query, a leading slash. */
/** What follows `#` in a doc's URL, with the `#` (empty when there is none). */
function fragmentOf(url: string): string {
  const hash = url.indexOf('#');
  return hash < 0 ? '' : url.slice(hash).trim();
}

export function openApiPath(url: string): string {
  let path = urlPath(url)
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  path = path.split('?')[0] ?? '';
  // Torna also writes `:id` and `${id}` path variables; OpenAPI only knows `{id}`.
  path = path.replace(/\$\{([^}/]+)\}/g, '{$1}').replace(/\/:([A-Za-z_][\w-]*)/g, '/{$1}');
  return path.startsWith('/') ? path : `/${path}`;
}

function exampleValue(row: ParamRow): unknown {
  if (row.example === '') return undefined;
  if (row.type === 'number') {
    const n = Number(row.example);
    return Number.isFinite(n) ? n : row.example;
  }
  if (row.type === 'boolean' && /^(true|false)$/i.test(row.example))
    return row.example.toLowerCase() === 'true';
  return row.example;
}

class SchemaWriter {
  constructor(
    private readonly node: SourceDocNode,
    private readonly enums: ReadonlyMap<string, SourceEnum>,
    private readonly refs: ReadonlyMap<string, string>,
  ) {}

  /** The schema of one row (children become properties; `path` is its `enumLinks` path). */
  row(row: ParamRow, path: string): Json {
    const schema = this.typed(row, path);
    if (row.description) schema.description = row.description;
    const example = exampleValue(row);
    if (example !== undefined && !schema.$ref) schema.examples = [example];
    return schema;
  }

  private typed(row: ParamRow, path: string): Json {
    switch (row.type) {
      case 'number':
        return { type: 'number' };
      case 'boolean':
        return { type: 'boolean' };
      case 'object':
        return this.object(row.children, `${path}.children`);
      case 'array':
        return { type: 'array', items: this.object(row.children, `${path}.children`) };
      case 'num_array':
        return { type: 'array', items: { type: 'number' } };
      case 'str_array':
        return { type: 'array', items: { type: 'string' } };
      case 'file':
        return { type: 'string', format: 'binary' };
      case 'file[]':
        return { type: 'array', items: { type: 'string', format: 'binary' } };
      case 'enum': {
        const linked = this.node.enumLinks?.[path];
        const ref = linked ? this.refs.get(linked) : undefined;
        if (ref) return { $ref: `#/components/schemas/${ref}` };
        const values = enumValuesOf(row, path, this.node, this.enums);
        return values ? { type: 'string', enum: values.values } : { type: 'string' };
      }
      default:
        return { type: 'string' };
    }
  }

  /** An object schema of rows (`prefix` is the rows' `enumLinks` path prefix). */
  object(rows: ReadonlyArray<ParamRow>, prefix: string): Json {
    const properties: Json = {};
    const required: string[] = [];
    rows.forEach((row, i) => {
      if (Object.hasOwn(properties, row.name)) return;
      Object.defineProperty(properties, row.name, {
        value: this.row(row, `${prefix}.${i}`),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      if (row.required) required.push(row.name);
    });
    const schema: Json = { type: 'object', properties };
    if (required.length) schema.required = required;
    return schema;
  }

  /** A whole body: the rows as an object, or an array of them (or of a scalar element type). */
  body(doc: ApiDoc, side: 'request' | 'response'): Json | null {
    const rows = side === 'request' ? doc.requestParams : doc.responseParams;
    const isArray = side === 'request' ? doc.isRequestArray : doc.isResponseArray;
    const arrayType = side === 'request' ? doc.requestArrayType : doc.responseArrayType;
    const table = side === 'request' ? 'requestParams' : 'responseParams';
    if (!rows.length && !isArray) return null;
    if (!isArray) return this.object(rows, table);
    if (rows.length || arrayType === 'object') return { type: 'array', items: this.object(rows, table) };
    return { type: 'array', items: { type: arrayType } };
  }
}

function parameters(doc: ApiDoc, path: string, writer: SchemaWriter): Json[] {
  const out: Json[] = [];
  const templated = new Set([...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? ''));
  const seen = new Set<string>();
  const add = (where: string, rows: ReadonlyArray<ParamRow>, table: string) => {
    rows.forEach((row, i) => {
      const key = `${where}\u0000${where === 'header' ? row.name.toLowerCase() : row.name}`;
      if (seen.has(key)) return;
      if (where === 'path' && !templated.has(row.name)) return;
      seen.add(key);
      const { description, examples, ...schema } = writer.row(row, `${table}.${i}`);
      const param: Json = {
        name: row.name,
        in: where,
        required: where === 'path' ? true : row.required,
        schema,
      };
      if (typeof description === 'string') param.description = description;
      if (Array.isArray(examples)) param.example = examples[0];
      out.push(param);
    });
  };
  add('path', doc.pathParams, 'pathParams');
  // A path variable without a row still needs a parameter to be valid.
  for (const name of templated) {
    if (!seen.has(`path\u0000${name}`)) {
      seen.add(`path\u0000${name}`);
      out.push({ name, in: 'path', required: true, schema: { type: 'string' } });
    }
  }
  add('query', doc.queryParams, 'queryParams');
  add('header', doc.headerParams, 'headerParams');
  return out;
}

/** The OpenAPI 3.1 description of a source. */
export function exportOpenApi(source: ExportSource): OpenApiExport {
  const warnings: string[] = [];
  const enums = new Map(source.enums.map((e) => [e.name, e]));
  const taken = new Set<string>();
  const refs = new Map<string, string>();
  const schemas: Json = {};
  for (const e of source.enums) {
    const key = schemaKey(e.name, taken);
    refs.set(e.name, key);
    schemas[key] = enumSchema(e);
  }
  const tags = new Map<string, Json>();
  const paths: Json = {};
  for (const placed of placedDocs(source.nodes)) {
    const doc = placed.node.doc;
    if (!isHttpDoc(doc)) continue;
    const path = openApiPath(doc.url);
    // The key keeps what follows `#`: descriptions such as Box's name several operations of one method and
    // path that way (`/files/{file_id}#add_shared_link`), and a re-import must give every one of them back.
    const key = path + fragmentOf(doc.url);
    const method = doc.httpMethod.toLowerCase();
    const item = (paths[key] ?? {}) as Json;
    if (item[method]) {
      warnings.push(
        `${doc.httpMethod} ${key}: a second doc "${doc.name}" on the same method and path is left out`,
      );
      continue;
    }
    paths[key] = item;
    const writer = new SchemaWriter(placed.node, enums, refs);
    const op: Json = { summary: doc.name };
    const tag = placed.folders.join(' / ');
    if (tag) {
      op.tags = [tag];
      if (!tags.has(tag)) tags.set(tag, { name: tag });
    }
    if (doc.description) op.description = doc.description;
    if (doc.deprecated !== '$false$') op.deprecated = true;
    const params = parameters(doc, path, writer);
    if (params.length) op.parameters = params;
    const request = writer.body(doc, 'request');
    if (request) {
      const media = doc.contentType || 'application/json';
      op.requestBody = {
        content: {
          [media]: { schema: FORM_TYPES.test(media) && request.type === 'array' ? request.items : request },
        },
      };
    }
    const responses: Json = {};
    const response = writer.body(doc, 'response');
    responses['200'] = response
      ? { description: 'OK', content: { 'application/json': { schema: response } } }
      : { description: 'OK' };
    const business: Json[] = [];
    for (const code of doc.errorCodeParams) {
      if (/^[1-5](\d\d|XX)$/.test(code.code) && code.code !== '200')
        responses[code.code] = { description: code.description || code.code };
      else business.push({ code: code.code, description: code.description, solution: code.solution });
    }
    op.responses = responses;
    if (business.length) op['x-error-codes'] = business;
    if (doc.author) op['x-author'] = doc.author;
    item[method] = op;
  }
  const servers = source.environments
    .filter((env) => env.url.trim())
    .map((env) => ({ url: env.url.trim(), description: env.name }));
  const document: Json = {
    openapi: '3.1.0',
    info: { title: source.title || 'API', version: '1.0.0' },
  };
  if (servers.length) document.servers = servers;
  if (tags.size) document.tags = [...tags.values()];
  document.paths = paths;
  // 3.1 wants at least one entry in `paths`, `webhooks` or `components`: an empty export keeps `schemas`.
  if (Object.keys(schemas).length || !Object.keys(paths).length) document.components = { schemas };
  return { document, warnings };
}

/** The description as text: JSON (pretty) or YAML. */
export function openApiText(document: Json, format: 'json' | 'yaml'): string {
  return format === 'yaml'
    ? stringify(document, { aliasDuplicateObjects: false })
    : `${JSON.stringify(document, null, 2)}\n`;
}
