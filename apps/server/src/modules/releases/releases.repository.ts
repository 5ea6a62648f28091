import type { Insertable, Selectable, Transaction } from 'kysely';
import { chunksOf } from '../../db/chunks.ts';
import type { Db } from '../../db/database.ts';
import type { Database, ReleaseDocsTable, ReleaseNodesTable, ReleasesTable } from '../../db/schema.ts';

export type Executor = Db | Transaction<Database>;

export type ReleaseRow = Selectable<ReleasesTable> & { creatorName: string | null };
export type ReleaseDocRow = Selectable<ReleaseDocsTable>;
export type ReleaseNodeRow = Selectable<ReleaseNodesTable>;

function selectReleases(db: Executor) {
  return db
    .selectFrom('releases')
    .leftJoin('users', 'users.id', 'releases.createdBy')
    .selectAll('releases')
    .select('users.nickname as creatorName');
}

/** The releases of a project, newest first, optionally narrowed by number (substring) and status. */
export function listReleases(
  db: Executor,
  projectId: string,
  filter: { releaseNo?: string | undefined; status?: number | undefined } = {},
): Promise<ReleaseRow[]> {
  let query = selectReleases(db).where('releases.projectId', '=', projectId);
  if (filter.releaseNo)
    query = query.where('releases.releaseNo', 'like', `%${escapeLike(filter.releaseNo)}%`);
  if (filter.status !== undefined) query = query.where('releases.status', '=', filter.status);
  return query.orderBy('releases.createdAt', 'desc').orderBy('releases.id', 'desc').execute();
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function findRelease(db: Executor, id: string): Promise<ReleaseRow | undefined> {
  return selectReleases(db).where('releases.id', '=', id).executeTakeFirst();
}

export function findReleaseByNo(db: Executor, projectId: string, releaseNo: string) {
  return db
    .selectFrom('releases')
    .select('id')
    .where('projectId', '=', projectId)
    .where('releaseNo', '=', releaseNo)
    .executeTakeFirst();
}

export async function insertRelease(db: Executor, row: Insertable<ReleasesTable>): Promise<void> {
  await db.insertInto('releases').values(row).execute();
}

export async function updateRelease(
  db: Executor,
  id: string,
  patch: Partial<
    Pick<ReleasesTable, 'releaseDesc' | 'status' | 'dingdingWebhook' | 'weComWebhook' | 'updatedAt'>
  >,
): Promise<void> {
  await db.updateTable('releases').set(patch).where('id', '=', id).execute();
}

/** Deletes a release with its frozen docs, tree and followers (no cascade needed on any dialect). */
export async function deleteRelease(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('releaseSubscriptions').where('releaseId', '=', id).execute();
  await db.deleteFrom('releaseNodes').where('releaseId', '=', id).execute();
  await db.deleteFrom('releaseDocs').where('releaseId', '=', id).execute();
  await db.deleteFrom('releases').where('id', '=', id).execute();
}

export function listReleaseDocs(db: Executor, releaseIds: ReadonlyArray<string>): Promise<ReleaseDocRow[]> {
  if (!releaseIds.length) return Promise.resolve([]);
  return db
    .selectFrom('releaseDocs')
    .selectAll()
    .where('releaseId', 'in', releaseIds)
    .orderBy('orderIndex')
    .execute();
}

export async function insertReleaseDocs(db: Executor, rows: ReadonlyArray<ReleaseDocRow>): Promise<void> {
  for (const chunk of chunksOf(rows, 200)) await db.insertInto('releaseDocs').values(chunk).execute();
}

export async function deleteReleaseDocs(db: Executor, releaseId: string, docIds: ReadonlyArray<string>) {
  for (const chunk of chunksOf(docIds))
    await db
      .deleteFrom('releaseDocs')
      .where('releaseId', '=', releaseId)
      .where('docId', 'in', chunk)
      .execute();
}

/** The ids of the docs and folders whose place a release froze. */
export async function listReleaseNodeIds(db: Executor, releaseId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('releaseNodes')
    .select('nodeId')
    .where('releaseId', '=', releaseId)
    .execute();
  return new Set(rows.map((row) => row.nodeId));
}

export async function insertReleaseNodes(db: Executor, rows: ReadonlyArray<ReleaseNodeRow>): Promise<void> {
  for (const chunk of chunksOf(rows, 100)) await db.insertInto('releaseNodes').values(chunk).execute();
}

export async function deleteReleaseNodes(db: Executor, releaseId: string, nodeIds: ReadonlyArray<string>) {
  for (const chunk of chunksOf(nodeIds))
    await db
      .deleteFrom('releaseNodes')
      .where('releaseId', '=', releaseId)
      .where('nodeId', 'in', chunk)
      .execute();
}

/** Where docs (deleted or not) sit now: what a release freezes of a doc's place. */
export async function listDocPlaces(db: Executor, docIds: ReadonlyArray<string>) {
  const out: Array<{ id: string; parentId: string; orderIndex: number; createdAt: string }> = [];
  for (const chunk of chunksOf(docIds))
    out.push(
      ...(await db
        .selectFrom('docs')
        .select(['id', 'parentId', 'orderIndex', 'createdAt'])
        .where('id', 'in', chunk)
        .execute()),
    );
  return out;
}

/** The live folders of applications with their own documents: what a release freezes of the folders. */
export async function listModuleFolders(db: Executor, moduleIds: ReadonlyArray<string>) {
  const out: Array<{
    id: string;
    moduleId: string;
    parentId: string;
    content: string;
    orderIndex: number;
    createdAt: string;
  }> = [];
  for (const chunk of chunksOf(moduleIds))
    out.push(
      ...(await db
        .selectFrom('docs')
        .innerJoin('docRevisions as cur', (join) =>
          join.onRef('cur.docId', '=', 'docs.id').onRef('cur.revision', '=', 'docs.revision'),
        )
        .select([
          'docs.id',
          'docs.moduleId',
          'docs.parentId',
          'cur.snapshot as content',
          'docs.orderIndex',
          'docs.createdAt',
        ])
        .where('docs.moduleId', 'in', chunk)
        .where('docs.isFolder', '=', 1)
        .where('docs.deletedAt', 'is', null)
        .execute()),
    );
  return out;
}

/** The folders a release froze (of the given applications only, when named). */
export function listFrozenFolders(
  db: Executor,
  releaseId: string,
  moduleIds?: ReadonlyArray<string>,
): Promise<ReleaseNodeRow[]> {
  if (moduleIds?.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('releaseNodes')
    .selectAll()
    .where('releaseId', '=', releaseId)
    .where('isFolder', '=', 1)
    .$if(moduleIds !== undefined, (q) => q.where('moduleId', 'in', moduleIds ?? []))
    .execute();
}

/** The release ids among `releaseIds` the user follows. */
export async function followedReleases(
  db: Executor,
  userId: string,
  releaseIds: ReadonlyArray<string>,
): Promise<Set<string>> {
  if (!releaseIds.length) return new Set();
  const rows = await db
    .selectFrom('releaseSubscriptions')
    .select('releaseId')
    .where('userId', '=', userId)
    .where('releaseId', 'in', releaseIds)
    .execute();
  return new Set(rows.map((row) => row.releaseId));
}

export async function insertReleaseSubscription(db: Executor, userId: string, releaseId: string, at: string) {
  const known = await db
    .selectFrom('releaseSubscriptions')
    .select('userId')
    .where('userId', '=', userId)
    .where('releaseId', '=', releaseId)
    .executeTakeFirst();
  if (!known)
    await db.insertInto('releaseSubscriptions').values({ userId, releaseId, createdAt: at }).execute();
}

export async function deleteReleaseSubscription(db: Executor, userId: string, releaseId: string) {
  await db
    .deleteFrom('releaseSubscriptions')
    .where('userId', '=', userId)
    .where('releaseId', '=', releaseId)
    .execute();
}

/** The live applications of a project, in their order. */
export function listProjectModules(db: Executor, projectId: string) {
  return db
    .selectFrom('modules')
    .select(['id', 'name'])
    .where('projectId', '=', projectId)
    .where('deletedAt', 'is', null)
    .orderBy('orderIndex')
    .orderBy('id')
    .execute();
}

/** The live docs (not folders) of applications, without their documents: what a release freezes. */
export async function listModuleDocHeads(db: Executor, moduleIds: ReadonlyArray<string>) {
  const out: Array<{
    id: string;
    moduleId: string;
    name: string;
    url: string;
    httpMethod: string;
    revision: number;
  }> = [];
  for (const chunk of chunksOf(moduleIds))
    out.push(
      ...(await db
        .selectFrom('docs')
        .select(['id', 'moduleId', 'name', 'url', 'httpMethod', 'revision'])
        .where('moduleId', 'in', chunk)
        .where('isFolder', '=', 0)
        .where('deletedAt', 'is', null)
        .orderBy('moduleId')
        .orderBy('orderIndex')
        .orderBy('id')
        .execute()),
    );
  return out;
}

/** The live docs of applications with their documents: the docs as they are now. */
export async function listModuleDocContents(db: Executor, moduleIds: ReadonlyArray<string>) {
  const out: Array<{ id: string; moduleId: string; content: string }> = [];
  for (const chunk of chunksOf(moduleIds))
    out.push(
      ...(await db
        .selectFrom('docs')
        .innerJoin('docRevisions as cur', (join) =>
          join.onRef('cur.docId', '=', 'docs.id').onRef('cur.revision', '=', 'docs.revision'),
        )
        .select(['docs.id', 'docs.moduleId', 'cur.snapshot as content'])
        .where('docs.moduleId', 'in', chunk)
        .where('docs.isFolder', '=', 0)
        .where('docs.deletedAt', 'is', null)
        .orderBy('docs.orderIndex')
        .orderBy('docs.id')
        .execute()),
    );
  return out;
}

/**
 * The live docs of applications with their documents, less those still at the revision the release froze
 * them at: the other side of `listFrozenContents` with `changedIn`.
 */
export async function listDocContentsChangedSince(
  db: Executor,
  moduleIds: ReadonlyArray<string>,
  releaseId: string,
) {
  const out: Array<{ id: string; moduleId: string; content: string }> = [];
  for (const chunk of chunksOf(moduleIds))
    out.push(
      ...(await db
        .selectFrom('docs')
        .leftJoin('releaseDocs', (join) =>
          join.onRef('releaseDocs.docId', '=', 'docs.id').on('releaseDocs.releaseId', '=', releaseId),
        )
        .innerJoin('docRevisions as cur', (join) =>
          join.onRef('cur.docId', '=', 'docs.id').onRef('cur.revision', '=', 'docs.revision'),
        )
        .select(['docs.id', 'docs.moduleId', 'cur.snapshot as content'])
        .where('docs.moduleId', 'in', chunk)
        .where('docs.isFolder', '=', 0)
        .where('docs.deletedAt', 'is', null)
        .where((eb) =>
          eb.or([
            eb('releaseDocs.docId', 'is', null),
            eb('releaseDocs.revision', '!=', eb.ref('docs.revision')),
          ]),
        )
        .orderBy('docs.orderIndex')
        .orderBy('docs.id')
        .execute()),
    );
  return out;
}

/** A doc of a release as frozen, with the place the release froze it in (`release_nodes`). */
export interface FrozenContentRow {
  docId: string;
  moduleId: string;
  revision: number;
  content: string;
  /** The folder the doc sat in when the release froze it ('' at the top of its application). */
  parentId: string;
  /** The doc's place among its siblings then, and when it was made: the tree's order (order, age, id). */
  orderIndex: number;
  createdAt: string;
}

/**
 * The frozen documents of a release (or the one doc `docId` of it): each doc's revision snapshot (every doc
 * has one at its own number, migration 2026-11-29T0030). A doc whose frozen revision cannot be read any more
 * is left out.
 * `changedIn` (the live applications of the project) leaves out the docs that are still, undeleted, at their
 * frozen revision in one of them: what a comparison with the docs now need not read
 * (`listDocContentsChangedSince` leaves out the same docs on the other side).
 */
export async function listFrozenContents(
  db: Executor,
  releaseId: string,
  options: { docId?: string; changedIn?: ReadonlyArray<string> } = {},
): Promise<FrozenContentRow[]> {
  const { docId, changedIn } = options;
  const rows = await db
    .selectFrom('releaseDocs')
    .leftJoin('docRevisions', (join) =>
      join
        .onRef('docRevisions.docId', '=', 'releaseDocs.docId')
        .onRef('docRevisions.revision', '=', 'releaseDocs.revision'),
    )
    .leftJoin('docs', 'docs.id', 'releaseDocs.docId')
    .leftJoin('releaseNodes', (join) =>
      join
        .onRef('releaseNodes.releaseId', '=', 'releaseDocs.releaseId')
        .onRef('releaseNodes.nodeId', '=', 'releaseDocs.docId'),
    )
    .select([
      'releaseDocs.docId',
      'releaseDocs.moduleId',
      'releaseDocs.revision',
      'releaseNodes.parentId',
      'releaseNodes.createdAt',
      'releaseNodes.orderIndex',
    ])
    .select('docRevisions.snapshot as content')
    .where('releaseDocs.releaseId', '=', releaseId)
    .$if(docId !== undefined, (q) => q.where('releaseDocs.docId', '=', docId ?? ''))
    .$if(changedIn !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb('docs.id', 'is', null),
          eb('docs.deletedAt', 'is not', null),
          eb('docs.revision', '!=', eb.ref('releaseDocs.revision')),
          ...(changedIn?.length ? [eb('docs.moduleId', 'not in', changedIn)] : [eb.lit(true)]),
        ]),
      ),
    )
    .orderBy('releaseDocs.orderIndex')
    .execute();
  const out: FrozenContentRow[] = [];
  for (const row of rows) {
    const content = row.content;
    if (content)
      out.push({
        docId: row.docId,
        moduleId: row.moduleId,
        revision: row.revision,
        content,
        parentId: row.parentId ?? '',
        orderIndex: row.orderIndex ?? 0,
        createdAt: row.createdAt ?? '',
      });
  }
  return out;
}

