import type { Db } from '../../db/database.ts';

/** The subject and expiry of a visitor session, by the sha256 of its token. */
export function findVisitorSession(
  db: Db,
  tokenHash: string,
): Promise<{ subject: string; expiresAt: string } | undefined> {
  return db
    .selectFrom('visitorSessions')
    .select(['subject', 'expiresAt'])
    .where('tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

/** Starts a session, dropping the expired ones of every subject on the way. */
export async function insertVisitorSession(
  db: Db,
  row: { tokenHash: string; subject: string; expiresAt: string; createdAt: string },
): Promise<void> {
  await db.deleteFrom('visitorSessions').where('expiresAt', '<', row.createdAt).execute();
  await db.insertInto('visitorSessions').values(row).execute();
}

export async function deleteVisitorSessions(db: Db, subject: string): Promise<void> {
  await db.deleteFrom('visitorSessions').where('subject', '=', subject).execute();
}

/** Wrong passwords since `since`, counted for one column's value (a subject or an address). */
export async function countPasswordFailures(
  db: Db,
  column: 'subject' | 'ip',
  value: string,
  since: string,
): Promise<number> {
  const row = await db
    .selectFrom('visitorPasswordFailures')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where(column, '=', value)
    .where('createdAt', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Records a wrong password and forgets those older than the throttle's window. */
export async function insertPasswordFailure(
  db: Db,
  row: { id: string; subject: string; ip: string; createdAt: string },
  windowStart: string,
): Promise<void> {
  await db.insertInto('visitorPasswordFailures').values(row).execute();
  await db.deleteFrom('visitorPasswordFailures').where('createdAt', '<', windowStart).execute();
}
