import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { GenTemplatesTable } from '../../db/schema.ts';

export type GenTemplateRow = Selectable<GenTemplatesTable>;

/** Every template without its text, in group and order. */
export function listTemplateHeads(db: Db) {
  return db
    .selectFrom('genTemplates')
    .select(['id', 'groupName', 'name'])
    .orderBy('groupName')
    .orderBy('orderIndex')
    .orderBy('name')
    .execute();
}

export function findTemplate(db: Db, id: string): Promise<GenTemplateRow | undefined> {
  return db.selectFrom('genTemplates').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findTemplateByName(db: Db, groupName: string, name: string) {
  return db
    .selectFrom('genTemplates')
    .select(['id'])
    .where('groupName', '=', groupName)
    .where('name', '=', name)
    .executeTakeFirst();
}

export async function insertTemplate(db: Db, row: Insertable<GenTemplatesTable>): Promise<void> {
  await db.insertInto('genTemplates').values(row).execute();
}

export async function updateTemplate(
  db: Db,
  id: string,
  changes: Updateable<GenTemplatesTable>,
): Promise<void> {
  await db.updateTable('genTemplates').set(changes).where('id', '=', id).execute();
}

export async function deleteTemplate(db: Db, id: string): Promise<void> {
  await db.deleteFrom('genTemplates').where('id', '=', id).execute();
}
