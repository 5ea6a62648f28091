import type {
  DocDetail,
  DocSearchHit,
  ProjectChangelog,
  Release,
  ReleaseAddRequest,
  ReleaseBoundModule,
  ReleaseUpdateRequest,
  ViewNodeWire,
} from '@quire/shared';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { nowIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { frozenDocDetail } from '../docs/docs.service.ts';
import { loadProject, type ProjectRow } from '../projects/projects.service.ts';
import { deleteReleaseHooks } from '../webhooks/webhooks.service.ts';
import { firstOperations, narrowComparison, projectChangesSince } from './release-changes.service.ts';
import { releaseTree, searchRelease } from './release-reader.ts';
import {
  deleteRelease,
  deleteReleaseDocs,
  deleteReleaseNodes,
  deleteReleaseSubscription,
  type Executor,
  findRelease,
  findReleaseByNo,
  followedReleases,
  insertRelease,
  insertReleaseDocs,
  insertReleaseNodes,
  insertReleaseSubscription,
  listDocPlaces,
  listFrozenContents,
  listModuleDocHeads,
  listModuleFolders,
  listProjectModules,
  listReleaseDocs,
  listReleaseNodeIds,
  listReleases,
  type ReleaseDocRow,
  type ReleaseRow,
  updateRelease,
} from './releases.repository.ts';

/**
 * Releases of a project (docs/releases.md): Torna's calls, plus what Torna lacked: a release freezes the
 * revisions of its docs when it is made, so it can be read and compared later while the docs move on.
 * Readers of the project list, read, compare and follow releases; those who may write its docs make, change
 * and delete them.
 */

function present(row: ReleaseRow, docs: ReadonlyArray<ReleaseDocRow>, followed: boolean): Release {
  const map: Record<string, string[]> = {};
  for (const doc of docs) {
    const list = map[doc.moduleId];
    if (list) list.push(doc.docId);
    else map[doc.moduleId] = [doc.docId];
  }
  return {
    id: row.id,
    projectId: row.projectId,
    releaseNo: row.releaseNo,
    releaseDesc: row.releaseDesc,
    status: row.status,
    dingdingWebhook: row.dingdingWebhook,
    weComWebhook: row.weComWebhook,
    gmtCreate: row.createdAt,
    creatorName: row.creatorName ?? '',
    docCount: docs.length,
    moduleSourceIdMap: map,
    isSubscribe: followed,
  };
}

async function presentAll(c: Caller, rows: ReadonlyArray<ReleaseRow>): Promise<Release[]> {
  const ids = rows.map((row) => row.id);
  const docs = await listReleaseDocs(c.db, ids);
  const byRelease = new Map<string, ReleaseDocRow[]>();
  for (const doc of docs) {
    const list = byRelease.get(doc.releaseId);
    if (list) list.push(doc);
    else byRelease.set(doc.releaseId, [doc]);
  }
  const followed = await followedReleases(c.db, c.actor.user.id, ids);
  return rows.map((row) => present(row, byRelease.get(row.id) ?? [], followed.has(row.id)));
}

/** A release and its project, after checking the caller may read (or write) the project's docs. */
async function loadRelease(
  c: Caller,
  id: string,
  ability: 'doc.read' | 'doc.write',
): Promise<{ release: ReleaseRow; project: ProjectRow }> {
  const release = await findRelease(c.db, id);
  if (!release) throw new AppError('release.not_found');
  const project = await loadProject(c, release.projectId, ability);
  return { release, project };
}

export async function listProjectReleases(
  c: Caller,
  query: { projectId: string; releaseNo?: string | undefined; status?: number | undefined },
): Promise<Release[]> {
  const project = await loadProject(c, query.projectId, 'doc.read');
  return presentAll(c, await listReleases(c.db, project.id, query));
}

/**
 * The docs a binding map names, each at its current revision: no map covers every live doc of the project,
 * an application with an empty list all its docs. A doc or application outside the project is refused.
 */
async function resolveBinding(
  db: Executor,
  projectId: string,
  map: Record<string, string[]> | undefined,
): Promise<Array<Omit<ReleaseDocRow, 'releaseId'>>> {
  const modules = await listProjectModules(db, projectId);
  const known = new Set(modules.map((m) => m.id));
  const wanted = map ? Object.keys(map) : [...known];
  const outside = wanted.find((id) => !known.has(id));
  if (outside) throw new AppError('release.doc_outside', { args: [outside] });
  const heads = await listModuleDocHeads(db, wanted);
  const out: Array<Omit<ReleaseDocRow, 'releaseId'>> = [];
  const order = new Map(modules.map((m, i) => [m.id, i]));
  const byModule = new Map<string, typeof heads>();
  for (const head of heads) {
    const list = byModule.get(head.moduleId);
    if (list) list.push(head);
    else byModule.set(head.moduleId, [head]);
  }
  for (const moduleId of [...wanted].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0))) {
    const docs = byModule.get(moduleId) ?? [];
    const names = map?.[moduleId] ?? [];
    let chosen = docs;
    if (names.length) {
      const byId = new Map(docs.map((doc) => [doc.id, doc]));
      const missing = names.find((id) => !byId.has(id));
      if (missing) throw new AppError('release.doc_outside', { args: [missing] });
      const set = new Set(names);
      chosen = docs.filter((doc) => set.has(doc.id));
    }
    for (const doc of chosen)
      out.push({
        docId: doc.id,
        moduleId,
        revision: doc.revision,
        name: doc.name,
        url: doc.url,
        httpMethod: doc.httpMethod,
        orderIndex: out.length,
      });
  }
  return out;
}