/** The dictionary values of applications by dictionary id. */
export async function listEnumValues(
  db: Executor,
  moduleIds: ReadonlyArray<string>,
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const chunk of chunksOf(moduleIds)) {
    const rows = await db
      .selectFrom('enumItems')
      .innerJoin('enums', 'enums.id', 'enumItems.enumId')
      .select(['enumItems.enumId', 'enumItems.value'])
      .where('enums.moduleId', 'in', chunk)
      .orderBy('enumItems.orderIndex')
      .execute();
    for (const row of rows) {
      const list = out.get(row.enumId);
      if (list) list.push(row.value);
      else out.set(row.enumId, [row.value]);
    }
  }
  return out;
}

/** When the docs of applications last changed (an edit, a push or a deletion), or null for none. */
export async function latestDocChange(
  db: Executor,
  moduleIds: ReadonlyArray<string>,
): Promise<string | null> {
  let latest: string | null = null;
  for (const chunk of chunksOf(moduleIds)) {
    const row = await db
      .selectFrom('docs')
      .select((eb) => [eb.fn.max('updatedAt').as('updated'), eb.fn.max('deletedAt').as('deleted')])
      .where('moduleId', 'in', chunk)
      .executeTakeFirst();
    for (const value of [row?.updated, row?.deleted])
      if (typeof value === 'string' && (!latest || value > latest)) latest = value;
  }
  return latest;
}

