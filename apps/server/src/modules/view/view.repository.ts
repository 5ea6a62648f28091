import type { Db } from '../../db/database.ts';
import { upsert } from '../../db/dialect.ts';

/** A doc or folder as the reader's tree needs it: nothing heavy. */
export interface ViewRow {
  id: string;
  moduleId: string;
  parentId: string;
  isFolder: number;
  name: string;
  url: string;
  httpMethod: string;
  type: number;
  deprecated: string;
}

/** A live module with its project. */
export interface ViewModuleRow {
  id: string;
  projectId: string;
  name: string;
}

// Keeps IN lists within every driver's parameter limit.
const CHUNK = 500;

function chunks<T>(items: ReadonlyArray<T>): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** The live modules of the given projects, in display order. */
export async function listModulesOfProjects(
  db: Db,
  projectIds: ReadonlyArray<string>,
): Promise<ViewModuleRow[]> {
  const out: ViewModuleRow[] = [];
  for (const ids of chunks(projectIds)) {
    const rows = await db
      .selectFrom('modules')
      .select(['id', 'projectId', 'name'])
      .where('projectId', 'in', ids)
      .where('deletedAt', 'is', null)
      .orderBy('orderIndex')
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
    out.push(...rows);
  }
  return out;
}

/**
 * The live, shown docs and folders of the given modules, light columns only, in display order. Hidden docs
 * (`isShow` off) stay out of the reader, as in Torna.
 */
export async function listViewRows(db: Db, moduleIds: ReadonlyArray<string>): Promise<ViewRow[]> {
  const out: ViewRow[] = [];
  for (const ids of chunks(moduleIds)) {
    const rows = await db
      .selectFrom('docs')
      .select(['id', 'moduleId', 'parentId', 'isFolder', 'name', 'url', 'httpMethod', 'type', 'deprecated'])
      .where('moduleId', 'in', ids)
      .where('deletedAt', 'is', null)
      .where('isShow', '=', 1)
      .orderBy('orderIndex')
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
    out.push(...rows);
  }
  return out;
}

/** Whether the user follows the doc. */
export async function isSubscribed(db: Db, userId: string, docId: string): Promise<boolean> {
  const row = await db
    .selectFrom('docSubscriptions')
    .select('docId')
    .where('userId', '=', userId)
    .where('docId', '=', docId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Follows a doc; following twice keeps one row. */
export async function insertSubscription(db: Db, userId: string, docId: string, at: string): Promise<void> {
  await upsert(db, db.insertInto('docSubscriptions').values({ userId, docId, createdAt: at }), [
    'userId',
    'docId',
  ]).execute();
}

/** Stops following a doc. */
export async function deleteSubscription(db: Db, userId: string, docId: string): Promise<void> {
  await db.deleteFrom('docSubscriptions').where('userId', '=', userId).where('docId', '=', docId).execute();
}
