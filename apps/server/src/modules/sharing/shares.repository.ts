import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, ShareConfigsTable } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

export type ShareRow = Selectable<ShareConfigsTable> & { creatorName: string | null };

function selectShares(db: Executor) {
  return db
    .selectFrom('shareConfigs')
    .leftJoin('users', 'users.id', 'shareConfigs.creatorId')
    .selectAll('shareConfigs')
    .select('users.nickname as creatorName');
}

/** A share by id. */
export function findShare(db: Executor, id: string): Promise<ShareRow | undefined> {
  return selectShares(db).where('shareConfigs.id', '=', id).executeTakeFirst();
}

/** One page of an application's shares, newest first, with the total. */
export async function pageShares(
  db: Executor,
  moduleId: string,
  pageIndex: number,
  pageSize: number,
): Promise<{ rows: ShareRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    selectShares(db)
      .where('shareConfigs.moduleId', '=', moduleId)
      .orderBy('shareConfigs.createdAt', 'desc')
      .orderBy('shareConfigs.id')
      .limit(pageSize)
      .offset((pageIndex - 1) * pageSize)
      .execute(),
    db
      .selectFrom('shareConfigs')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('moduleId', '=', moduleId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function insertShare(db: Executor, row: Insertable<ShareConfigsTable>): Promise<void> {
  await db.insertInto('shareConfigs').values(row).execute();
}

export async function updateShare(
  db: Executor,
  id: string,
  changes: Updateable<ShareConfigsTable>,
): Promise<void> {
  await db.updateTable('shareConfigs').set(changes).where('id', '=', id).execute();
}

export async function deleteShare(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('shareContents').where('shareId', '=', id).execute();
  await db.deleteFrom('shareEnvironments').where('shareId', '=', id).execute();
  await db.deleteFrom('shareConfigs').where('id', '=', id).execute();
}

/** Replaces the chosen docs and environments of a share. */
export async function replaceShareScope(
  db: Executor,
  shareId: string,
  content: ReadonlyArray<{ docId: string; isShareFolder: number }>,
  environmentIds: ReadonlyArray<string>,
): Promise<void> {
  await db.deleteFrom('shareContents').where('shareId', '=', shareId).execute();
  await db.deleteFrom('shareEnvironments').where('shareId', '=', shareId).execute();
  if (content.length > 0)
    await db
      .insertInto('shareContents')
      .values(content.map((c) => ({ shareId, docId: c.docId, isShareFolder: c.isShareFolder })))
      .execute();
  if (environmentIds.length > 0)
    await db
      .insertInto('shareEnvironments')
      .values(environmentIds.map((environmentId) => ({ shareId, environmentId })))
      .execute();
}

export function listShareContents(db: Executor, shareId: string) {
  return db
    .selectFrom('shareContents')
    .select(['docId', 'isShareFolder'])
    .where('shareId', '=', shareId)
    .orderBy('docId')
    .execute();
}

export async function listShareEnvironmentIds(db: Executor, shareId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('shareEnvironments')
    .select('environmentId')
    .where('shareId', '=', shareId)
    .orderBy('environmentId')
    .execute();
  return rows.map((r) => r.environmentId);
}

/** Live docs and folders of a module among `ids` (ids elsewhere are left out). */
export async function findLiveDocIdsOfModule(
  db: Executor,
  moduleId: string,
  ids: ReadonlyArray<string>,
): Promise<Array<{ id: string; isFolder: number }>> {
  if (ids.length === 0) return [];
  const out: Array<{ id: string; isFolder: number }> = [];
  for (let i = 0; i < ids.length; i += 500) {
    out.push(
      ...(await db
        .selectFrom('docs')
        .select(['id', 'isFolder'])
        .where('moduleId', '=', moduleId)
        .where('deletedAt', 'is', null)
        .where('id', 'in', ids.slice(i, i + 500))
        .execute()),
    );
  }
  return out;
}
