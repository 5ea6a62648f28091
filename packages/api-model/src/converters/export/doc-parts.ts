import { exampleObject, type exampleOf } from '../../examples/generate-example.ts';
import { joinUrl } from '../../examples/request-sample.ts';
import type { ApiDoc } from '../../model/api-doc.ts';
import type { ParamRow } from '../../model/param.ts';
import { plainText } from '../../model/search-text.ts';
import type { SourceEnvironment } from '../../sync/source-tree.ts';
import { rowsInOrder, urlPath } from './export-source.ts';
import type { ExportLabels } from './labels.ts';

/**
 * The parts of one doc that the document formats (Markdown, Word) print in the same order: what Torna's
 * export shows, computed once so the formats cannot disagree.
 */
export interface DocSection {
  title: string;
  columns: string[];
  rows: string[][];
}

export interface DocParts {
  urls: Array<{ environment: string; method: string; url: string }>;
  /** Path, header, query and body tables (those with rows), then the request example. */
  request: DocSection[];
  requestExample: string;
  response: DocSection | null;
  responseExample: string;
  errorCodes: DocSection | null;
}

/** Text of an HTML cell, on one line. */
export function cellText(html: string): string {
  return plainText(html);
}

function indented(name: string, depth: number): string {
  return depth > 1 ? `${'\u00a0\u00a0'.repeat(depth - 2)}└ ${name}` : name;
}

function table(
  title: string,
  rows: ReadonlyArray<ParamRow>,
  key: string,
  full: boolean,
  l: ExportLabels,
): DocSection | null {
  if (!rows.length) return null;
  const columns = full
    ? [l.name, l.type, l.required, l.maxLength, l.description, l.example]
    : [l.name, l.required, l.description, l.example];
  const out = rowsInOrder(rows, key).map(({ row, depth }) => {
    const required = row.required ? l.yes : l.no;
    const name = indented(row.name, depth);
    return full
      ? [name, row.type, required, row.maxLength, cellText(row.description), row.example]
      : [name, required, cellText(row.description), row.example];
  });
  return { title, columns, rows: out };
}

/** JSON of a body built from its rows (examples where given), as Torna's export prints it. */
export function bodyExample(rows: ReadonlyArray<ParamRow>, isArray: boolean): string {
  if (!rows.length) return '';
  const value = exampleObject(rows.map(asExample));
  return JSON.stringify(isArray ? [value] : value, null, 2);
}

function asExample(row: ParamRow): Parameters<typeof exampleOf>[0] {
  return {
    name: row.name,
    type: row.type,
    example: row.example,
    enumContent: row.enumContent,
    children: row.children.map(asExample),
  };
}

export function docParts(
  doc: ApiDoc,
  environments: ReadonlyArray<SourceEnvironment>,
  l: ExportLabels,
): DocParts {
  const path = urlPath(doc.url);
  const urls = environments.length
    ? environments.map((env) => ({
        environment: env.name,
        method: doc.httpMethod,
        url: joinUrl(env.url, path),
      }))
    : [{ environment: '', method: doc.httpMethod, url: path }];
  const request = [
    table(l.pathParams, doc.pathParams, 'pathParams', false, l),
    table(l.headerParams, doc.headerParams, 'headerParams', false, l),
    table(`${l.requestParams} · ${l.queryParams}`, doc.queryParams, 'queryParams', true, l),
    table(`${l.requestParams} · ${l.bodyParams}`, doc.requestParams, 'requestParams', true, l),
  ].filter((s): s is DocSection => s !== null);
  const errorCodes = doc.errorCodeParams.length
    ? {
        title: l.errorCodes,
        columns: [l.code, l.description, l.solution],
        rows: doc.errorCodeParams.map((e) => [e.code, cellText(e.description), cellText(e.solution)]),
      }
    : null;
  return {
    urls,
    request,
    requestExample: bodyExample(doc.requestParams, doc.isRequestArray),
    response: table(l.responseParams, doc.responseParams, 'responseParams', true, l),
    responseExample: bodyExample(doc.responseParams, doc.isResponseArray),
    errorCodes,
  };
}
