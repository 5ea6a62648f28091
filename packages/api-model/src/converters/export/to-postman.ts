/**
 * The doc model -> a Postman Collection 2.1: folders as item groups, each HTTP doc a request whose URL starts
 * with the `{{baseUrl}}` variable (the first environment printed), and each environment a collection variable
 * of its own so a reader can switch. `withHost: false` leaves the host out (the public token download, as
 * Torna's `GET /api/module/postman/{token}` does).
 */
import { exampleObject } from '../../examples/generate-example.ts';
import type { ApiDoc } from '../../model/api-doc.ts';
import type { ParamRow } from '../../model/param.ts';
import type { SourceNode } from '../../sync/source-tree.ts';
import { cellText } from './doc-parts.ts';
import { type ExportSource, isHttpDoc } from './export-source.ts';
import { openApiPath } from './to-openapi.ts';

type Json = Record<string, unknown>;

export const POSTMAN_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';
const BASE_URL = 'baseUrl';
const NO_BODY = new Set(['GET', 'HEAD']);

export interface PostmanOptions {
  withHost?: boolean | undefined;
}

function asExample(row: ParamRow): Parameters<typeof exampleObject>[0][number] {
  return {
    name: row.name,
    type: row.type,
    example: row.example,
    enumContent: row.enumContent,
    children: row.children.map(asExample),
  };
}

function body(doc: ApiDoc): Json | undefined {
  if (NO_BODY.has(doc.httpMethod) || !doc.requestParams.length) return undefined;
  const type = doc.contentType.toLowerCase();
  if (type.includes('x-www-form-urlencoded'))
    return {
      mode: 'urlencoded',
      urlencoded: doc.requestParams.map((r) => ({
        key: r.name,
        value: r.example,
        description: cellText(r.description),
        type: 'text',
      })),
    };
  if (type.includes('multipart/form-data'))
    return {
      mode: 'formdata',
      formdata: doc.requestParams.map((r) =>
        r.type === 'file' || r.type === 'file[]'
          ? { key: r.name, type: 'file', description: cellText(r.description) }
          : { key: r.name, value: r.example, type: 'text', description: cellText(r.description) },
      ),
    };
  const value = exampleObject(doc.requestParams.map(asExample));
  return {
    mode: 'raw',
    raw: JSON.stringify(doc.isRequestArray ? [value] : value, null, 2),
    options: { raw: { language: 'json' } },
  };
}

function request(doc: ApiDoc, withHost: boolean): Json {
  // Postman writes path variables as `:name`.
  const path = openApiPath(doc.url).replace(/\{([^}]+)\}/g, ':$1');
  const segments = path.split('/').filter(Boolean);
  const query = doc.queryParams.map((r) => ({
    key: r.name,
    value: r.example,
    description: cellText(r.description),
  }));
  const queryText = query.length ? `?${query.map((q) => `${q.key}=${q.value}`).join('&')}` : '';
  const url: Json = {
    raw: `${withHost ? `{{${BASE_URL}}}` : ''}${path}${queryText}`,
    path: segments,
  };
  if (withHost) url.host = [`{{${BASE_URL}}}`];
  if (query.length) url.query = query;
  const variables = doc.pathParams.map((r) => ({
    key: r.name,
    value: r.example,
    description: cellText(r.description),
  }));
  if (variables.length) url.variable = variables;
  const header = doc.headerParams.map((r) => ({
    key: r.name,
    value: r.example,
    type: 'text',
    description: cellText(r.description),
  }));
  if (
    doc.contentType &&
    !NO_BODY.has(doc.httpMethod) &&
    doc.requestParams.length &&
    !header.some((h) => h.key.toLowerCase() === 'content-type')
  )
    header.push({ key: 'Content-Type', value: doc.contentType, type: 'text', description: '' });
  const out: Json = { method: doc.httpMethod, header, url };
  if (doc.description) out.description = doc.description;
  const b = body(doc);
  if (b) out.body = b;
  return out;
}

function items(nodes: ReadonlyArray<SourceNode>, withHost: boolean): Json[] {
  const out: Json[] = [];
  for (const node of nodes) {
    if (node.kind === 'folder') {
      const children = items(node.children, withHost);
      if (children.length) out.push({ name: node.name, item: children });
    } else if (isHttpDoc(node.doc)) {
      out.push({ name: node.doc.name, request: request(node.doc, withHost), response: [] });
    }
  }
  return out;
}

/** The Postman Collection 2.1 of a source. */
export function exportPostman(source: ExportSource, options: PostmanOptions = {}): Json {
  const withHost = options.withHost ?? true;
  const collection: Json = {
    info: { name: source.title || 'API', schema: POSTMAN_SCHEMA },
    item: items(source.nodes, withHost),
  };
  if (withHost) {
    const envs = source.environments.filter((env) => env.url.trim());
    collection.variable = [
      { key: BASE_URL, value: envs[0]?.url ?? '', type: 'string' },
      ...envs.map((env) => ({
        key: `env_${env.name}`,
        value: env.url,
        type: 'string',
        description: env.name,
      })),
    ];
  }
  return collection;
}
