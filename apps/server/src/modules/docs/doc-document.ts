import {
  API_DOC_VERSION,
  type ApiDoc,
  type DocChange,
  descriptionKind,
  diffDocs,
  mapParamRows,
  type ParamTable,
  parseApiDoc,
  searchSourceOf,
  searchWordsOf,
} from '@quire/api-model';
import type { DocSaveRequest } from '@quire/shared';
import type { z } from 'zod';
import type { DocsTable } from '../../db/schema.ts';
import { sanitizeHtml } from '../../lib/html-sanitizer.ts';
import { newId } from '../../lib/ids.ts';

/** The document part of a save request: everything but where the doc goes and the revision bookkeeping. */
export function documentOf(input: z.output<typeof DocSaveRequest>): ApiDoc {
  const { id: _id, moduleId: _m, parentId: _p, revision: _r, remark: _rk, orderIndex: _o, ...fields } = input;
  return { v: API_DOC_VERSION, ...fields };
}

/**
 * What is stored of a document sent by a client: HTML fields sanitized, every param row and error code with
 * an id unique in the doc (rows keep the ids they came with, so the changelog follows them), the author
 * defaulting to the caller.
 */
export function prepareDocument(doc: ApiDoc, authorFallback: string): ApiDoc {
  const taken = new Set<string>();
  const uniqueId = (id: string): string => {
    let out = id;
    while (!out || taken.has(out)) out = newId();
    taken.add(out);
    return out;
  };
  // One pass per table: sanitizing and ids together, so a large table is copied once.
  const clean = (rows: ApiDoc[ParamTable]) =>
    mapParamRows(rows, (row) => ({
      ...row,
      id: uniqueId(row.id),
      description: sanitizeHtml(row.description),
    }));
  return {
    ...doc,
    description: descriptionKind(doc) === 'html' ? sanitizeHtml(doc.description) : doc.description,
    pathParams: clean(doc.pathParams),
    headerParams: clean(doc.headerParams),
    queryParams: clean(doc.queryParams),
    requestParams: clean(doc.requestParams),
    responseParams: clean(doc.responseParams),
    errorCodeParams: doc.errorCodeParams.map((code) => ({
      id: uniqueId(code.id),
      code: code.code,
      description: sanitizeHtml(code.description),
      solution: sanitizeHtml(code.solution),
    })),
    author: doc.author || authorFallback,
  };
}

/**
 * Reads a stored document. Documents of the current version were validated and sanitized by this code when
 * written, so they are taken as they are (re-validating them doubled the cost of loading a large doc); older
 * versions go through the model's migrations.
 */
export function readDocument(content: string): ApiDoc {
  const raw: unknown = JSON.parse(content);
  if (raw && typeof raw === 'object' && (raw as { v?: unknown }).v === API_DOC_VERSION) return raw as ApiDoc;
  return parseApiDoc(raw);
}

/** The columns a document fills: the light copies of its fields, its JSON and its search text and words. */
export type DocColumns = { searchWords: string } & Pick<
  DocsTable,
  | 'name'
  | 'url'
  | 'httpMethod'
  | 'type'
  | 'isShow'
  | 'deprecated'
  | 'author'
  | 'contentType'
  | 'content'
  | 'searchText'
>;

/** The light columns and stored text of a document: one write keeps them equal. */
export function columnsOf(doc: ApiDoc): DocColumns {
  const searchSource = searchSourceOf(doc);
  return {
    name: doc.name,
    url: doc.url,
    httpMethod: doc.httpMethod,
    type: doc.type,
    isShow: doc.isShow ? 1 : 0,
    deprecated: doc.deprecated,
    author: doc.author,
    contentType: doc.contentType,
    content: JSON.stringify(doc),
    searchText: searchSource.toLowerCase(),
    searchWords: searchWordsOf(doc.name, doc.url, searchSource),
  };
}

/** The differences between two documents (the changelog entry of a save). */
export function changesBetween(before: ApiDoc | null, after: ApiDoc): DocChange[] {
  return diffDocs(before, after);
}
