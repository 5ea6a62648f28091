import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import { isSharedServer } from '../../db/dialect.ts';
import { hotReaderOf } from '../../db/hot-reader.ts';
import type { Database, JobsTable } from '../../db/schema.ts';

export type JobRow = Selectable<JobsTable>;

export function insertJob(db: Db | Transaction<Database>, row: Insertable<JobsTable>): Promise<unknown> {
  return db.insertInto('jobs').values(row).execute();
}

/**
 * A job by id. On SQLite it is read on the hot reader's connection (db/hot-reader.ts): the main connection is
 * held for the whole write transaction of a large import, and the job's progress must stay readable meanwhile.
 */
export async function findJob(db: Db, id: string): Promise<JobRow | undefined> {
  const reader = db.isTransaction ? undefined : hotReaderOf(db as Kysely<unknown>);
  const row = reader
    ? reader.all<JobRow>('select * from jobs where id = ?', [id])[0]
    : await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  // A job of no application (torna-import) has NULL: read as '' (schema-docs.ts JobsTable.moduleId).
  return row ? { ...row, moduleId: row.moduleId ?? '' } : undefined;
}

/** The oldest job ready to run: queued, or running under a lease that ran out (its instance died). */
export function nextRunnable(db: Db, now: string, kinds?: string[]): Promise<JobRow | undefined> {
  let query = db.selectFrom('jobs').selectAll();
  if (kinds) query = query.where('kind', 'in', kinds.length ? kinds : ['']);
  return query
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
      // A run starts over: a re-run after a crash shows its own progress.
      phase: '',
      progressDone: 0,
      progressTotal: 0,
    })
    .where('id', '=', job.id)
    .where('status', '=', job.status)
    .where('attempts', '=', job.attempts);
  query =
    job.lockedUntil === null ? query.where('lockedUntil', 'is', null) : query.where('lockedUntil', '<', now);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Claims the oldest runnable job of the given kinds for this instance. PostgreSQL, MySQL: the row is read `FOR UPDATE
 * SKIP LOCKED` in a short transaction, so instances polling together each get a different job (or none) without
 * waiting on each other. SQLite (one instance): the conditional update of `claimJob`.
 */
export async function claimNext(
  db: Db,
  kinds: string[],
  owner: string,
  now: string,
  until: string,
): Promise<JobRow | undefined> {
  if (isSharedServer(db)) {
    return db.transaction().execute(async (trx) => {
      const job = await trx
        .selectFrom('jobs')
        .selectAll()
        .where('kind', 'in', kinds.length ? kinds : [''])
        .where((eb) =>
          eb.or([
            eb('status', '=', 'queued'),
            eb.and([eb('status', '=', 'running'), eb('lockedUntil', '<', now)]),
          ]),
        )
        .orderBy('createdAt')
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!job || !(await claimJob(trx, job, owner, now, until))) return undefined;
      return job;
    });
  }
  for (;;) {
    const job = await nextRunnable(db, now, kinds);
    if (!job) return undefined;
    if (await claimJob(db, job, owner, now, until)) return job;
  }
}

/**
 * SQLite has one instance, so a job still `running` when it starts was left by a process that died (kill -9,
 * power loss): it is queued again at once instead of waiting for its lease. Its writes were one transaction,
 * so nothing of the interrupted run is in the database. PostgreSQL and MySQL instances rely on the lease instead.
 */
export async function requeueOrphans(db: Db): Promise<number> {
  if (isSharedServer(db)) return 0;
  const result = await db
    .updateTable('jobs')
    .set({ status: 'queued', lockedBy: null, lockedUntil: null, phase: '' })
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Progress and a renewed lease, while this instance still holds the job. False when it no longer runs here
 * (cancelled, or taken over after a lost lease).
 */
export async function updateProgress(
  db: Db,
  id: string,
  owner: string,
  done: number,
  total: number,
  until: string,
  phase?: string,
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ progressDone: done, progressTotal: total, lockedUntil: until, ...(phase ? { phase } : {}) })
    .where('id', '=', id)
    .where('lockedBy', '=', owner)
    .where('status', '=', 'running')
    .where('phase', '<>', COMMIT_PHASE)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The phase a job enters inside the transaction that commits its writes; a cancel is refused from then on. */
export const COMMIT_PHASE = 'commit';

/** Enters the commit phase (inside the writing transaction); false when the job was cancelled or lost. */
export async function enterCommitPhase(db: Db, id: string, owner: string): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ phase: COMMIT_PHASE })
    .where('id', '=', id)
    .where('lockedBy', '=', owner)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Cancels a job that is queued, or running but not yet committing: status `cancelled`, its carried source
 * dropped. The running instance notices on its next status check and stops; its writes, not committed, are
 * rolled back. False when the job is finished or already committing.
 */
export async function cancelJob(db: Db, id: string, now: string, keepSource = false): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'cancelled', finishedAt: now, lockedUntil: null, ...(keepSource ? {} : { source: null }) })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .where('phase', '<>', COMMIT_PHASE)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The status of a job (the runner's cancel check). */
export async function jobStatus(db: Db, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('jobs').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status;
}

export function finishJob(
  db: Db,
  id: string,
  owner: string,
  fields: {
    status: 'done' | 'failed';
    result?: string | null;
    error?: string | null;
    now: string;
    /** The kind keeps its (small) source once over (JobKind.keepsSource). */
    keepSource?: boolean;
  },
): Promise<unknown> {
  return (
    db
      .updateTable('jobs')
      .set({
        status: fields.status,
        result: fields.result ?? null,
        error: fields.error ?? null,
        finishedAt: fields.now,
        lockedUntil: null,
        // A job done did all its work, whatever its last throttled progress write said.
        ...(fields.status === 'done' ? { progressDone: sql<number>`progress_total` } : {}),
        // The source a re-import carried (up to 50 MB) is applied or dropped by now.
        ...(fields.keepSource ? {} : { source: null }),
      })
      .where('id', '=', id)
      .where('lockedBy', '=', owner)
      // A cancelled job stays cancelled.
      .where('status', '=', 'running')
      .execute()
  );
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

/**
 * The jobs of one kind a user started on an application since `since`, newest first, at most `limit`. On
 * SQLite read on the hot reader's connection like `findJob`: a dialog polls this while an import may hold
 * the main connection in a long write transaction.
 */
export async function listUserJobs(
  db: Db,
  q: { moduleId: string; userId: string; kind: string; since: string; limit: number },
): Promise<JobRow[]> {
  const reader = db.isTransaction ? undefined : hotReaderOf(db as Kysely<unknown>);
  if (reader)
    return reader.all<JobRow>(
      'select * from jobs where module_id = ? and created_by = ? and kind = ? and created_at >= ? order by created_at desc, id desc limit ?',
      [q.moduleId, q.userId, q.kind, q.since, q.limit],
    );
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('moduleId', '=', q.moduleId)
    .where('createdBy', '=', q.userId)
    .where('kind', '=', q.kind)
    .where('createdAt', '>=', q.since)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit)
    .execute();
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
    .where('status', 'in', ['done', 'failed', 'cancelled'])
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
