import type { DocSearchHit, ViewNodeWire } from '@quire/shared';
import type { Db } from '../../db/database.ts';
import { readDocument } from '../docs/doc-document.ts';
import { listViewRows, type ViewRow } from '../view/view.service.ts';
import { buildModuleNodes } from '../view/view-tree.ts';
import { type FrozenContentRow, listFrozenContents, listProjectModules } from './releases.repository.ts';

/**
 * A release read as the reader reads the docs now (docs/releases.md, "A release in the reader"): its tree,
 * its search and its docs, all from the frozen revisions, so a doc changed or deleted since reads as the
 * release froze it. Folders are not frozen: a doc sits in the folder it is in now (or at the top of its
 * application when that folder is gone). Used by the reader (`/api/project/release/tree|search`) and by the
 * shares of a release; neither checks access here: the caller authorized the release's project.
 */

/** A frozen doc with the tree facts read from its frozen document. */
export interface FrozenDoc extends ViewRow {
  revision: number;
  content: string;
  description: string;
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
    });
  }
  return out;
}

/**
 * The reader's tree nodes of a release's docs, per application (`moduleNames`: the applications to show,
 * in order): the frozen docs placed in the live folders of their applications.
 */
export async function frozenModuleNodes(
  db: Db,
  projectId: string,
  docs: ReadonlyArray<FrozenDoc>,
  moduleNames: ReadonlyArray<{ id: string; name: string }>,
): Promise<Map<string, ViewNodeWire>> {
  const ids = moduleNames.map((m) => m.id);
  const folders = (await listViewRows(db, ids)).filter((row) => row.isFolder === 1);
  // Folders first, so a doc finds its folder whatever the order; buildModuleNodes drops empty folders.
  return buildModuleNodes(
    moduleNames.map((m) => ({ id: m.id, projectId, name: m.name })),
    [...folders, ...docs],
  );
}

/** The tree of a release in the reader: one node per application of the project that has frozen docs. */
export async function releaseTree(db: Db, projectId: string, releaseId: string): Promise<ViewNodeWire[]> {
  const docs = await frozenDocs(db, releaseId);
  const present = new Set(docs.map((doc) => doc.moduleId));
  const modules = (await listProjectModules(db, projectId)).filter((m) => present.has(m.id));
  const nodes = await frozenModuleNodes(db, projectId, docs, modules);
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

/** The frozen docs of one application of a release, for an export of the release. */
export async function frozenExportRows(
  db: Db,
  releaseId: string,
  moduleId: string,
): Promise<FrozenExportRow[]> {
  return (await listFrozenContents(db, releaseId))
    .filter((row) => row.moduleId === moduleId)
    .map((row) => ({
      id: row.docId,
      parentId: row.parentId,
      isFolder: 0,
      content: row.content,
      orderIndex: row.orderIndex,
      createdAt: row.createdAt,
    }));
}
