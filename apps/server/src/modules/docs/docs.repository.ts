import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared.ts';
import type { Database, DocRevisionsTable, DocsTable } from '../../db/schema.ts';
import type { DocColumns } from './doc-document.ts';

type Executor = Db | Transaction<Database>;

/** What a write may change in a doc: its row's columns, and its document (kept in a revision). */
export type DocChanges = Updateable<DocsTable> & { content?: string };

/** The light columns of a doc: everything but the document and its search text. */
const LIGHT = [
  'docs.id',
  'docs.moduleId',
  'docs.parentId',
  'docs.isFolder',
  'docs.name',
  'docs.url',
  'docs.httpMethod',
  'docs.type',
  'docs.orderIndex',
  'docs.isShow',
  'docs.deprecated',
  'docs.isLocked',
  'docs.author',
  'docs.contentType',
  'docs.revision',
  'docs.createdBy',
  'docs.updatedBy',
  'docs.createdAt',
  'docs.updatedAt',
] as const;

/** A live doc without its document, with what authorization needs from its module's project. */
export type DocRef = Omit<
  Selectable<DocsTable>,
  'searchText' | 'searchWords' | 'deletedAt' | 'deletedBy' | 'syncOrigin'
> & {
  projectId: string;
  spaceId: string;
  isPrivate: number;
};

/** A live doc with its document and the names of who created and last changed it. */
export type DocRow = DocRef & { content: string; creatorName: string | null; modifierName: string | null };

/** One row of the tree. */
export type TreeRow = Pick<
  Selectable<DocsTable>,
  | 'id'
  | 'parentId'
  | 'name'
  | 'url'
  | 'httpMethod'
  | 'type'
  | 'isFolder'
  | 'deprecated'
  | 'isShow'
  | 'isLocked'
  | 'orderIndex'
>;

/** Live docs of live modules of live projects of live spaces: deleting a parent hides its docs too. */
function selectLiveDocs(db: Executor) {
  return db
    .selectFrom('docs')
    .innerJoin('modules', 'modules.id', 'docs.moduleId')
    .innerJoin('projects', 'projects.id', 'modules.projectId')
    .innerJoin('spaces', 'spaces.id', 'projects.spaceId')
    .select([...LIGHT, 'modules.projectId', 'projects.spaceId', 'projects.isPrivate'])
    .where('docs.deletedAt', 'is', null)
    .where('modules.deletedAt', 'is', null)
    .where('projects.deletedAt', 'is', null)
    .where('spaces.deletedAt', 'is', null);
}

/*
 * The two reads of a doc every doc call makes (its access check, its detail), prepared (db/prepared.ts): built
 * and compiled once, and on an SQLite file run synchronously on the hot reader outside transactions. Under
 * load, Kysely building and compiling them cost more than the indexed lookups.
 */
const selectDocRef = preparedQuery((db, id: string) => selectLiveDocs(db).where('docs.id', '=', id));
const selectDocRow = preparedQuery((db, id: string) =>
  selectLiveDocs(db)
    .leftJoin('users as creator', 'creator.id', 'docs.createdBy')
    .leftJoin('users as modifier', 'modifier.id', 'docs.updatedBy')
    // The doc's document: its revision at its own number (migration 2026-11-29T0030).
    .innerJoin('docRevisions as cur', (join) =>
      join.onRef('cur.docId', '=', 'docs.id').onRef('cur.revision', '=', 'docs.revision'),
    )
    .select([
      'cur.snapshot as content',
      'creator.nickname as creatorName',
      'modifier.nickname as modifierName',
    ])
    .where('docs.id', '=', id),
);

/** A live doc or folder without its document. */
export async function findDocRef(db: Executor, id: string): Promise<DocRef | undefined> {
  return (await selectDocRef(db, id))[0];
}

/** A live doc or folder with its document. */
export async function findDocRow(db: Executor, id: string): Promise<DocRow | undefined> {
  return (await selectDocRow(db, id))[0];
}