/** The project of each doc (deleted or not) among `docIds`, for docs of live applications. */
export async function projectsOfDocs(
  db: Executor,
  docIds: ReadonlyArray<string>,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const chunk of chunksOf(docIds)) {
    const rows = await db
      .selectFrom('docs')
      .innerJoin('modules', 'modules.id', 'docs.moduleId')
      .select(['docs.id', 'modules.projectId'])
      .where('docs.id', 'in', chunk)
      .where('modules.deletedAt', 'is', null)
      .execute();
    for (const row of rows) out.set(row.id, row.projectId);
  }
  return out;
}

/**
 * The version of what a project's changes are computed from: its live applications (ids and names, in
 * order) and the counters the triggers bump on every write of their docs (`m:`) and of their environments
 * and dictionaries (`a:`) (db/cache-versions.ts). Equal strings mean equal docs, dictionaries and names.
 */
export async function projectContentVersion(db: Executor, projectId: string): Promise<string> {
  const modules = await listProjectModules(db, projectId);
  const scopes = modules.flatMap((m) => [`m:${m.id}`, `a:${m.id}`]);
  const counters: string[] = [];
  for (const chunk of chunksOf(scopes)) {
    const rows = await db
      .selectFrom('cacheVersions')
      .select(['scope', 'version'])
      .where('scope', 'in', chunk)
      .execute();
    for (const row of rows) counters.push(`${row.scope}=${String(row.version)}`);
  }
  return JSON.stringify([modules.map((m) => [m.id, m.name]), counters.sort()]);
}
