import type { Db } from '../../db/database.ts';
import { writerOf } from '../../db/sqlite-writer.ts';
import { pruneRevisions } from '../docs/revision-retention.ts';
import { signalChange } from '../messages/change-events.ts';
import { queueSyncFailure } from '../messages/sync-outcome.ts';
import { syncDeferred } from './deferred-sync.ts';
import { runQueued } from './module-queue.ts';
import type { SyncInput, SyncResult } from './sync-input.ts';
import { runSyncTransaction } from './sync-thread.ts';
import { syncInTransaction } from './sync-transaction.ts';

export type { RemovedDoc, SyncInput, SyncResult } from './sync-input.ts';

/**
 * Merges a source tree into an application in one transaction: docs matched by method + URL (+ version),
 * folders by name under their parent, locked docs (and everything under a locked folder) left alone,
 * descriptions written by hand kept unless `mode.override`, and with `mode.replace` the docs an earlier sync
 * created that the source no longer names soft-deleted (docs people created in Quire stay). A doc whose
 * document does not change gets no revision, so the same tree twice writes nothing.
 *
 * Syncs of one application run one at a time (in-process queue, plus a row lock on PostgreSQL for other
 * processes); syncs of different applications run side by side.
 */
export function syncModuleDocs(db: Db, input: SyncInput): Promise<SyncResult> {
  return runQueued(`module:${input.moduleId}`, async () => {
    let outcome: { result: SyncResult; pruneTurns: Array<{ docId: string; revision: number }> };
    try {
      // An import runs on SQLite's writer connection (db/sqlite-writer.ts): while a re-import walks thousands
      // of docs, other users' reads go on at once on the main connection. It is planned without the write
      // lock and switched in one short transaction (deferred-sync.ts), so their saves wait for that only.
      const owner = input.source === 'import' ? writerOf(db) : db;
      if (owner !== db) outcome = await syncDeferred(owner, input);
      // Pushes on PostgreSQL and MySQL run on the sync thread (sync-thread.ts): the lock is held for less.
      else outcome = await runSyncTransaction(owner, input, () => syncInTransaction(owner, input));
    } catch (error) {
      // Rolled back: the application's admins hear why (written on its own, the change's transaction is gone).
      // An import's failure is told by its job once retries are over (modules/messages/sync-outcome.ts).
      if (input.source === 'push') await queueSyncFailure(db, input, error);
      throw error;
    }
    const { result, pruneTurns } = outcome;
    // The outbox row committed with the docs; the fan-out runs off this request's path.
    if (result.added + result.updated + result.deleted > 0) signalChange();
    // History stays bounded as for saves (revision-retention.ts): pruned after the commit, on the usual turns.
    for (const turn of pruneTurns) await pruneRevisions(db, turn.docId, turn.revision);
    return result;
  });
}
