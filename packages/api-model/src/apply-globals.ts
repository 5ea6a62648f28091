/**
 * Applies an environment's global headers, params and returns to a doc, as its readers see it (Torna's rule):
 * - headers: the globals first; a doc header of the same name (case-insensitive, as HTTP) is dropped;
 * - params: when a global param is the "data node" (example `$data$`), the globals wrap the doc's body rows
 *   under it; otherwise the globals come first in the query (GET) or the body (other methods);
 * - returns: the same data-node wrapping of the response rows; otherwise the globals come first.
 * Each part applies only when the doc's flag (isUseGlobalHeaders / Params / Returns) is on. Global rows are
 * marked `isGlobal` and get ids of their own (`global:` + id), so they never collide with the doc's.
 */
import type { ApiDoc } from './model/api-doc.ts';
import type { ParamRow } from './model/param.ts';

/** The example that marks a global param or return as the place the doc's own rows go. */
export const DATA_NODE = '$data$';

/** The three tables of an environment's globals. */
export interface DocGlobals {
  globalHeaders: ParamRow[];
  globalParams: ParamRow[];
  globalReturns: ParamRow[];
}

/** A row as readers see it: the doc's own (`isGlobal: false`) or a global one. */
export interface AppliedRow extends Omit<ParamRow, 'children'> {
  isGlobal: boolean;
  children: AppliedRow[];
}

/** The tables a reader shows once the globals are applied. */
export interface AppliedTables {
  headerParams: AppliedRow[];
  queryParams: AppliedRow[];
  requestParams: AppliedRow[];
  responseParams: AppliedRow[];
}

// Any method text: documents read from other tools may spell it in lower case.
type DocPart = { httpMethod: string } & Pick<
  ApiDoc,
  | 'isUseGlobalHeaders'
  | 'isUseGlobalParams'
  | 'isUseGlobalReturns'
  | 'headerParams'
  | 'queryParams'
  | 'requestParams'
  | 'responseParams'
>;

function own(rows: ReadonlyArray<ParamRow>): AppliedRow[] {
  return rows.map((row) => ({ ...row, isGlobal: false, children: own(row.children) }));
}

/** Global rows, marked and re-keyed; the data node (if any) takes `body` as its children. */
function globalRows(rows: ReadonlyArray<ParamRow>, body: AppliedRow[] | null): AppliedRow[] {
  return rows.map((row) => {
    const isDataNode = body !== null && row.example === DATA_NODE;
    return {
      ...row,
      id: `global:${row.id}`,
      example: isDataNode ? '' : row.example,
      isGlobal: true,
      children: isDataNode ? body : globalRows(row.children, body),
    };
  });
}

/** Whether a tree holds the data node. */
export function hasDataNode(rows: ReadonlyArray<ParamRow>): boolean {
  return rows.some((row) => row.example === DATA_NODE || hasDataNode(row.children));
}

/** Wraps `body` in the globals when they hold a data node, else puts the globals first. */
function merge(globals: ReadonlyArray<ParamRow>, body: AppliedRow[]): AppliedRow[] {
  if (globals.length === 0) return body;
  if (hasDataNode(globals)) return globalRows(globals, body);
  return [...globalRows(globals, null), ...body];
}

/** The doc's tables with the globals applied where its flags say so. */
export function applyGlobals(doc: DocPart, globals: DocGlobals): AppliedTables {
  const headers = own(doc.headerParams);
  const query = own(doc.queryParams);
  const body = own(doc.requestParams);
  const response = own(doc.responseParams);

  let headerParams = headers;
  if (doc.isUseGlobalHeaders && globals.globalHeaders.length) {
    const names = new Set(globals.globalHeaders.map((row) => row.name.toLowerCase()));
    headerParams = [
      ...globalRows(globals.globalHeaders, null),
      ...headers.filter((row) => !names.has(row.name.toLowerCase())),
    ];
  }

  let queryParams = query;
  let requestParams = body;
  if (doc.isUseGlobalParams && globals.globalParams.length) {
    const wraps = hasDataNode(globals.globalParams);
    if (!wraps && doc.httpMethod.toUpperCase() === 'GET') queryParams = merge(globals.globalParams, query);
    else requestParams = merge(globals.globalParams, body);
  }

  const responseParams = doc.isUseGlobalReturns ? merge(globals.globalReturns, response) : response;
  return { headerParams, queryParams, requestParams, responseParams };
}
