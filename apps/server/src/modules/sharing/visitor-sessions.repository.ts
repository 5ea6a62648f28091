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
