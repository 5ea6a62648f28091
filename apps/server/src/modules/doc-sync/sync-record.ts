import type { SyncCounts } from '@quire/api-model';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type ChangedDoc, queueChange } from '../messages/change-events.ts';
import type { SyncInput } from './sync-input.ts';

/**
 * What a sync leaves besides the docs (module-sync.ts `finish`): the outbox row followers hear about and the
 * audit record, in the transaction that commits the sync.
 */
export async function recordSync(
  trx: Kysely<Database>,
  input: SyncInput,
  counts: SyncCounts,
  changed: ChangedDoc[],
  at: string,
): Promise<void> {
  const { added, updated, deleted, unchanged } = counts;
  if (changed.length > 0) {
    // One outbox row for the whole sync, committed with it; messages and webhooks are written after.
    await queueChange(trx, {
      kind: 'docs',
      moduleId: input.moduleId,
      actorId: input.actorId,
      actorName: input.author,
      via: input.source,
      remark: '',
      docs: changed,
      counts: { added, updated, deleted, unchanged },
      at,
    });
  }
  if (added + updated + deleted > 0) {
    // One record per sync that changed docs: who, from where, how much (the revisions hold the details).
    await recordAudit(
      trx,
      input.actorId,
      'doc.sync',
      { type: 'module', id: input.moduleId },
      { source: input.source, author: input.author, added, updated, deleted, unchanged },
    );
  }
}
