import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/clock.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { queueRefresh } from './imports.service.ts';
import { advanceSchedule, listDueSources } from './module-sources.repository.ts';

/**
 * Queues the re-imports whose interval has come. Each instance runs this; moving `next_sync_at` forward is a
 * conditional update, so only one instance queues a given refresh.
 */
export async function queueDueRefreshes(db: Db, runner: JobRunner): Promise<void> {
  const now = nowIso();
  for (const source of await listDueSources(db, now)) {
    if (!source.nextSyncAt) continue;
    const next = new Date(Date.now() + source.refreshMinutes * 60_000).toISOString();
    if (!(await advanceSchedule(db, source.moduleId, source.nextSyncAt, next))) continue;
    await queueRefresh(db, runner, source.moduleId, source.createdBy, false);
  }
}
