import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, EnumItemsTable, EnumsTable } from '../../db/schema.ts';
import { chunksOf } from '../../db/chunks.ts';

type Executor = Db | Transaction<Database>;

export type EnumRow = Selectable<EnumsTable>;
export type EnumItemRow = Selectable<EnumItemsTable>;

/** The dictionaries of a module, by name. */
export function listEnums(db: Executor, moduleId: string): Promise<EnumRow[]> {
  return db
    .selectFrom('enums')
    .selectAll()
    .where('moduleId', '=', moduleId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Dictionaries by id, limited to one module (a doc may name ids of other modules; those are left out). */
export function findEnumsOfModule(
  db: Executor,
  moduleId: string,
  ids: ReadonlyArray<string>,
): Promise<EnumRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('enums')
    .selectAll()
    .where('moduleId', '=', moduleId)
    .where('id', 'in', [...ids])
    .orderBy('name')
    .execute();
}

/** A dictionary by id. */
export function findEnum(db: Executor, id: string): Promise<EnumRow | undefined> {
  return db.selectFrom('enums').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A dictionary of a module by exact name. */
export function findEnumByName(db: Executor, moduleId: string, name: string): Promise<EnumRow | undefined> {
  return db
    .selectFrom('enums')
    .selectAll()
    .where('moduleId', '=', moduleId)
    .where('name', '=', name)
    .executeTakeFirst();
}

export async function insertEnum(db: Executor, row: Insertable<EnumsTable>): Promise<void> {
  await db.insertInto('enums').values(row).execute();
}

/** Many dictionaries in few statements (an import brings hundreds). */
export async function insertEnums(db: Executor, rows: ReadonlyArray<Insertable<EnumsTable>>): Promise<void> {
  for (const chunk of chunksOf(rows, 200)) await db.insertInto('enums').values(chunk).execute();
}

export async function updateEnum(db: Executor, id: string, changes: Updateable<EnumsTable>): Promise<void> {
  await db.updateTable('enums').set(changes).where('id', '=', id).execute();
}

/** Deletes a dictionary; its items go with it (foreign key cascade). */
export async function deleteEnum(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('enumItems').where('enumId', '=', id).execute();
  await db.deleteFrom('enums').where('id', '=', id).execute();
}

/** The items of dictionaries, in order. */
export function listItems(db: Executor, enumIds: ReadonlyArray<string>): Promise<EnumItemRow[]> {
  if (enumIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('enumItems')
    .selectAll()
    .where('enumId', 'in', [...enumIds])
    .orderBy('orderIndex')
    .orderBy('id')
    .execute();
}

export function findItem(db: Executor, id: string): Promise<EnumItemRow | undefined> {
  return db.selectFrom('enumItems').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findItemByName(db: Executor, enumId: string, name: string): Promise<EnumItemRow | undefined> {
  return db
    .selectFrom('enumItems')
    .selectAll()
    .where('enumId', '=', enumId)
    .where('name', '=', name)
    .executeTakeFirst();
}

/** The highest order index of a dictionary's items (0 when it has none). */
export async function maxItemOrder(db: Executor, enumId: string): Promise<number> {
  const row = await db
    .selectFrom('enumItems')
    .select((eb) => eb.fn.max('orderIndex').as('max'))
    .where('enumId', '=', enumId)
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

export async function insertItem(db: Executor, row: Insertable<EnumItemsTable>): Promise<void> {
  await db.insertInto('enumItems').values(row).execute();
}

/** Many items in few statements. */
export async function insertItems(
  db: Executor,
  rows: ReadonlyArray<Insertable<EnumItemsTable>>,
): Promise<void> {
  for (const chunk of chunksOf(rows, 200)) await db.insertInto('enumItems').values(chunk).execute();
}

/** Deletes items by id. */
export async function deleteItems(db: Executor, ids: ReadonlyArray<string>): Promise<void> {
  for (const chunk of chunksOf(ids)) await db.deleteFrom('enumItems').where('id', 'in', chunk).execute();
}

export async function updateItem(
  db: Executor,
  id: string,
  changes: Updateable<EnumItemsTable>,
): Promise<void> {
  await db.updateTable('enumItems').set(changes).where('id', '=', id).execute();
}

export async function deleteItem(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('enumItems').where('id', '=', id).execute();
}
