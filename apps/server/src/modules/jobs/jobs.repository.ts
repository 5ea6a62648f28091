import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { JobsTable } from '../../db/schema.ts';

export type JobRow = Selectable<JobsTable>;

export function insertJob(db: Db, row: Insertable<JobsTable>): Promise<unknown> {
  return db.insertInto('jobs').values(row).execute();
}

export function findJob(db: Db, id: string): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The oldest job ready to run: queued, or running under a lease that ran out (its instance died). */
export function nextRunnable(db: Db, now: string): Promise<JobRow | undefined> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('status', '=', 'queued'),
        eb.and([eb('status', '=', 'running'), eb('lockedUntil', '<', now)]),
      ]),
    )
    .orderBy('createdAt')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Claims a job for this instance: a conditional update that only one of several instances can win (the row
 * must still be as it was read: same status, lease still absent or expired).
 */
export async function claimJob(
  db: Db,
  job: JobRow,
  owner: string,
  now: string,
  until: string,
): Promise<boolean> {
  let query = db
    .updateTable('jobs')
    .set({
      status: 'running',
      lockedBy: owner,
      lockedUntil: until,
      attempts: job.attempts + 1,
      startedAt: job.startedAt ?? now,
    })
    .where('id', '=', job.id)
    .where('status', '=', job.status)
    .where('attempts', '=', job.attempts);
  query =
    job.lockedUntil === null ? query.where('lockedUntil', 'is', null) : query.where('lockedUntil', '<', now);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Progress and a renewed lease, while this instance still holds the job. */
export function updateProgress(
  db: Db,
  id: string,
  owner: string,
  done: number,
  total: number,
  until: string,
): Promise<unknown> {
  return db
    .updateTable('jobs')
    .set({ progressDone: done, progressTotal: total, lockedUntil: until })
    .where('id', '=', id)
    .where('lockedBy', '=', owner)
    .where('status', '=', 'running')
    .execute();
}

export function finishJob(
  db: Db,
  id: string,
  owner: string,
  fields: { status: 'done' | 'failed'; result?: string | null; error?: string | null; now: string },
): Promise<unknown> {
  return db
    .updateTable('jobs')
    .set({
      status: fields.status,
      result: fields.result ?? null,
      error: fields.error ?? null,
      finishedAt: fields.now,
      lockedUntil: null,
      // The source a re-import carried (up to 50 MB) is applied or dropped by now.
      source: null,
    })
    .where('id', '=', id)
    .where('lockedBy', '=', owner)
    .execute();
}

/**
 * Puts back in the queue every job this instance still runs (it is shutting down): not counted as an attempt,
 * lease cleared, so any instance claims it on its next poll. Answers how many were released.
 */
export async function releaseJobs(db: Db, owner: string): Promise<number> {
  const result = await db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'queued',
      lockedBy: null,
      lockedUntil: null,
      attempts: eb('attempts', '-', 1),
    }))
    .where('lockedBy', '=', owner)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Whether an application has a job waiting or running. */
export async function hasActiveJob(db: Db, moduleId: string): Promise<boolean> {
  const row = await db
    .selectFrom('jobs')
    .select('id')
    .where('moduleId', '=', moduleId)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return row !== undefined;
}

/** The latest job of each of the given applications. */
export async function latestJobs(db: Db, moduleIds: string[]): Promise<Map<string, JobRow>> {
  const out = new Map<string, JobRow>();
  if (!moduleIds.length) return out;
  const rows = await db
    .selectFrom('jobs')
    .selectAll()
    .where('moduleId', 'in', moduleIds)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  for (const row of rows) if (!out.has(row.moduleId)) out.set(row.moduleId, row);
  return out;
}

/**
 * Deletes finished jobs older than `before`, except the last job of each application (its import status
 * stays readable). Jobs are small rows, but a refresh every 30 minutes adds 17,000 of them a year per module.
 */
export async function pruneFinishedJobs(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where('status', 'in', ['done', 'failed'])
    .where('finishedAt', '<', before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('moduleSources')
            .select('moduleSources.moduleId')
            .whereRef('moduleSources.lastJobId', '=', 'jobs.id'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
