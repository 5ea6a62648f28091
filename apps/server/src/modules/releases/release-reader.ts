import type { DocSearchHit, ViewNodeWire } from '@quire/shared';
import type { Db } from '../../db/database.ts';
import { readDocument } from '../docs/doc-document.ts';
import type { ViewRow } from '../view/view.service.ts';
import { buildModuleNodes } from '../view/view-tree.ts';
import {
  type FrozenContentRow,
  listFrozenContents,
  listFrozenFolders,
  listProjectModules,
  type ReleaseNodeRow,
} from './releases.repository.ts';

/**
 * A release read as the reader reads the docs now (docs/releases.md, "A release in the reader"): its tree,
 * its search and its docs, all from the frozen revisions, so a doc changed or deleted since reads as the
 * release froze it, in the folders and order the release froze (`release_nodes`): moving, renaming or
 * deleting a folder since changes nothing in a release. Used by the reader (`/api/project/release/tree|search`)
 * and by the shares of a release; neither checks access here: the caller authorized the release's project.
 */

/** A frozen doc with the tree facts read from its frozen document. */
export interface FrozenDoc extends ViewRow {
  revision: number;
  content: string;
  description: string;
  /** Its place when frozen: the tree sorts by order, then age, then id (as `listViewRows` does). */
  orderIndex: number;
  createdAt: string;
}

