import {
  API_DOC_VERSION,
  type ApiDoc,
  type DocChange,
  descriptionKind,
  diffDocs,
  mapParamRows,
  type ParamTable,
  type PreparedSearch,
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
export function prepareDocument(
  doc: ApiDoc,
  authorFallback: string,
  /**
   * `sanitized`: the HTML was sanitized by the caller (an import's worker). `rowsReady`: the param rows are
   * sanitized and carry unique ids already (the sync gave them), so they are kept as they are.
   */
  options: { sanitized?: boolean; rowsReady?: boolean } = {},
): ApiDoc {
  // Text the caller already sanitized (an import's worker did) is not cleaned twice.
  const clean = options.sanitized ? (html: string) => html : sanitizeHtml;
  const taken = new Set<string>();
  const uniqueId = (id: string): string => {
    let out = id;
    while (!out || taken.has(out)) out = newId();
    taken.add(out);
    return out;
  };
  // One pass per table: sanitizing and ids together, so a large table is copied once.
  const rowsOf = (rows: ApiDoc[ParamTable]) =>
    options.rowsReady
      ? rows
      : mapParamRows(rows, (row) => ({
          ...row,
          id: uniqueId(row.id),
          description: clean(row.description),
        }));
  return {
    ...doc,
    description: descriptionKind(doc) === 'html' ? clean(doc.description) : doc.description,
    pathParams: rowsOf(doc.pathParams),
    headerParams: rowsOf(doc.headerParams),
    queryParams: rowsOf(doc.queryParams),
    requestParams: rowsOf(doc.requestParams),
    responseParams: rowsOf(doc.responseParams),
    errorCodeParams: doc.errorCodeParams.map((code) => ({
      id: uniqueId(code.id),
      code: code.code,
      description: clean(code.description),
      solution: clean(code.solution),
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

/**
 * The columns a document fills: the light copies of its fields, its JSON (`content`: kept in the doc's
 * revision, not its row) and its search text and words.
 */
export type DocColumns = { content: string; searchWords: string } & Pick<
  DocsTable,
  'name' | 'url' | 'httpMethod' | 'type' | 'isShow' | 'deprecated' | 'author' | 'contentType' | 'searchText'
>;

/** The search columns of a document. */
export function searchColumnsOf(doc: ApiDoc): Pick<DocColumns, 'searchText' | 'searchWords'> {
  const searchSource = searchSourceOf(doc);
  return {
    searchText: searchSource.toLowerCase(),
    searchWords: searchWordsOf(doc.name, doc.url, searchSource),
  };
}

/**
 * The light columns and stored text of a document: one write keeps them equal. `search` holds search columns
 * computed ahead for this very document (same name, URL, author and description; rows are the caller's
 * promise), else they are computed here.
 */
export function columnsOf(doc: ApiDoc, search?: PreparedSearch): DocColumns {
  const ahead =
    search &&
    search.name === doc.name &&
    search.url === doc.url &&
    search.author === doc.author &&
    search.description === doc.description
      ? { searchText: search.text, searchWords: search.words }
      : searchColumnsOf(doc);
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
    ...ahead,
  };
}

/** The differences between two documents (the changelog entry of a save). */
export function changesBetween(before: ApiDoc | null, after: ApiDoc): DocChange[] {
  return diffDocs(before, after);
}
