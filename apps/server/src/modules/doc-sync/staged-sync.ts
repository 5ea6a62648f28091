import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import { writerOf } from '../../db/sqlite-writer.ts';
import type { Database } from '../../db/schema.ts';
import { pruneRevisions } from '../docs/revision-retention.ts';
import { signalChange } from '../messages/change-events.ts';
import { runQueued } from './module-queue.ts';
import { ModuleSync, type SyncOutcome } from './module-sync.ts';
import type { SyncInput, SyncResult } from './sync-input.ts';
import {
  clearDiscardMark,
  deleteModuleEnumsAndEnvironments,
  deleteSomeModuleDocs,
  findStagedModule,
  isModuleNameTaken,
  listStagedModules,
  markDiscarding,
  publishModuleRow,
  readStagedMark,
} from './staged.repository.ts';
import { inSlices, nextTurn, StagedImportGone, slicedWriter } from './staged-writer.ts';

type Trx = Transaction<Database>;

/*
 * A first import writes its application hidden, in short transactions, and publishes it with one.
 *
 * Why: a sync is otherwise one transaction. On SQLite that transaction holds the only writer and (better-
 * sqlite3 being synchronous) the main thread for each statement and for its COMMIT: Microsoft Graph's 11,422
 * docs made a 3.2 s COMMIT and every other user's save, tree or doc read on the main connection waited behind
 * the whole import. Here the rows go in slices of about 25 ms (staged-writer.ts) with a turn of the event loop
 * between them, into an application that stays invisible: it is created marked deleted with
 * `modules.staged_job_id` = its job (imports.service.ts), so every read that skips deleted applications
 * (trees, docs, search, mock, shares, the lists) skips its rows, and the trash does not list it. The publishing
 * transaction writes the outbox and audit rows, claims the job's commit and clears both marks: a few rows,
 * whatever the import's size. A crash or a `kill -9` leaves at most a hidden application with some rows; the
 * job's next attempt (or the sweep at start) discards them before anything could show them. On SQLite every
 * statement of this goes through the writer connection on its own thread (db/sqlite-writer.ts), so the
 * thread that answers requests neither runs the INSERTs nor waits for their COMMITs.
 */

/** The application's staging mark, read in a slice's transaction; locked on PostgreSQL and MySQL (see guard). */
const stagedMark = readStagedMark;

/** Throws unless the application is still staged by `jobId`. */
function guardOf(moduleId: string, jobId: string) {
  return async (trx: Trx): Promise<void> => {
    if ((await stagedMark(trx, moduleId)) !== jobId) throw new StagedImportGone(moduleId);
  };
}

/** Whether the application is being built hidden by this job (a first import not yet published). */
export async function isStagedBy(db: Db, moduleId: string, jobId: string): Promise<boolean> {
  return (await stagedMark(db, moduleId)) === jobId;
}

/**
 * Syncs a first import into its hidden application (sync-input.ts; `beforeCommit` runs in the publishing
 * transaction) and publishes it. Rows an earlier attempt of the same job left are discarded first.
 */
export function stageModuleDocs(db: Db, input: SyncInput, jobId: string): Promise<SyncResult> {
  return runQueued(`module:${input.moduleId}`, async () => {
    const guard = guardOf(input.moduleId, jobId);
    // Every statement of the import, its slices and the publishing transaction, off the main thread on SQLite.
    const writer = writerOf(db);
    await deleteStagedRows(writer, input.moduleId, guard, input.signal);
    const sync = new ModuleSync(writer, input, slicedWriter(writer, guard, input.signal));
    await sync.write();
    input.signal?.throwIfAborted();
    const { result, pruneTurns }: SyncOutcome = await writer.transaction().execute(async (trx) => {
      await guard(trx);
      const outcome = await sync.finish(trx);
      await publish(trx, input.moduleId, jobId);
      await input.beforeCommit?.(trx);
      return outcome;
    });
    if (result.added + result.updated + result.deleted > 0) signalChange();
    for (const turn of pruneTurns) await pruneRevisions(db, turn.docId, turn.revision);
    return result;
  });
}

/**
 * The atomic switch: clears the deletion and staging marks. The name the application was created with may
 * have been taken meanwhile by a live one (names are unique among live applications of a project): then it
 * takes the first free `name (n)`.
 */
async function publish(trx: Trx, moduleId: string, jobId: string): Promise<void> {
  const row = await findStagedModule(trx, moduleId, jobId);
  if (!row) throw new StagedImportGone(moduleId);
  let name = row.name;
  for (let i = 2; await isModuleNameTaken(trx, row.projectId, name); i++)
    name = `${row.name.slice(0, 90)} (${i})`;
  await publishModuleRow(trx, moduleId, name);
}

/** Deletes every doc (revisions follow by cascade), dictionary and environment of a hidden application. */
async function deleteStagedRows(
  db: Db,
  moduleId: string,
  guard: (trx: Trx) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  let step = 16;
  await inSlices(
    db,
    guard,
    async (trx) => {
      if ((await deleteSomeModuleDocs(trx, moduleId, step)) === 0) return true;
      step = Math.min(256, step * 2);
      return false;
    },
    signal,
  );
  await db.transaction().execute(async (trx) => {
    await guard(trx);
    await deleteModuleEnumsAndEnvironments(trx, moduleId);
  });
}

/**
 * Undoes a first import that failed or was cancelled before it published: the application is marked as
 * being discarded (`''`, so a slice still running stops at its next guard and the trash does not list it
 * half-emptied), its rows are deleted in slices, then it stays as an ordinary deleted (empty) application,
 * as a failed first import always left it. An application already published is soft-deleted as before.
 * Answers once the mark is set; the deleting runs on, and a restart finishes it (`sweepStagedImports`).
 */
export async function discardStagedImport(
  db: Db,
  moduleId: string,
  jobId: string,
  softDelete: () => Promise<void>,
): Promise<{ discarded: Promise<void> }> {
  if (!(await markDiscarding(db, moduleId, jobId))) {
    await softDelete();
    return { discarded: Promise.resolve() };
  }
  return { discarded: finishDiscard(db, moduleId) };
}

/** Deletes a discarded application's rows, then clears its mark (the trash lists it from then on). */
async function finishDiscard(db: Db, moduleId: string): Promise<void> {
  const writer = writerOf(db);
  await deleteStagedRows(writer, moduleId, guardOf(moduleId, ''));
  await clearDiscardMark(writer, moduleId);
}

/**
 * At start: hidden applications nobody will publish (their job ended, or is gone, or a discard was cut short
 * by a crash) are discarded. A job still queued or running keeps its application: its next attempt discards
 * what an interrupted one left, before writing.
 */
export async function sweepStagedImports(db: Db): Promise<number> {
  const rows = await listStagedModules(db);
  let swept = 0;
  for (const row of rows) {
    if (row.status === 'queued' || row.status === 'running') continue;
    const jobId = row.stagedJobId ?? '';
    if (jobId !== '') {
      const { discarded } = await discardStagedImport(db, row.id, jobId, async () => undefined);
      await discarded;
    } else await finishDiscard(db, row.id);
    swept++;
    await nextTurn();
  }
  return swept;
}
