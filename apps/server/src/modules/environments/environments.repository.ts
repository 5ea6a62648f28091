import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, ModuleEnvironmentsTable } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

export type EnvironmentRow = Selectable<ModuleEnvironmentsTable>;

/** The environments of a module, in order. */
export function listEnvironments(db: Executor, moduleId: string): Promise<EnvironmentRow[]> {
  return db
    .selectFrom('moduleEnvironments')
    .selectAll()
    .where('moduleId', '=', moduleId)
    .orderBy('orderIndex')
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** An environment by id. */
export function findEnvironment(db: Executor, id: string): Promise<EnvironmentRow | undefined> {
  return db.selectFrom('moduleEnvironments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Environments of one module among `ids`; ids of other modules are left out. */
export function findEnvironmentsOfModule(
  db: Executor,
  moduleId: string,
  ids: ReadonlyArray<string>,
): Promise<EnvironmentRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('moduleEnvironments')
    .selectAll()
    .where('moduleId', '=', moduleId)
    .where('id', 'in', [...ids])
    .orderBy('orderIndex')
    .orderBy('createdAt')
    .execute();
}

/** The environments of a module whose names are among `names`. */
export function findEnvironmentsByName(
  db: Executor,
  moduleId: string,
  names: ReadonlyArray<string>,
): Promise<Array<{ id: string; name: string }>> {
  if (names.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('moduleEnvironments')
    .select(['id', 'name'])
    .where('moduleId', '=', moduleId)
    .where('name', 'in', [...names])
    .execute();
}

/** The highest order index of a module's environments (0 when it has none). */
export async function maxEnvironmentOrder(db: Executor, moduleId: string): Promise<number> {
  const row = await db
    .selectFrom('moduleEnvironments')
    .select((eb) => eb.fn.max('orderIndex').as('max'))
    .where('moduleId', '=', moduleId)
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

/** Inserts environments. */
export async function insertEnvironments(
  db: Executor,
  rows: ReadonlyArray<Insertable<ModuleEnvironmentsTable>>,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('moduleEnvironments')
    .values([...rows])
    .execute();
}

/** Updates an environment. */
export async function updateEnvironment(
  db: Executor,
  id: string,
  changes: Updateable<ModuleEnvironmentsTable>,
): Promise<void> {
  await db.updateTable('moduleEnvironments').set(changes).where('id', '=', id).execute();
}

/** Deletes an environment. */
export async function deleteEnvironment(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('moduleEnvironments').where('id', '=', id).execute();
}