/** Sorts rows as the tree and the export sort live rows: order among siblings, then age, then id. */
function byPlace<T extends { id: string; orderIndex: number; createdAt: string }>(rows: T[]): T[] {
  return rows.sort(
    (a, b) =>
      a.orderIndex - b.orderIndex ||
      (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** The frozen docs of a release shown to readers (a doc frozen as hidden stays hidden), in release order. */
export async function frozenDocs(
  db: Db,
  releaseId: string,
  moduleIds?: ReadonlyArray<string>,
): Promise<FrozenDoc[]> {
  const keep = moduleIds ? new Set(moduleIds) : null;
  const rows: FrozenContentRow[] = await listFrozenContents(db, releaseId);
  const out: FrozenDoc[] = [];
  for (const row of rows) {
    if (keep && !keep.has(row.moduleId)) continue;
    const doc = readDocument(row.content);
    if (!doc.isShow) continue;
    out.push({
      id: row.docId,
      moduleId: row.moduleId,
      parentId: row.parentId,
      isFolder: 0,
      name: doc.name,
      url: doc.url,
      httpMethod: doc.httpMethod,
      type: doc.type,
      deprecated: doc.deprecated,
      revision: row.revision,
      content: row.content,
      description: doc.description,
      orderIndex: row.orderIndex,
      createdAt: row.createdAt,
    });
  }
  return out;
}

/** A frozen folder as the tree reads it. */
function folderViewRow(
  row: ReleaseNodeRow,
): ViewRow & { isShow: boolean; orderIndex: number; createdAt: string } {
  const doc = readDocument(row.content);
  return {
    id: row.nodeId,
    moduleId: row.moduleId,
    parentId: row.parentId,
    isFolder: 1,
    name: doc.name,
    url: doc.url,
    httpMethod: doc.httpMethod,
    type: doc.type,
    deprecated: doc.deprecated,
    isShow: doc.isShow,
    orderIndex: row.orderIndex,
    createdAt: row.createdAt,
  };
}

/**
 * What the reader's tree of a release is built from (of the given applications only, when named): its shown
 * frozen docs and the shown folders it froze, in the order of that moment, and the docs alone. A hidden
 * folder is left out as the live tree leaves it out (its docs show at the top of their application).
 */
export async function frozenViewRows(
  db: Db,
  releaseId: string,
  moduleIds?: ReadonlyArray<string>,
): Promise<{ rows: ViewRow[]; docs: FrozenDoc[] }> {
  const docs = await frozenDocs(db, releaseId, moduleIds);
  const folders = (await listFrozenFolders(db, releaseId, moduleIds))
    .map(folderViewRow)
    .filter((folder) => folder.isShow);
  return { rows: byPlace<ViewRow & { orderIndex: number; createdAt: string }>([...folders, ...docs]), docs };
}

/** The tree of a release in the reader: one node per application of the project that has frozen docs. */
export async function releaseTree(db: Db, projectId: string, releaseId: string): Promise<ViewNodeWire[]> {
  const { rows, docs } = await frozenViewRows(db, releaseId);
  const present = new Set(docs.map((doc) => doc.moduleId));
  const modules = (await listProjectModules(db, projectId)).filter((m) => present.has(m.id));
  // buildModuleNodes drops the folders left empty.
  const nodes = buildModuleNodes(
    modules.map((m) => ({ id: m.id, projectId, name: m.name })),
    rows,
  );
  return modules.flatMap((m) => nodes.get(m.id) ?? []);
}

/**
 * Search in frozen docs: every word of `q` must occur in the doc's name, URL, method or description (case
 * ignored); docs whose name holds the whole text rank first, then by release order. Releases hold at most the
 * docs of one project, so a scan is enough (no index).
 */
export function searchFrozen(docs: ReadonlyArray<FrozenDoc>, q: string, limit: number): FrozenDoc[] {
  const needle = q.trim().toLowerCase();
  const words = needle.split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const named: FrozenDoc[] = [];
  const other: FrozenDoc[] = [];
  for (const doc of docs) {
    const name = doc.name.toLowerCase();
    const text = `${name} ${doc.url.toLowerCase()} ${doc.httpMethod.toLowerCase()} ${doc.description.toLowerCase()}`;
    if (!words.every((word) => text.includes(word))) continue;
    (name.includes(needle) ? named : other).push(doc);
  }
  return [...named, ...other].slice(0, limit);
}

/** Search hits of a release in the reader's shape. */
export async function searchRelease(
  db: Db,
  project: { id: string; name: string },
  releaseId: string,
  q: string,
  limit: number,
): Promise<DocSearchHit[]> {
  const hits = searchFrozen(await frozenDocs(db, releaseId), q, limit);
  const names = new Map((await listProjectModules(db, project.id)).map((m) => [m.id, m.name]));
  return hits.map((doc) => ({
    id: doc.id,
    name: doc.name,
    url: doc.url,
    httpMethod: doc.httpMethod,
    docType: doc.type,
    deprecated: doc.deprecated,
    moduleId: doc.moduleId,
    moduleName: names.get(doc.moduleId) ?? '',
    projectId: project.id,
    projectName: project.name,
  }));
}

/** A frozen doc as an export reads a doc row (hidden docs included, as the export of the docs now). */
export interface FrozenExportRow {
  id: string;
  parentId: string;
  isFolder: number;
  content: string;
  orderIndex: number;
  createdAt: string;
}

/**
 * The frozen docs and folders of one application of a release, for an export of the release, in the order
 * the export reads live rows (`listModuleDocsWithPeople`: order, age, id): the application's export as it
 * was when the release froze it.
 */
export async function frozenExportRows(
  db: Db,
  releaseId: string,
  moduleId: string,
): Promise<FrozenExportRow[]> {
  const docs = (await listFrozenContents(db, releaseId))
    .filter((row) => row.moduleId === moduleId)
    .map((row) => ({
      id: row.docId,
      parentId: row.parentId,
      isFolder: 0,
      content: row.content,
      orderIndex: row.orderIndex,
      createdAt: row.createdAt,
    }));
  const folders = (await listFrozenFolders(db, releaseId, [moduleId])).map((row) => ({
    id: row.nodeId,
    parentId: row.parentId,
    isFolder: 1,
    content: row.content,
    orderIndex: row.orderIndex,
    createdAt: row.createdAt,
  }));
  return byPlace([...folders, ...docs]);
}