/**
 * Freezes where the release's docs sit, for the docs whose place it has not frozen yet: each doc's folder and
 * order now, and every folder of their applications not frozen yet as it is now (name, parent, order, its own
 * document). Run in the transaction that writes the release's docs; the Torna import calls it once its docs
 * and folders are in (modules/torna-import/torna-releases.ts).
 */
export async function freezeReleaseTree(db: Executor, releaseId: string): Promise<void> {
  const frozen = await listReleaseNodeIds(db, releaseId);
  const docs = (await listReleaseDocs(db, [releaseId])).filter((doc) => !frozen.has(doc.docId));
  if (!docs.length) return;
  const moduleOf = new Map(docs.map((doc) => [doc.docId, doc.moduleId]));
  const places = await listDocPlaces(db, [...moduleOf.keys()]);
  const folders = (await listModuleFolders(db, [...new Set(moduleOf.values())])).filter(
    (folder) => !frozen.has(folder.id),
  );
  await insertReleaseNodes(db, [
    ...places.map((place) => ({
      releaseId,
      nodeId: place.id,
      moduleId: moduleOf.get(place.id) ?? '',
      parentId: place.parentId,
      isFolder: 0,
      content: '',
      orderIndex: place.orderIndex,
      createdAt: place.createdAt,
    })),
    ...folders.map((folder) => ({
      releaseId,
      nodeId: folder.id,
      moduleId: folder.moduleId,
      parentId: folder.parentId,
      isFolder: 1,
      content: folder.content,
      orderIndex: folder.orderIndex,
      createdAt: folder.createdAt,
    })),
  ]);
}

