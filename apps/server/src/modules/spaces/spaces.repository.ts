import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, SpacesTable } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

/** A space with its creator's nickname. */
export type SpaceRow = Selectable<SpacesTable> & { creatorName: string | null };

function selectSpaces(db: Executor) {
  return db
    .selectFrom('spaces')
    .leftJoin('users', 'users.id', 'spaces.creatorId')
    .selectAll('spaces')
    .select('users.nickname as creatorName');
}

/** A live (not deleted) space by id. */
export function findLiveSpace(db: Executor, id: string): Promise<SpaceRow | undefined> {
  return selectSpaces(db)
    .where('spaces.id', '=', id)
    .where('spaces.deletedAt', 'is', null)
    .executeTakeFirst();
}

/** A live space by exact name, for the uniqueness check. */
export function findLiveSpaceByName(db: Executor, name: string): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('spaces')
    .select('id')
    .where('name', '=', name)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

/** Live spaces, oldest first: all of them, or only those with the given ids; optionally without composed ones. */
export function listLiveSpaces(
  db: Executor,
  options: { ids?: ReadonlyArray<string>; normalOnly?: boolean },
): Promise<SpaceRow[]> {
  if (options.ids && options.ids.length === 0) return Promise.resolve([]);
  let query = selectSpaces(db).where('spaces.deletedAt', 'is', null);
  if (options.ids) query = query.where('spaces.id', 'in', [...options.ids]);
  if (options.normalOnly) query = query.where('spaces.isCompose', '=', 0);
  return query.orderBy('spaces.createdAt').orderBy('spaces.id').execute();
}

/** Inserts a space. */
export async function insertSpace(db: Executor, row: Insertable<SpacesTable>): Promise<void> {
  await db.insertInto('spaces').values(row).execute();
}

/** Updates a space row. */
export async function updateSpace(db: Executor, id: string, changes: Updateable<SpacesTable>): Promise<void> {
  await db.updateTable('spaces').set(changes).where('id', '=', id).execute();
}

/**
 * Takes the write lock of a space row (by touching it) so membership checks such as "is this the last admin"
 * and the change after them cannot interleave with another transaction doing the same on PostgreSQL.
 */
export async function lockSpace(db: Transaction<Database>, id: string, now: string): Promise<void> {
  await db.updateTable('spaces').set({ updatedAt: now }).where('id', '=', id).execute();
}

/** Where an outbound call belongs: a space, or the space of a project or of an application. */
export type SpaceScope = { spaceId: string } | { projectId: string } | { moduleId: string };

/**
 * Whether the live space of `scope` has internal access (false when the space, project or application is
 * gone: nothing deleted keeps a door open; an application a first import is building is not gone).
 */
export async function findInternalAccess(db: Executor, scope: SpaceScope): Promise<boolean> {
  let query = db.selectFrom('spaces').select('spaces.internalAccess').where('spaces.deletedAt', 'is', null);
  if ('spaceId' in scope) query = query.where('spaces.id', '=', scope.spaceId);
  else if ('projectId' in scope)
    query = query
      .innerJoin('projects', 'projects.spaceId', 'spaces.id')
      .where('projects.id', '=', scope.projectId)
      .where('projects.deletedAt', 'is', null);
  else
    query = query
      .innerJoin('projects', 'projects.spaceId', 'spaces.id')
      .innerJoin('modules', 'modules.projectId', 'projects.id')
      .where('modules.id', '=', scope.moduleId)
      .where('projects.deletedAt', 'is', null)
      // A first import's application is hidden (marked deleted) until it publishes: it still fetches.
      .where((eb) => eb.or([eb('modules.deletedAt', 'is', null), eb('modules.stagedJobId', '!=', '')]));
  const row = await query.executeTakeFirst();
  return row?.internalAccess === 1;
}
