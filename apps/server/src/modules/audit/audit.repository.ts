import type { Insertable, Selectable, Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AuditLogTable, Database } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

/** An audit record with the actor's current nickname. */
export type AuditRow = Selectable<AuditLogTable> & { actorName: string | null };

/** Appends one audit record. */
export async function insertAudit(db: Executor, row: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('auditLog').values(row).execute();
}

/** Filters of the audit page. */
export interface AuditFilter {
  action?: string | undefined;
  targetType?: string | undefined;
  actorId?: string | undefined;
}

/** A page of audit records, newest first. */
export async function pageAudit(
  db: Executor,
  filter: AuditFilter,
  pageIndex: number,
  pageSize: number,
): Promise<{ rows: AuditRow[]; total: number }> {
  let base = db.selectFrom('auditLog');
  if (filter.action) base = base.where('auditLog.action', '=', filter.action);
  if (filter.targetType) base = base.where('auditLog.targetType', '=', filter.targetType);
  if (filter.actorId) base = base.where('auditLog.actorId', '=', filter.actorId);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('users', 'users.id', 'auditLog.actorId')
      .selectAll('auditLog')
      .select('users.nickname as actorName')
      .orderBy('auditLog.createdAt', 'desc')
      .orderBy('auditLog.id', 'desc')
      .limit(pageSize)
      .offset((pageIndex - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
