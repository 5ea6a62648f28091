import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { findLiveModule } from '../modules/modules.service.ts';
import { lockModuleRow } from './doc-sync.repository.ts';
import { ModuleSync, type SyncOutcome } from './module-sync.ts';
import type { SyncInput } from './sync-input.ts';

/**
 * One sync's transaction: the application's row lock, the check that it is still there, the merge, and the
 * caller's last word (`beforeCommit`). Run by doc-sync.service.ts on the request's thread, or by the sync thread
 * (sync-thread.ts) on its own handle of the same database.
 */
export function syncInTransaction(db: Db, input: SyncInput): Promise<SyncOutcome> {
  return db.transaction().execute(async (trx) => {
    await lockModuleRow(trx, input.moduleId);
    if (!(await findLiveModule(trx, input.moduleId))) throw new AppError('module.not_found');
    const outcome = await new ModuleSync(trx, input).run();
    await input.beforeCommit?.(trx);
    return outcome;
  });
}
