import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

/** A deleted doc or folder as the trash lists it: the root of one deletion, with its application's name. */
export interface DeletedDocRow {
  id: string;
  name: string;
  isFolder: number;
  moduleName: string;
  deletedAt: string;
  deletedByName: string | null;
}

/**
 * Docs and folders deleted at or after `since`, newest first. A folder's subtree is deleted with it (same
 * time): only the folder is listed, and restoring it brings the subtree back.
 */
export async function listDeletedDocs(db: Executor, since: string): Promise<DeletedDocRow[]> {
  const rows = await db
    .selectFrom('docs')
    .innerJoin('modules', 'modules.id', 'docs.moduleId')
    .leftJoin('docs as parent', 'parent.id', 'docs.parentId')
    .leftJoin('users', 'users.id', 'docs.deletedBy')
    .select([
      'docs.id',
      'docs.name',
      'docs.isFolder',
      'modules.name as moduleName',
      'docs.deletedAt',
      'users.nickname as deletedByName',
    ])
    .where('docs.deletedAt', '>=', since)
    .where((eb) =>
      eb.or([
        eb('parent.id', 'is', null),
        eb('parent.deletedAt', 'is', null),
        eb('parent.deletedAt', '!=', eb.ref('docs.deletedAt')),
      ]),
    )
    .orderBy('docs.deletedAt', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, deletedAt: row.deletedAt ?? '' }));
}

/** A deleted doc or folder with what a restore checks. */
export interface DeletedDoc {
  id: string;
  moduleId: string;
  parentId: string;
  isFolder: number;
  type: number;
  name: string;
  httpMethod: string;
  url: string;
  deletedAt: string | null;
}

const DELETED_COLUMNS = [
  'id',
  'moduleId',
  'parentId',
  'isFolder',
  'type',
  'name',
  'httpMethod',
  'url',
  'deletedAt',
] as const;

/** A soft-deleted doc or folder by id. */
export function findDeletedDoc(db: Executor, id: string): Promise<DeletedDoc | undefined> {
  return db
    .selectFrom('docs')
    .select(DELETED_COLUMNS)
    .where('id', '=', id)
    .where('deletedAt', 'is not', null)
    .executeTakeFirst();
}

/** The rows of a module deleted at exactly `deletedAt` (one deletion: a folder and its subtree). */
export function listDeletedTogether(
  db: Executor,
  moduleId: string,
  deletedAt: string,
): Promise<DeletedDoc[]> {
  return db
    .selectFrom('docs')
    .select(DELETED_COLUMNS)
    .where('moduleId', '=', moduleId)
    .where('deletedAt', '=', deletedAt)
    .execute();
}

/** Whether a live folder with this id exists in the module. */
export async function isLiveFolder(db: Executor, moduleId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('docs')
    .select('id')
    .where('id', '=', id)
    .where('moduleId', '=', moduleId)
    .where('isFolder', '=', 1)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Clears the deletion mark of docs; the first may move (to the top when its folder is gone). */
export async function undeleteDocs(
  db: Executor,
  ids: ReadonlyArray<string>,
  root: { id: string; parentId: string },
  now: string,
  by: string,
): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .updateTable('docs')
      .set({ deletedAt: null, deletedBy: null, updatedAt: now, updatedBy: by })
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
  }
  await db.updateTable('docs').set({ parentId: root.parentId }).where('id', '=', root.id).execute();
}
