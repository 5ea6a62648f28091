import type { ApiDoc, ErrorCodeRow, ParamRow, ParamTable, SourceDocNode } from '@quire/api-model';
import { DocType, PARAM_TABLES } from '@quire/api-model';
import { newId } from '../../lib/ids.ts';
import { prepareDocument } from '../docs/doc-document.ts';

/**
 * The identity of a doc in a sync: HTTP docs by method and URL (the version, when given, is part of the
 * stored URL, see `syncedUrl`); Dubbo, custom and Markdown docs by kind and name, as Torna keys them.
 */
export function docKeyOf(doc: { type: number; httpMethod: string; url: string; name: string }): string {
  return doc.type === DocType.http ? `${doc.httpMethod} ${doc.url}` : `#${doc.type} ${doc.name}`;
}

/**
 * The URL a source doc is stored under. Torna's doc `version` ("" and "-" mean none) keeps two versions of one
 * method and URL apart; Quire writes it as a URL fragment (`/goods#v2`), Torna's own wire form of a version:
 * the fragment is never sent by an HTTP client, so debugging still calls `/goods`.
 */
export function syncedUrl(node: SourceDocNode): string {
  const version = node.version?.trim() ?? '';
  const url = node.doc.url;
  if (!version || version === '-' || node.doc.type !== DocType.http || url.includes('#')) return url;
  return `${url}#${version}`;
}

/** Ids of a doc's rows by table and name path (`requestParams data.items.sku`); ambiguous paths are left out. */
function rowIdsOf(doc: ApiDoc | null): Map<string, string> {
  const ids = new Map<string, string>();
  const ambiguous = new Set<string>();
  if (!doc) return ids;
  const visit = (table: ParamTable, rows: ReadonlyArray<ParamRow>, prefix: string) => {
    for (const row of rows) {
      const path = `${table} ${prefix}${row.name}`;
      if (ids.has(path)) ambiguous.add(path);
      else ids.set(path, row.id);
      visit(table, row.children, `${prefix}${row.name}.`);
    }
  };
  for (const table of PARAM_TABLES) visit(table, doc[table], '');
  for (const path of ambiguous) ids.delete(path);
  return ids;
}

/** What a source doc needs from the sync to become a stored document. */
export interface DocContext {
  /** The stored document the source doc updates, or null for a new doc. */
  current: ApiDoc | null;
  /** Keep the current description (written by hand in Quire). */
  keepDescription: boolean;
  /** Dictionary ids by name (the application's, after the source's dictionaries were written). */
  enumIds: ReadonlyMap<string, string>;
  /** The pusher or importer, for docs that name no author. */
  author: string;
  /** The source's HTML is already sanitized (SyncInput.sanitized). */
  sanitized: boolean;
  warn(message: string): void;
}

/**
 * The document a source doc becomes: rows keep the ids of the rows they replace (matched by table and name
 * path, so the changelog follows them and an unchanged source compares equal), linked dictionaries resolved
 * by name, HTML sanitized, the author defaulted, and a description edited by hand kept.
 */
export function buildSyncedDocument(node: SourceDocNode, ctx: DocContext): ApiDoc {
  const ids = rowIdsOf(ctx.current);
  const links = node.enumLinks ?? {};
  // A tree the server sanitized needs nothing more of prepareDocument's pass over every row than unique ids:
  // they are given here, in the copy this function makes anyway (a large import has tens of thousands of rows).
  const taken = new Set<string>();
  const rowId = (id: string | undefined): string => {
    if (!ctx.sanitized) return id ?? '';
    let out = id ?? '';
    while (!out || taken.has(out)) out = newId();
    taken.add(out);
    return out;
  };
  const mapRows = (table: ParamTable, rows: ReadonlyArray<ParamRow>, names: string, at: string): ParamRow[] =>
    rows.map((row, index) => {
      const position = `${at}${index}`;
      const path = `${names}${row.name}`;
      let enumId = row.enumId;
      const enumName = links[position];
      if (enumName !== undefined) {
        const found = ctx.enumIds.get(enumName);
        if (found) enumId = found;
        else
          ctx.warn(`${node.doc.name}: dictionary "${enumName}" of row ${path} not found; row left unlinked`);
      }
      return {
        ...row,
        id: rowId(ids.get(`${table} ${path}`)),
        enumId,
        children: mapRows(table, row.children, `${path}.`, `${position}.children.`),
      };
    });
  const codeIds = new Map<string, string>((ctx.current?.errorCodeParams ?? []).map((c) => [c.code, c.id]));
  const doc: ApiDoc = {
    ...node.doc,
    url: syncedUrl(node),
    pathParams: mapRows('pathParams', node.doc.pathParams, '', 'pathParams.'),
    headerParams: mapRows('headerParams', node.doc.headerParams, '', 'headerParams.'),
    queryParams: mapRows('queryParams', node.doc.queryParams, '', 'queryParams.'),
    requestParams: mapRows('requestParams', node.doc.requestParams, '', 'requestParams.'),
    responseParams: mapRows('responseParams', node.doc.responseParams, '', 'responseParams.'),
    errorCodeParams: node.doc.errorCodeParams.map(
      (code): ErrorCodeRow => ({ ...code, id: codeIds.get(code.code) ?? '' }),
    ),
  };
  const prepared = prepareDocument(doc, ctx.author, { sanitized: ctx.sanitized, rowsReady: ctx.sanitized });
  if (ctx.keepDescription && ctx.current) prepared.description = ctx.current.description;
  return prepared;
}
