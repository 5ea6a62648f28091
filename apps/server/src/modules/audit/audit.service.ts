import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { nowIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { insertAudit } from './audit.repository.ts';

/** The actions the audit log records: role changes, secret resets, account changes, deletions and restores. */
export type AuditAction =
  | 'space.delete'
  | 'space.internalAccess'
  | 'space.member.add'
  | 'space.member.role'
  | 'space.member.remove'
  | 'project.delete'
  | 'project.member.add'
  | 'project.member.role'
  | 'project.member.remove'
  | 'module.delete'
  | 'module.tokenRefresh'
  | 'openUser.create'
  | 'openUser.secretReset'
  | 'openUser.enable'
  | 'openUser.disable'
  | 'user.create'
  | 'user.passwordReset'
  | 'user.enable'
  | 'user.disable'
  | 'user.allocateProject'
  | 'trash.restore'
  | 'doc.delete'
  | 'doc.sync'
  | 'debug.proxy'
  | 'debug.proxySetting'
  | 'torna.import';

/** The entity an audit record is about. */
export interface AuditTarget {
  type: 'space' | 'project' | 'module' | 'user' | 'openUser' | 'doc' | 'job';
  id: string;
}

/** Records who did what to which target; written in the same transaction as the change it describes. */
export async function recordAudit(
  db: Db | Transaction<Database>,
  actorId: string,
  action: AuditAction,
  target: AuditTarget,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await insertAudit(db, {
    id: newId(),
    actorId,
    action,
    targetType: target.type,
    targetId: target.id,
    detail: JSON.stringify(detail),
    createdAt: nowIso(),
  });
}

export type { AuditRow } from './audit.repository.ts';
// What other modules may use of this module's data (docs/architecture.md: modules meet through services).
export { pageAudit } from './audit.repository.ts';
