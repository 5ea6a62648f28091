import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { hotReaderOf } from '../../db/hot-reader.ts';
import type { Database, ModuleSourcesTable } from '../../db/schema.ts';

export type ModuleSourceRow = Selectable<ModuleSourcesTable>;

/** What a job's authorization needs of its application (deleted or not). */
export interface ModuleForJob {
  id: string;
  projectId: string;
  name: string;
  deletedAt: string | null;
  spaceId: string;
  isPrivate: number;
}

export function insertSource(
  db: Db | Transaction<Database>,
  row: Insertable<ModuleSourcesTable>,
): Promise<unknown> {
  return db.insertInto('moduleSources').values(row).execute();
}

export function findSource(db: Db, moduleId: string): Promise<ModuleSourceRow | undefined> {
  return db.selectFrom('moduleSources').selectAll().where('moduleId', '=', moduleId).executeTakeFirst();
}

export function updateSource(
  db: Db,
  moduleId: string,
  changes: Updateable<ModuleSourcesTable>,
): Promise<unknown> {
  return db.updateTable('moduleSources').set(changes).where('moduleId', '=', moduleId).execute();
}

/** Sources of live applications of a project, without their content. */
export function listProjectSources(
  db: Db,
  projectId: string,
): Promise<Array<{ moduleId: string; kind: string }>> {
  return db
    .selectFrom('moduleSources')
    .innerJoin('modules', 'modules.id', 'moduleSources.moduleId')
    .select(['moduleSources.moduleId', 'moduleSources.kind'])
    .where('modules.projectId', '=', projectId)
    .where('modules.deletedAt', 'is', null)
    .execute();
}

/** URL sources of live applications whose scheduled re-import is due. */
export function listDueSources(db: Db, now: string) {
  return db
    .selectFrom('moduleSources')
    .innerJoin('modules', 'modules.id', 'moduleSources.moduleId')
    .select([
      'moduleSources.moduleId',
      'moduleSources.refreshMinutes',
      'moduleSources.nextSyncAt',
      'moduleSources.createdBy',
    ])
    .where('moduleSources.refreshMinutes', '>', 0)
    .where('moduleSources.nextSyncAt', '<=', now)
    .where('modules.deletedAt', 'is', null)
    .limit(50)
    .execute();
}

/** Moves a due source's next run forward; false when another instance did it first. */
export async function advanceSchedule(
  db: Db,
  moduleId: string,
  seen: string,
  next: string,
): Promise<boolean> {
  const result = await db
    .updateTable('moduleSources')
    .set({ nextSyncAt: next })
    .where('moduleId', '=', moduleId)
    .where('nextSyncAt', '=', seen)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A module in any state (a failed first import soft-deletes its application) with its project's access facts. */
export async function findModuleForJob(db: Db, moduleId: string): Promise<ModuleForJob | undefined> {
  // Read beside a running import's write transaction on SQLite (see findJob in jobs.repository.ts).
  const reader = db.isTransaction ? undefined : hotReaderOf(db as Kysely<unknown>);
  if (reader)
    return reader.all<ModuleForJob>(
      `select m.id, m.project_id, m.name, m.deleted_at, p.space_id, p.is_private
         from modules m join projects p on p.id = m.project_id where m.id = ?`,
      [moduleId],
    )[0];
  return db
    .selectFrom('modules')
    .innerJoin('projects', 'projects.id', 'modules.projectId')
    .select([
      'modules.id',
      'modules.projectId',
      'modules.name',
      'modules.deletedAt',
      'projects.spaceId',
      'projects.isPrivate',
    ])
    .where('modules.id', '=', moduleId)
    .executeTakeFirst();
}

/** Whether anyone changed the application's docs or dictionaries after `since` (a re-import's shortcut). */
export async function changedSince(db: Db, moduleId: string, since: string): Promise<boolean> {
  const doc = await db
    .selectFrom('docs')
    .select('id')
    .where('moduleId', '=', moduleId)
    .where((eb) => eb.or([eb('updatedAt', '>', since), eb('deletedAt', '>', since)]))
    .executeTakeFirst();
  if (doc) return true;
  const dictionary = await db
    .selectFrom('enums')
    .select('id')
    .where('moduleId', '=', moduleId)
    .where('updatedAt', '>', since)
    .executeTakeFirst();
  return dictionary !== undefined;
}

/** The result text of a finished job (the last import's warnings live there). */
export async function jobResultText(db: Db, jobId: string): Promise<string | null> {
  const row = await db.selectFrom('jobs').select('result').where('id', '=', jobId).executeTakeFirst();
  return row?.result ?? null;
}

/** Live docs an import or push wrote into the application (folders excepted). */
export async function countSyncedDocs(db: Db, moduleId: string): Promise<number> {
  const row = await db
    .selectFrom('docs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('moduleId', '=', moduleId)
    .where('isFolder', '=', 0)
    .where('deletedAt', 'is', null)
    .where('syncOrigin', 'is not', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