export async function addRelease(c: Caller, input: z.output<typeof ReleaseAddRequest>): Promise<Release> {
  const project = await loadProject(c, input.projectId, 'doc.write');
  if (await findReleaseByNo(c.db, project.id, input.releaseNo))
    throw new AppError('release.no_taken', { args: [input.releaseNo] });
  const id = newId();
  const now = nowIso();
  await c.db.transaction().execute(async (trx) => {
    // Frozen inside the transaction that writes the release, so no save slips between the read and the write.
    const docs = await resolveBinding(trx, project.id, input.moduleSourceIdMap);
    await insertRelease(trx, {
      id,
      projectId: project.id,
      releaseNo: input.releaseNo,
      releaseDesc: input.releaseDesc,
      status: input.status,
      dingdingWebhook: input.dingdingWebhook,
      weComWebhook: input.weComWebhook,
      createdBy: c.actor.user.id,
      createdAt: now,
      updatedAt: now,
    });
    await insertReleaseDocs(
      trx,
      docs.map((doc) => ({ ...doc, releaseId: id })),
    );
    await freezeReleaseTree(trx, id);
  });
  return (await presentAll(c, [(await findRelease(c.db, id)) as ReleaseRow]))[0] as Release;
}

/**
 * Changes a release. A new binding map replaces the docs it covers: a doc it kept stays frozen at its
 * revision, a doc it adds is frozen as it is now.
 */
export async function changeRelease(
  c: Caller,
  input: z.output<typeof ReleaseUpdateRequest>,
): Promise<Release> {
  const { release, project } = await loadRelease(c, input.id, 'doc.write');
  await c.db.transaction().execute(async (trx) => {
    await updateRelease(trx, release.id, {
      ...(input.releaseDesc !== undefined && { releaseDesc: input.releaseDesc }),
      ...(input.status !== undefined && { status: input.status }),
      ...(input.dingdingWebhook !== undefined && { dingdingWebhook: input.dingdingWebhook }),
      ...(input.weComWebhook !== undefined && { weComWebhook: input.weComWebhook }),
      updatedAt: nowIso(),
    });
    if (!input.moduleSourceIdMap) return;
    const wanted = await resolveBinding(trx, project.id, input.moduleSourceIdMap);
    const kept = new Map((await listReleaseDocs(trx, [release.id])).map((doc) => [doc.docId, doc]));
    const wantedIds = new Set(wanted.map((doc) => doc.docId));
    const dropped = [...kept.keys()].filter((id) => !wantedIds.has(id));
    await deleteReleaseDocs(trx, release.id, dropped);
    await deleteReleaseNodes(trx, release.id, dropped);
    await insertReleaseDocs(
      trx,
      wanted.filter((doc) => !kept.has(doc.docId)).map((doc) => ({ ...doc, releaseId: release.id })),
    );
    // The docs it adds sit where they are now; the folders it froze before stay as they were.
    await freezeReleaseTree(trx, release.id);
  });
  return (await presentAll(c, [(await findRelease(c.db, release.id)) as ReleaseRow]))[0] as Release;
}

export async function setReleaseStatus(c: Caller, id: string, status: number): Promise<void> {
  const { release } = await loadRelease(c, id, 'doc.write');
  await updateRelease(c.db, release.id, { status, updatedAt: nowIso() });
}

export async function removeRelease(c: Caller, id: string): Promise<void> {
  const { release } = await loadRelease(c, id, 'doc.write');
  await c.db.transaction().execute(async (trx) => {
    await deleteRelease(trx, release.id);
    await deleteReleaseHooks(trx, release.id); // its robots' pending deliveries go too
  });
}

/** `bind/list`: the release's docs per application, as frozen (name, URL and method at freezing). */
export async function releaseBindList(
  c: Caller,
  projectId: string,
  releaseId: string,
): Promise<ReleaseBoundModule[]> {
  const { release } = await loadRelease(c, releaseId, 'doc.read');
  if (release.projectId !== projectId) throw new AppError('release.not_found');
  const docs = await listReleaseDocs(c.db, [release.id]);
  const names = new Map((await listProjectModules(c.db, projectId)).map((m) => [m.id, m.name]));
  const out = new Map<string, ReleaseBoundModule>();
  for (const doc of docs) {
    let module = out.get(doc.moduleId);
    if (!module) {
      module = {
        id: doc.moduleId,
        name: names.get(doc.moduleId) ?? '',
        isFolder: 1,
        releaseId: release.id,
        children: [],
      };
      out.set(doc.moduleId, module);
    }
    module.children.push({
      id: doc.docId,
      name: doc.name,
      httpMethod: doc.httpMethod,
      url: doc.url,
      version: '',
      revision: doc.revision,
      isFolder: 0,
    });
  }
  return [...out.values()];
}

