import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** Tables whose rows are worked by one instance at a time under a lease (status, attempts, lockedUntil). */
export type LeasedTable = 'changeOutbox' | 'webhookDeliveries';

/** What a claim compares: the row as the claimer read it. */
export interface LeasedRow {
  id: string;
  status: string;
  attempts: number;
}

/**
 * Claims a row for one attempt by compare-and-set: the update applies only while the row is still as it was
 * read (same status and attempt count), so when two instances read the same due row, exactly one wins; the
 * lease (`lockedUntil`) lets another instance take the row over if the winner dies.
 */
export async function claimLeased(
  db: Kysely<Database> | Transaction<Database>,
  table: LeasedTable,
  row: LeasedRow,
  until: string,
): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ status: 'running', lockedUntil: until, attempts: row.attempts + 1 })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .where('attempts', '=', row.attempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
