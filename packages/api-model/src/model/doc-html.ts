import type { ApiDoc } from './api-doc.ts';
import { DocType, PARAM_TABLES } from './constants.ts';
import type { ParamRow } from './param.ts';
import { mapParamRows } from './param-tree.ts';

/** Which kind of text a field of a doc holds, and so how a reader must treat it. */
export type TextKind = 'html' | 'markdown' | 'text';

/** The kind of a doc's description: Markdown docs hold Markdown, every other kind HTML (as in Torna). */
export function descriptionKind(doc: Pick<ApiDoc, 'type'>): TextKind {
  return doc.type === DocType.markdown ? 'markdown' : 'html';
}

/** A copy of a param tree with `fn` applied to every row's description. */
export function mapParamHtml(rows: ReadonlyArray<ParamRow>, fn: (html: string) => string): ParamRow[] {
  return mapParamRows(rows, (row) => ({ ...row, description: fn(row.description) }));
}

/**
 * A copy of the doc with `fn` applied to every field that holds HTML: the description (unless the doc is
 * Markdown), param descriptions and error-code descriptions and solutions. The server passes its sanitizer.
 */
export function mapDocHtml(doc: ApiDoc, fn: (html: string) => string): ApiDoc {
  const out: ApiDoc = {
    ...doc,
    description: descriptionKind(doc) === 'html' ? fn(doc.description) : doc.description,
    errorCodeParams: doc.errorCodeParams.map((code) => ({
      ...code,
      description: fn(code.description),
      solution: fn(code.solution),
    })),
  };
  for (const table of PARAM_TABLES) out[table] = mapParamHtml(doc[table], fn);
  return out;
}