export async function followRelease(c: Caller, releaseId: string, follow: boolean): Promise<void> {
  if (!follow) {
    // Stopping needs no read right: it only removes the caller's own row.
    await deleteReleaseSubscription(c.db, c.actor.user.id, releaseId);
    return;
  }
  const { release } = await loadRelease(c, releaseId, 'doc.read');
  await insertReleaseSubscription(c.db, c.actor.user.id, release.id, nowIso());
}

/** A doc of a release as frozen: the release's revision of it (404 when the release does not cover it). */
export async function releaseDoc(c: Caller, releaseId: string, docId: string): Promise<DocDetail> {
  const { release } = await loadRelease(c, releaseId, 'doc.read');
  // A doc deleted since the release still reads as frozen (its revisions are kept for the release).
  const [frozen] = await listFrozenContents(c.db, release.id, { docId });
  const detail = frozen ? await frozenDocDetail(c.db, docId, frozen) : undefined;
  if (!detail) throw new AppError('doc.not_found');
  return detail;
}

/** `GET /api/project/release/tree`: the reader's tree of a release, from its frozen docs. */
export async function releaseTreeOf(c: Caller, releaseId: string): Promise<ViewNodeWire[]> {
  const { release } = await loadRelease(c, releaseId, 'doc.read');
  return releaseTree(c.db, release.projectId, release.id);
}

/** `GET /api/project/release/search`: search in a release's frozen docs. */
export async function releaseSearch(
  c: Caller,
  releaseId: string,
  q: string,
  limit: number,
): Promise<DocSearchHit[]> {
  const { release, project } = await loadRelease(c, releaseId, 'doc.read');
  return searchRelease(c.db, project, release.id, q, limit);
}

/**
 * The changelog of a project (or, with `moduleId`, of one of its applications): its releases, newest first,
 * then what changed since the newest valid one (the first `limit` operations only, when given; the summary
 * counts them all).
 */
export async function projectChangelog(
  c: Caller,
  projectId: string,
  moduleId = '',
  limit?: number,
): Promise<ProjectChangelog> {
  const project = await loadProject(c, projectId, 'doc.read');
  const releases = await presentAll(c, await listReleases(c.db, project.id));
  const found = await projectChangesSince(c.db, project.id, null);
  const changes = found?.changes ?? null;
  return {
    releases,
    since: found
      ? { id: found.since.id, releaseNo: found.since.releaseNo, gmtCreate: found.since.createdAt }
      : null,
    changes:
      changes &&
      firstOperations(
        moduleId ? narrowComparison(changes, (op) => op.moduleId === moduleId) : changes,
        limit,
      ),
  };
}

/** A release of a project, or undefined (no access check: the caller checked the project). */
export async function findProjectRelease(
  db: Db,
  projectId: string,
  releaseId: string,
): Promise<ReleaseRow | undefined> {
  const release = await findRelease(db, releaseId);
  return release && release.projectId === projectId ? release : undefined;
}

/** The valid releases of a project, newest first (what a share's visitors and its feed see). */
export function listValidReleases(db: Db, projectId: string): Promise<ReleaseRow[]> {
  return listReleases(db, projectId, { status: 1 });
}

// What other modules may use (docs/architecture.md: modules meet through services).
export {
  compareReleasePair,
  compareReleases,
  moduleOperations,
  narrowComparison,
  projectChangesSince,
} from './release-changes.service.ts';
export { presentDiff, syncedOperations } from './release-content.ts';
export { type FrozenDoc, frozenDocs, frozenExportRows, frozenViewRows } from './release-reader.ts';
export { latestDocChange, projectsOfDocs, type ReleaseRow } from './releases.repository.ts';
