import type { ApiDoc } from './api-doc.ts';
import { DocLimits, DocType, ModelMessages as M, PARAM_NAME_PATTERN, PARAM_TABLES } from './constants.ts';
import { limitMessage } from './fields.ts';
import { countParams, type ModelIssue, walkParams } from './param-tree.ts';

// Enough to show the editor every bad cell of a screen; a pasted table of 10,000 bad names need not list all.
const MAX_ISSUES = 50;

/**
 * The editor's rules on top of the document's shape: parameter names of letters, digits, `-` and `_`
 * ("Error Content, support letter/numer/-/_"), a URL and method on HTTP docs, and the row limit over all
 * tables. Saves from the web apply them; documents read back from storage are not re-judged by them.
 */
export function checkDocRules(doc: ApiDoc): ModelIssue[] {
  const issues: ModelIssue[] = [];
  if (doc.type === DocType.http) {
    if (!doc.url) issues.push({ path: ['url'], message: limitMessage(M.requiredMax, DocLimits.urlMax) });
    if (!doc.httpMethod) issues.push({ path: ['httpMethod'], message: M.invalid });
  }
  let rows = doc.errorCodeParams.length;
  for (const table of PARAM_TABLES) {
    rows += countParams(doc[table]);
    walkParams(doc[table], (row, _depth, _parent, path) => {
      if (issues.length < MAX_ISSUES && !PARAM_NAME_PATTERN.test(row.name)) {
        issues.push({ path: [table, ...path(), 'name'], message: M.errorContent });
      }
    });
  }
  if (rows > DocLimits.rowsMax)
    issues.push({ path: [], message: limitMessage(M.rowsMax, DocLimits.rowsMax) });
  return issues;
}
