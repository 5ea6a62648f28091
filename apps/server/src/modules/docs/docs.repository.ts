import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, DocsTable } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

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
  'content' | 'searchText' | 'searchWords' | 'deletedAt' | 'deletedBy' | 'syncOrigin'
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

/** A live doc or folder without its document. */
export function findDocRef(db: Executor, id: string): Promise<DocRef | undefined> {
  return selectLiveDocs(db).where('docs.id', '=', id).executeTakeFirst();
}

/** A live doc or folder with its document. */
export function findDocRow(db: Executor, id: string): Promise<DocRow | undefined> {
  return selectLiveDocs(db)
    .leftJoin('users as creator', 'creator.id', 'docs.createdBy')
    .leftJoin('users as modifier', 'modifier.id', 'docs.updatedBy')
    .select(['docs.content', 'creator.nickname as creatorName', 'modifier.nickname as modifierName'])
    .where('docs.id', '=', id)
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

/** Inserts a doc or folder. */
export async function insertDoc(db: Executor, row: Insertable<DocsTable>): Promise<void> {
  await db.insertInto('docs').values(row).execute();
}

/**
 * Writes a save when the doc is still at `baseRevision`, bumping the revision: a compare-and-set, so of two
 * concurrent saves from the same revision exactly one succeeds, on any number of instances.
 */
export async function updateDocAtRevision(
  db: Executor,
  id: string,
  baseRevision: number,
  changes: Updateable<DocsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('docs')
    .set({ ...changes, revision: baseRevision + 1 })
    .where('id', '=', id)
    .where('revision', '=', baseRevision)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Updates a doc row (tree changes, lock); the revision is not touched. */
export async function updateDoc(db: Executor, id: string, changes: Updateable<DocsTable>): Promise<void> {
  await db.updateTable('docs').set(changes).where('id', '=', id).execute();
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
