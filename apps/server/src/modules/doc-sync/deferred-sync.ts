import type { SourceEntry } from '@quire/api-model';
import { readModuleWriteVersion } from '../../db/cache-versions.ts';
import type { Db } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import { writerOf } from '../../db/sqlite-writer.ts';
import { AppError } from '../../http/app-error.ts';
import { findLiveModule } from '../modules/modules.service.ts';
import {
  catchUpSearchIndex,
  pauseSearchIndex,
  resumeSearchIndex,
  writeSearchColumns,
} from '../view/search-index.service.ts';
import { DeferredWrites, StaleSwitch } from './deferred-writes.ts';
import { lockModuleRow } from './doc-sync.repository.ts';
import { ModuleSync, type SyncOutcome } from './module-sync.ts';
import { deleteAllPendingRevisions, deleteModulePendingRevisions } from './switch.repository.ts';
import type { SyncInput } from './sync-input.ts';
import { syncInTransaction } from './sync-transaction.ts';

/*
 * A re-import on SQLite: planned without the write lock, then switched in one short transaction.
 *
 * Why: SQLite has one writer for the whole database. A re-import as one transaction held it from its first
 * write to its COMMIT: refreshing Microsoft Graph v1.0 with every operation changed made another user's save
 * wait 17.2 s (`npm run bench -- import-stalls`, docs/import.md). Here the sync reads the application and
 * compares every doc outside any transaction, recording what it would write (deferred-writes.ts); then one
 * transaction checks that nobody wrote to the application since the plan began (its `m:` and `a:` counters,
 * db/cache-versions.ts, kept by triggers for every writer) and runs the recorded writes with a few hundred rows
 * per statement (switch.repository.ts). Before the switch only the changed docs' new revisions are written
 * (deferred-writes.ts), numbered one past their doc's revision, which no reader shows until the switch bumps
 * the doc to it; so a failure, a cancel or a `kill -9` before or during the switch leaves the application as
 * it was (what was written ahead goes then, or at the next start), and the switch is all or nothing.
 *
 * Someone's save into the application meanwhile makes the plan stale: it is made again from the same source
 * (kept by the import's receiver, or buffered here, so the import's worker is not asked twice), and after
 * PLANS stale plans the sync runs as one transaction as before, so a re-import always ends.
 */

const PLANS = 2;

/** Docs between two progress reports while the source's entries are buffered. */
const REPORT_EVERY = 50;

/**
 * The input again and again. Entries that arrive once are walked as they come by the first plan and, for a
 * later one, asked `again` (an import's receiver keeps them packed, imports/tree-chunks.ts), or else buffered
 * here first.
 */
async function replayable(input: SyncInput): Promise<() => SyncInput> {
  const { entries, again } = input;
  if (!entries) return () => input;
  // The later plans report nothing: their count would start again from zero.
  if (again) {
    let first = true;
    return () => {
      if (!first) return { ...input, entries: again(), onProgress: undefined };
      first = false;
      return input;
    };
  }
  const buffered: SourceEntry[] = [];
  let docs = 0;
  for await (const entry of entries) {
    buffered.push(entry);
    if (entry.node.kind !== 'doc') continue;
    docs++;
    if (docs % REPORT_EVERY === 0) input.onProgress?.(docs, input.docCount ?? docs);
    input.signal?.throwIfAborted();
  }
  input.onProgress?.(docs, input.docCount ?? docs);
  async function* replay(): AsyncGenerator<SourceEntry> {
    yield* buffered;
  }
  // The plan's own walk reports nothing here: the docs above were the slow part (converting), and its count
  // would start again from zero.
  return () => ({ ...input, entries: replay(), onProgress: undefined });
}

/**
 * Deletes every revision written ahead that no switch published: what a crash left. Run at start, before
 * jobs (SQLite only: the other databases never write ahead).
 */
export async function discardRevisionsWrittenAhead(db: Db): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  await deleteAllPendingRevisions(writerOf(db));
}

/** Merges `input` into its application with the plan-then-switch above; `writer` is SQLite's writer handle. */
export async function syncDeferred(writer: Db, input: SyncInput): Promise<SyncOutcome> {
  const next = await replayable(input);
  // Revisions a crash left written ahead: a plan never keeps another's (deferred-writes.ts).
  await deleteModulePendingRevisions(writer, input.moduleId);
  for (let plan = 0; plan < PLANS; plan++) {
    const before = await readModuleWriteVersion(writer, input.moduleId);
    const writes = new DeferredWrites(writer, input.moduleId, before, input.signal);
    let switched: SyncOutcome;
    try {
      const sync = new ModuleSync(writer, next(), undefined, writes);
      await sync.write();
      writes.prepare();
      input.signal?.throwIfAborted();
      switched = await writer.transaction().execute(async (trx) => {
        await lockModuleRow(trx, input.moduleId);
        if (!(await findLiveModule(trx, input.moduleId))) throw new AppError('module.not_found');
        // Nobody wrote to the application since the plan began (its own writes ahead move the version it
        // expects).
        if ((await readModuleWriteVersion(trx, input.moduleId)) !== writes.expectedVersion())
          throw new StaleSwitch(0);
        // The full-text tables are brought up to date after the commit, in short transactions: their
        // triggers were most of a big switch's time (migration 2026-11-28T2120-search-reindex). The docs'
        // search columns are written empty and filled after the commit too (deferred-writes.ts).
        await pauseSearchIndex(trx);
        await writes.apply(trx);
        await resumeSearchIndex(trx);
        const outcome = await sync.finish(trx);
        await input.beforeCommit?.(trx);
        return outcome;
      });
    } catch (error) {
      // What the plan wrote ahead goes, whatever happened (what a crash leaves goes at the next start).
      await writes.discardAhead().catch(() => {});
      if (error instanceof StaleSwitch) continue;
      // The search columns it emptied are filled back from the documents (the next plan empties them again).
      await catchUpSearchIndex(writer).catch(() => {});
      throw error;
    }
    await writeSearchColumns(writer, writes.searchColumns());
    await catchUpSearchIndex(writer);
    return switched;
  }
  const outcome = await syncInTransaction(writer, next());
  // Search columns a stale plan emptied ahead and this transaction did not write: back from the documents.
  await catchUpSearchIndex(writer);
  return outcome;
}
