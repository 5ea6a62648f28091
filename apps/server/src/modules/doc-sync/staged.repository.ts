// The queries of staged first imports (staged-sync.ts, staged-writer.ts): the application's staging mark, its
// publishing, the rows a discard deletes, and the slices' inserts.
import { type Insertable, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import type { Database, DocRevisionsTable, DocsTable } from '../../db/schema.ts';
import { nowIso } from '../../lib/clock.ts';

type Trx = Transaction<Database>;

/** The application's staging mark; locked on PostgreSQL and MySQL (a shared lock, see staged-sync.ts). */
export async function readStagedMark(trx: Trx | Db, moduleId: string): Promise<string | null | undefined> {
  let query = trx.selectFrom('modules').select('stagedJobId').where('id', '=', moduleId);
  // A shared lock: a cancel's mark (an UPDATE of this row) waits until the slice in flight committed, and a
  // slice that starts after the mark sees it.
  // MariaDB has no FOR SHARE; LOCK IN SHARE MODE is the same lock (MySQL keeps it as a synonym).
  const dialect = dialectOf(trx);
  if (dialect === 'postgres') query = query.forShare();
  else if (dialect === 'mysql') query = query.modifyEnd(sql`lock in share mode`);
  return (await query.executeTakeFirst())?.stagedJobId;
}

/** The name and project of an application still staged by `jobId`, or undefined. */
export async function findStagedModule(
  trx: Trx,
  moduleId: string,
  jobId: string,
): Promise<{ name: string; projectId: string } | undefined> {
  return await trx
    .selectFrom('modules')
    .select(['name', 'projectId'])
    .where('id', '=', moduleId)
    .where('stagedJobId', '=', jobId)
    .executeTakeFirst();
}

/** Whether a live application of the project has this name. */
export async function isModuleNameTaken(trx: Trx, projectId: string, name: string): Promise<boolean> {
  const row = await trx
    .selectFrom('modules')
    .select('id')
    .where('projectId', '=', projectId)
    .where('name', '=', name)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Clears the deletion and staging marks (the atomic switch of a publish), under its final name. */
export async function publishModuleRow(trx: Trx, moduleId: string, name: string): Promise<void> {
  await trx
    .updateTable('modules')
    .set({ deletedAt: null, deletedBy: null, stagedJobId: null, name, updatedAt: nowIso() })
    .where('id', '=', moduleId)
    .execute();
}

/** Deletes up to `limit` docs of the application (revisions follow by cascade); answers how many went. */
export async function deleteSomeModuleDocs(trx: Trx, moduleId: string, limit: number): Promise<number> {
  const ids = await trx
    .selectFrom('docs')
    .select('id')
    .where('moduleId', '=', moduleId)
    .limit(limit)
    .execute();
  if (ids.length === 0) return 0;
  await trx
    .deleteFrom('docs')
    .where(
      'id',
      'in',
      ids.map((r) => r.id),
    )
    .execute();
  return ids.length;
}

/** Deletes the application's dictionaries and environments. */
export async function deleteModuleEnumsAndEnvironments(trx: Trx, moduleId: string): Promise<void> {
  await trx.deleteFrom('enums').where('moduleId', '=', moduleId).execute();
  await trx.deleteFrom('moduleEnvironments').where('moduleId', '=', moduleId).execute();
}

/** Marks an application staged by `jobId` as being discarded (`''`); answers whether it was. */
export async function markDiscarding(db: Db, moduleId: string, jobId: string): Promise<boolean> {
  const marked = await db
    .updateTable('modules')
    .set({ stagedJobId: '' })
    .where('id', '=', moduleId)
    .where('stagedJobId', '=', jobId)
    .executeTakeFirst();
  return Number(marked.numUpdatedRows) > 0;
}

/** Clears a discarded application's mark: it is then an ordinary deleted application. */
export async function clearDiscardMark(db: Db, moduleId: string): Promise<void> {
  await db
    .updateTable('modules')
    .set({ stagedJobId: null })
    .where('id', '=', moduleId)
    .where('stagedJobId', '=', '')
    .execute();
}

/** Every application with a staging mark, with the status of its job (null when the job is gone). */
export async function listStagedModules(
  db: Db,
): Promise<Array<{ id: string; stagedJobId: string | null; status: string | null }>> {
  return await db
    .selectFrom('modules')
    .leftJoin('jobs', 'jobs.id', 'modules.stagedJobId')
    .select(['modules.id', 'modules.stagedJobId', 'jobs.status'])
    .where('modules.stagedJobId', 'is not', null)
    .execute();
}

/**
 * A slice's transaction on PostgreSQL skips waiting for the WAL flush: a staged row lost in a crash is
 * discarded anyway (the publishing transaction runs with the server's setting).
 */
export async function relaxSliceCommit(trx: Trx): Promise<void> {
  if (dialectOf(trx) === 'postgres') await sql`set local synchronous_commit to off`.execute(trx);
}

export async function insertStagedDocs(trx: Trx, rows: Insertable<DocsTable>[]): Promise<void> {
  await trx.insertInto('docs').values(rows).execute();
}

export async function insertStagedRevisions(trx: Trx, rows: Insertable<DocRevisionsTable>[]): Promise<void> {
  await trx.insertInto('docRevisions').values(rows).execute();
}