/**
 * A doc with its document whether it was deleted or not (its application, project and space live): a release
 * still reads a doc deleted after it froze it.
 */
export function findDocRowAnyState(db: Executor, id: string): Promise<DocRow | undefined> {
  return db
    .selectFrom('docs')
    .innerJoin('modules', 'modules.id', 'docs.moduleId')
    .innerJoin('projects', 'projects.id', 'modules.projectId')
    .innerJoin('spaces', 'spaces.id', 'projects.spaceId')
    .leftJoin('users as creator', 'creator.id', 'docs.createdBy')
    .leftJoin('users as modifier', 'modifier.id', 'docs.updatedBy')
    .select([...LIGHT, 'modules.projectId', 'projects.spaceId', 'projects.isPrivate'])
    .innerJoin('docRevisions as cur', (join) =>
      join.onRef('cur.docId', '=', 'docs.id').onRef('cur.revision', '=', 'docs.revision'),
    )
    .select([
      'cur.snapshot as content',
      'creator.nickname as creatorName',
      'modifier.nickname as modifierName',
    ])
    .where('docs.id', '=', id)
    .where('modules.deletedAt', 'is', null)
    .where('projects.deletedAt', 'is', null)
    .where('spaces.deletedAt', 'is', null)
    .executeTakeFirst();
}

