import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, ModulesTable } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

/** A module with what authorization needs from its project. */
export type ModuleRow = Selectable<ModulesTable> & { spaceId: string; isPrivate: number };

/** Live modules of live projects of live spaces: deleting a parent hides its modules too. */
function selectLiveModules(db: Executor) {
  return db
    .selectFrom('modules')
    .innerJoin('projects', 'projects.id', 'modules.projectId')
    .innerJoin('spaces', 'spaces.id', 'projects.spaceId')
    .selectAll('modules')
    .select(['projects.spaceId', 'projects.isPrivate'])
    .where('modules.deletedAt', 'is', null)
    .where('projects.deletedAt', 'is', null)
    .where('spaces.deletedAt', 'is', null);
}

/** A live module by id. */
export function findLiveModule(db: Executor, id: string): Promise<ModuleRow | undefined> {
  return selectLiveModules(db).where('modules.id', '=', id).executeTakeFirst();
}

/** The live modules of a project, in order. */
export function listLiveModules(db: Executor, projectId: string): Promise<ModuleRow[]> {
  return selectLiveModules(db)
    .where('modules.projectId', '=', projectId)
    .orderBy('modules.orderIndex')
    .orderBy('modules.createdAt')
    .orderBy('modules.id')
    .execute();
}

/** A live module of a project by exact name, for the uniqueness check. */
export function findLiveModuleByName(
  db: Executor,
  projectId: string,
  name: string,
): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('modules')
    .select('id')
    .where('projectId', '=', projectId)
    .where('name', '=', name)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

/** The highest order index among a project's modules (deleted ones included, so a restore keeps its place). */
export async function maxModuleOrder(db: Executor, projectId: string): Promise<number> {
  const row = await db
    .selectFrom('modules')
    .select((eb) => eb.fn.max('orderIndex').as('max'))
    .where('projectId', '=', projectId)
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

/** Inserts a module. */
export async function insertModule(db: Executor, row: Insertable<ModulesTable>): Promise<void> {
  await db.insertInto('modules').values(row).execute();
}

/** Updates a module row. */
export async function updateModule(
  db: Executor,
  id: string,
  changes: Updateable<ModulesTable>,
): Promise<void> {
  await db.updateTable('modules').set(changes).where('id', '=', id).execute();
}

/** Moves a live application to the trash (a no-op when it is already there). */
export async function softDeleteModule(db: Executor, id: string, by: string, now: string): Promise<void> {
  await db
    .updateTable('modules')
    .set({ deletedAt: now, deletedBy: by, updatedAt: now })
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .execute();
}
