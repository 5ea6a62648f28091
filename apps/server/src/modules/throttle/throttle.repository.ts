import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ThrottleCounts } from './throttle-rule.ts';

export interface ThrottleEventRow {
  id: string;
  kind: string;
  target: string;
  ip: string;
  createdAt: string;
}

export async function insertThrottleEvent(db: Db, row: ThrottleEventRow): Promise<void> {
  await db.insertInto('throttleEvents').values(row).execute();
}

/** The three counts of the rule in one round trip: by address, by target, by both. */
export async function countThrottleEvents(
  db: Db,
  where: { kind: string; target: string; ip: string; since: string },
): Promise<ThrottleCounts> {
  const row = await db
    .selectFrom('throttleEvents')
    .select([
      sql<string | number | null>`sum(case when ip = ${where.ip} then 1 else 0 end)`.as('address'),
      sql<string | number | null>`sum(case when target = ${where.target} then 1 else 0 end)`.as('target'),
      sql<
        string | number | null
      >`sum(case when ip = ${where.ip} and target = ${where.target} then 1 else 0 end)`.as('both'),
    ])
    .where('kind', '=', where.kind)
    .where('createdAt', '>=', where.since)
    .where((eb) => eb.or([eb('ip', '=', where.ip), eb('target', '=', where.target)]))
    .executeTakeFirst();
  return {
    address: Number(row?.address ?? 0),
    target: Number(row?.target ?? 0),
    targetFromAddress: Number(row?.both ?? 0),
  };
}

export async function deleteThrottleEvent(db: Db, id: string): Promise<void> {
  await db.deleteFrom('throttleEvents').where('id', '=', id).execute();
}

/** A success forgets that address's failures on that target. */
export async function clearThrottleEvents(db: Db, kind: string, target: string, ip: string): Promise<void> {
  await db
    .deleteFrom('throttleEvents')
    .where('kind', '=', kind)
    .where('target', '=', target)
    .where('ip', '=', ip)
    .execute();
}

export async function deleteThrottleEventsBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('throttleEvents').where('createdAt', '<', before).execute();
}