/** The live tree of a module: light columns only, in display order. */
export function listTree(db: Executor, moduleId: string): Promise<TreeRow[]> {
  return db
    .selectFrom('docs')
    .select([
      'id',
      'parentId',
      'name',
      'url',
      'httpMethod',
      'type',
      'isFolder',
      'deprecated',
      'isShow',
      'isLocked',
      'orderIndex',
    ])
    .where('moduleId', '=', moduleId)
    .where('deletedAt', 'is', null)
    .orderBy('orderIndex')
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** The live HTTP doc of a module with this method and URL, if any. */
export function findHttpDoc(
  db: Executor,
  moduleId: string,
  httpMethod: string,
  url: string,
): Promise<{ id: string; name: string } | undefined> {
  return db
    .selectFrom('docs')
    .select(['id', 'name'])
    .where('moduleId', '=', moduleId)
    .where('httpMethod', '=', httpMethod)
    .where('url', '=', url)
    .where('isFolder', '=', 0)
    .where('type', '=', 0)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

/** A live folder of a module by parent and exact name. */
export function findFolderByName(
  db: Executor,
  moduleId: string,
  parentId: string,
  name: string,
): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('docs')
    .select('id')
    .where('moduleId', '=', moduleId)
    .where('parentId', '=', parentId)
    .where('name', '=', name)
    .where('isFolder', '=', 1)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

/** The highest order index among the live children of a folder (undefined when it has none). */
export async function maxChildOrder(
  db: Executor,
  moduleId: string,
  parentId: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('docs')
    .select((eb) => eb.fn.max('orderIndex').as('max'))
    .where('moduleId', '=', moduleId)
    .where('parentId', '=', parentId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? undefined : Number(row.max);
}

/** Whether a live sibling other than `exceptId` holds this order index. */
export async function orderTaken(
  db: Executor,
  moduleId: string,
  parentId: string,
  orderIndex: number,
  exceptId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('docs')
    .select('id')
    .where('moduleId', '=', moduleId)
    .where('parentId', '=', parentId)
    .where('orderIndex', '=', orderIndex)
    .where('id', '!=', exceptId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Moves the live siblings at or after `fromOrder` down by `step`, to open a place. */
export async function shiftSiblings(
  db: Executor,
  moduleId: string,
  parentId: string,
  fromOrder: number,
  step: number,
): Promise<void> {
  await db
    .updateTable('docs')
    .set((eb) => ({ orderIndex: eb('orderIndex', '+', step) }))
    .where('moduleId', '=', moduleId)
    .where('parentId', '=', parentId)
    .where('orderIndex', '>=', fromOrder)
    .where('deletedAt', 'is', null)
    .execute();
}

/** Where a new doc or folder goes and who makes it; its document columns come from `columnsOf`. */
export interface NewDocPlace {
  id: string;
  moduleId: string;
  parentId: string;
  isFolder: 0 | 1;
  orderIndex: number;
  actorId: string;
  now: string;
  /** `push` or `import` when a sync creates the row, so a replacing sync removes only its own rows. */
  syncOrigin?: string | null;
}

/** The row of a new doc or folder at revision 1: the one shape every way of creating a doc writes. */
// The return type is inferred on purpose: callers get every column with its concrete type (a folder's row is
// also the tree row the caller answers with).
export function newDocRow(place: NewDocPlace, columns: DocColumns) {
  // The document goes in the doc's first revision (`firstRevisionOf`), not in the row.
  const { content: _document, ...light } = columns;
  return {
    id: place.id,
    moduleId: place.moduleId,
    parentId: place.parentId,
    isFolder: place.isFolder,
    orderIndex: place.orderIndex,
    isLocked: 0,
    revision: 1,
    ...light,
    createdBy: place.actorId,
    updatedBy: place.actorId,
    createdAt: place.now,
    updatedAt: place.now,
    deletedAt: null,
    deletedBy: null,
    syncOrigin: place.syncOrigin ?? null,
  };
}

/** A revision row: the snapshot of the doc after a save, with the differences from the one before. */
export function revisionRow(input: {
  docId: string;
  revision: number;
  snapshot: string;
  remark: string;
  source: string;
  changes: ReadonlyArray<unknown>;
  restoredFrom?: number | null;
  actorId: string;
  now: string;
}): Insertable<DocRevisionsTable> {
  return {
    docId: input.docId,
    revision: input.revision,
    snapshot: input.snapshot,
    remark: input.remark,
    source: input.source,
    changes: JSON.stringify(input.changes),
    restoredFrom: input.restoredFrom ?? null,
    createdBy: input.actorId,
    createdAt: input.now,
  };
}

/**
 * Rows per INSERT. Small, and a turn of the event loop between statements: a sync of thousands of docs then
 * never holds the loop for long, so other requests keep their latency while a large import writes.
 */
const CHUNK = 20;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Inserts docs and folders, a few hundred per statement. */
export async function insertDocRows(db: Executor, rows: ReadonlyArray<Insertable<DocsTable>>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    if (i > 0) await nextTurn();
    await db
      .insertInto('docs')
      .values(rows.slice(i, i + CHUNK))
      .execute();
  }
}

/** Appends revisions, a few hundred per statement. */
export async function insertRevisionRows(
  db: Executor,
  rows: ReadonlyArray<Insertable<DocRevisionsTable>>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    if (i > 0) await nextTurn();
    await db
      .insertInto('docRevisions')
      .values(rows.slice(i, i + CHUNK))
      .execute();
  }
}

/**
 * The first revision of a new folder, which holds its document as a doc's does (a folder shows no history):
 * every doc and folder has a revision at its own number (migration 2026-11-29T0030).
 */
export function folderRevisionRow(
  id: string,
  content: string,
  source: string,
  actorId: string,
  now: string,
): Insertable<DocRevisionsTable> {
  return revisionRow({
    docId: id,
    revision: 1,
    snapshot: content,
    remark: '',
    source,
    changes: [],
    actorId,
    now,
  });
}

/** A new doc with its first revision, in the caller's transaction: a doc never exists without its history. */
export async function insertNewDoc(
  trx: Transaction<Database>,
  place: Omit<NewDocPlace, 'isFolder'>,
  columns: DocColumns,
  first: { remark: string; source: string; changes: ReadonlyArray<unknown> },
): Promise<void> {
  await insertDocRows(trx, [newDocRow({ ...place, isFolder: 0 }, columns)]);
  await insertRevisionRows(trx, [
    revisionRow({
      docId: place.id,
      revision: 1,
      snapshot: columns.content,
      ...first,
      actorId: place.actorId,
      now: place.now,
    }),
  ]);
}

/**
 * Writes a save when the doc is still at `baseRevision`, bumping the revision: a compare-and-set, so of two
 * concurrent saves from the same revision exactly one succeeds, on any number of instances.
 */
export async function updateDocAtRevision(
  db: Executor,
  id: string,
  baseRevision: number,
  changes: DocChanges,
): Promise<boolean> {
  // The new document is the snapshot of the revision the caller appends next, under this number.
  const { content: _document, ...row } = changes;
  const result = await db
    .updateTable('docs')
    .set({ ...row, revision: baseRevision + 1 })
    .where('id', '=', id)
    .where('revision', '=', baseRevision)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Updates a doc row (tree changes, lock, a folder's description); the revision is not touched, so a new
 * document replaces the current revision's snapshot.
 */
export async function updateDoc(db: Executor, id: string, changes: DocChanges): Promise<void> {
  const { content, ...row } = changes;
  const write = async (trx: Executor) => {
    if (Object.keys(row).length > 0) await trx.updateTable('docs').set(row).where('id', '=', id).execute();
    if (content !== undefined) await replaceCurrentSnapshots(trx, [{ id, content }]);
  };
  // The row and the document together, or neither.
  if (content === undefined || db.isTransaction) await write(db);
  else await db.transaction().execute(write);
}

/** Sets the snapshot of each doc's current revision (a document changed without a new revision). */
export async function replaceCurrentSnapshots(
  db: Executor,
  documents: ReadonlyArray<{ id: string; content: string }>,
): Promise<void> {
  for (const { id, content } of documents)
    await db
      .updateTable('docRevisions')
      .set({ snapshot: content })
      .where('docId', '=', id)
      .where((eb) =>
        eb('revision', '=', eb.selectFrom('docs').select('docs.revision').where('docs.id', '=', id)),
      )
      .execute();
}

/** Soft-deletes docs and folders. */
export async function softDeleteDocs(
  db: Executor,
  ids: ReadonlyArray<string>,
  at: string,
  by: string,
): Promise<void> {
  // Chunks keep the IN list within every driver's parameter limit.
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .updateTable('docs')
      .set({ deletedAt: at, deletedBy: by, updatedAt: at, updatedBy: by })
      .where('id', 'in', ids.slice(i, i + 500))
      .where('deletedAt', 'is', null)
      .execute();
  }
}

/** A live doc or folder with its document and the nicknames of who created and last changed it. */
export interface DocWithPeople {
  id: string;
  parentId: string;
  isFolder: number;
  content: string;
  orderIndex: number;
  createdAt: string;
  updatedAt: string;
  creatorName: string | null;
  modifierName: string | null;
}

/** Live docs and folders of an application in tree order, optionally only `ids` (at most 1,000 of them). */
export async function listModuleDocsWithPeople(
  db: Executor,
  moduleId: string,
  ids?: ReadonlyArray<string>,
): Promise<DocWithPeople[]> {
  if (ids && ids.length === 0) return [];
  let query = db
    .selectFrom('docs')
    .leftJoin('users as creator', 'creator.id', 'docs.createdBy')
    .leftJoin('users as modifier', 'modifier.id', 'docs.updatedBy')
    .innerJoin('docRevisions as cur', (join) =>
      join.onRef('cur.docId', '=', 'docs.id').onRef('cur.revision', '=', 'docs.revision'),
    )
    .select([
      'docs.id',
      'docs.parentId',
      'docs.isFolder',
      'cur.snapshot as content',
      'docs.orderIndex',
      'docs.createdAt',
      'docs.updatedAt',
      'creator.nickname as creatorName',
      'modifier.nickname as modifierName',
    ])
    .where('docs.moduleId', '=', moduleId)
    .where('docs.deletedAt', 'is', null);
  if (ids) query = query.where('docs.id', 'in', [...ids].slice(0, 1000));
  return query.orderBy('docs.orderIndex').orderBy('docs.createdAt').orderBy('docs.id').execute();
}
