import { type ApiDiff, compareOperations, type OperationVersion } from '@quire/api-model';
import type { ComparedOperation, Comparison } from '@quire/shared';
import type { Db } from '../../db/database.ts';
import { readDocument } from '../docs/doc-document.ts';
import {
  listDocContentsChangedSince,
  listEnumValues,
  listFrozenContents,
  listModuleDocContents,
  listProjectModules,
} from './releases.repository.ts';

/**
 * The content a comparison reads: the operations of a project as a release froze them or as they are now,
 * each with its doc id (so a doc whose path or method changed pairs with itself) and its application.
 */
export interface ContentSet {
  operations: OperationVersion[];
  /** The application of each doc id. */
  moduleOf: Map<string, string>;
}

type Row = { docId: string; moduleId: string; content: string };

/** The documents of a content set before they are parsed, with the dictionary values they may link. */
export interface ContentRows {
  rows: Row[];
  enums: Map<string, string[]>;
}

function contentSet({ rows, enums }: ContentRows): ContentSet {
  const moduleOf = new Map<string, string>();
  const operations: OperationVersion[] = [];
  const enumValues = (row: { enumId: string }) => enums.get(row.enumId);
  for (const row of rows) {
    moduleOf.set(row.docId, row.moduleId);
    operations.push({ id: row.docId, doc: readDocument(row.content), enumValues });
  }
  return { operations, moduleOf };
}

/**
 * The frozen docs of a release. Dictionaries are read as they are now (they have no revisions); a row's own
 * enum list, which imports and pushes fill, is frozen with the doc.
 */
export async function frozenRows(db: Db, releaseId: string): Promise<ContentRows> {
  const rows = await listFrozenContents(db, releaseId);
  const enums = await listEnumValues(db, [...new Set(rows.map((row) => row.moduleId))]);
  return { rows, enums };
}

export async function frozenContent(db: Db, releaseId: string): Promise<ContentSet> {
  return contentSet(await frozenRows(db, releaseId));
}

/** Every live doc of the project's applications as it is now (or of the given applications only). */
export async function currentRows(
  db: Db,
  projectId: string,
  moduleIds?: ReadonlyArray<string>,
): Promise<ContentRows> {
  const ids = moduleIds ?? (await listProjectModules(db, projectId)).map((m) => m.id);
  const rows = (await listModuleDocContents(db, ids)).map((row) => ({
    docId: row.id,
    moduleId: row.moduleId,
    content: row.content,
  }));
  return { rows, enums: await listEnumValues(db, ids) };
}

/**
 * The frozen docs of a release and the docs now, less the docs still, undeleted, at the revision the release
 * froze them at (same revision, same document): what a comparison of the release with the docs now must read.
 * Between a release and the docs now most docs are unchanged; reading them is most of the work.
 */
export async function rowsChangedSince(
  db: Db,
  projectId: string,
  releaseId: string,
): Promise<[ContentRows, ContentRows]> {
  const ids = (await listProjectModules(db, projectId)).map((m) => m.id);
  const frozen = await listFrozenContents(db, releaseId, { changedIn: ids });
  const now = (await listDocContentsChangedSince(db, ids, releaseId)).map((row) => ({
    docId: row.id,
    moduleId: row.moduleId,
    content: row.content,
  }));
  const enums = await listEnumValues(db, [...new Set([...ids, ...frozen.map((row) => row.moduleId)])]);
  return [
    { rows: frozen, enums },
    { rows: now, enums },
  ];
}

/**
 * The two sides of what a sync changed (`SyncResult.contents` of doc-sync: each changed doc's document before
 * and after): a push's change report. The docs it did not change would pair with themselves and show no change
 * (`compareContents` leaves them out the same way), so the report is the application's before against after
 * without reading either whole. Dictionaries are read once, as they are after the sync.
 */
export async function syncedOperations(
  db: Db,
  moduleId: string,
  contents: ReadonlyArray<{ id: string; before: string | null; after: string | null }>,
): Promise<[OperationVersion[], OperationVersion[]]> {
  if (contents.length === 0) return [[], []];
  const enums = await listEnumValues(db, [moduleId]);
  const side = (pick: 'before' | 'after') =>
    contents.flatMap((row) => {
      const content = row[pick];
      return content === null ? [] : [{ docId: row.id, moduleId, content }];
    });
  return [
    contentSet({ rows: side('before'), enums }).operations,
    contentSet({ rows: side('after'), enums }).operations,
  ];
}

export async function currentContent(
  db: Db,
  projectId: string,
  moduleIds?: ReadonlyArray<string>,
): Promise<ContentSet> {
  return contentSet(await currentRows(db, projectId, moduleIds));
}

/** A diff with each operation's doc and application named, for the answers of the web API. */
export function presentDiff(
  diff: ApiDiff,
  moduleOf: ReadonlyMap<string, string>,
  moduleNames: ReadonlyMap<string, string>,
): Comparison {
  const operations: ComparedOperation[] = diff.operations.map((op) => {
    const moduleId = (op.id && moduleOf.get(op.id)) || '';
    return {
      key: op.key,
      docId: op.id ?? '',
      moduleId,
      moduleName: moduleNames.get(moduleId) ?? '',
      method: op.method,
      url: op.url,
      name: op.name,
      kind: op.kind,
      level: op.level,
      changes: op.changes,
    };
  });
  return { operations, summary: diff.summary };
}

/**
 * Compares two sets of docs of one project (the application of a doc is read from either side). A doc whose
 * document is the same text on both sides is left out of both before anything is parsed: the diff pairs
 * operations by doc id first, so it pairs with itself and has no change, and leaving it out changes no other
 * pairing. Between a release and the docs now most docs are unchanged, and parsing is most of the work.
 */
export async function compareContents(
  db: Db,
  projectId: string,
  fromRows: ContentRows,
  toRows: ContentRows,
): Promise<Comparison> {
  const before = new Map(fromRows.rows.map((row) => [row.docId, row.content]));
  const same = new Set(
    toRows.rows.filter((row) => before.get(row.docId) === row.content).map((r) => r.docId),
  );
  const from = contentSet({ ...fromRows, rows: fromRows.rows.filter((row) => !same.has(row.docId)) });
  const to = contentSet({ ...toRows, rows: toRows.rows.filter((row) => !same.has(row.docId)) });
  const diff = compareOperations(from.operations, to.operations);
  const moduleOf = new Map([...from.moduleOf, ...to.moduleOf]);
  const names = new Map((await listProjectModules(db, projectId)).map((m) => [m.id, m.name]));
  return presentDiff(diff, moduleOf, names);
}
