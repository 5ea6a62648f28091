import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { DebugScriptsTable } from '../../db/schema.ts';

export type ScriptRow = Selectable<DebugScriptsTable>;

/** The scripts of a doc, its application and its project: project first, then application, then doc. */
export function listScriptsFor(
  db: Db,
  refs: { docId: string; moduleId: string; projectId: string },
): Promise<ScriptRow[]> {
  return db
    .selectFrom('debugScripts')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('scope', '=', 0), eb('refId', '=', refs.docId)]),
        eb.and([eb('scope', '=', 1), eb('refId', '=', refs.moduleId)]),
        eb.and([eb('scope', '=', 2), eb('refId', '=', refs.projectId)]),
      ]),
    )
    .orderBy('scope', 'desc')
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

export function findScript(db: Db, id: string): Promise<ScriptRow | undefined> {
  return db.selectFrom('debugScripts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertScript(db: Db, row: ScriptRow): Promise<void> {
  await db.insertInto('debugScripts').values(row).execute();
}

export async function updateScriptRow(
  db: Db,
  id: string,
  fields: Updateable<DebugScriptsTable>,
): Promise<void> {
  await db.updateTable('debugScripts').set(fields).where('id', '=', id).execute();
}

export async function deleteScriptRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('debugScripts').where('id', '=', id).execute();
}
