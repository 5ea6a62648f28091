import type { Insertable, Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared.ts';
import type { Database, SessionsTable } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

/** A session joined with the columns of its user that authentication needs. */
export interface SessionWithUser {
  sessionId: string;
  expiresAt: string;
  lastUsedAt: string;
  userId: string;
  username: string;
  nickname: string;
  status: number;
  isSuperAdmin: number;
  lang: string | null;
  source: string;
}

/** Stores a new session. */
export async function insertSession(db: Executor, row: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

/** Loads the session whose secret hashes to `secretHash` and belongs to `userId`, with its user, in one query. */
export async function findSession(
  db: Executor,
  userId: string,
  secretHash: string,
): Promise<SessionWithUser | undefined> {
  const rows = await selectSession(db, secretHash, userId);
  return rows[0];
}

/**
 * `findSession` answered synchronously where the database allows it (see `PreparedQuery.now`): `null` when it
 * cannot, so the caller falls back to `findSession`.
 */
export function findSessionNow(
  db: Executor,
  userId: string,
  secretHash: string,
): SessionWithUser | undefined | null {
  const rows = selectSession.now(db, secretHash, userId);
  return rows ? rows[0] : null;
}

// Runs on every authenticated request, so it is prepared once (see db/prepared.ts).
const selectSession = preparedQuery((db, secretHash: string, userId: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select([
      'sessions.id as sessionId',
      'sessions.expiresAt',
      'sessions.lastUsedAt',
      'users.id as userId',
      'users.username',
      'users.nickname',
      'users.status',
      'users.isSuperAdmin',
      'users.lang',
      'users.source',
    ])
    .where('sessions.secretHash', '=', secretHash)
    .where('sessions.userId', '=', userId),
);

/** Records that a session was used. */
export async function touchSession(db: Executor, sessionId: string, at: string): Promise<void> {
  await db.updateTable('sessions').set({ lastUsedAt: at }).where('id', '=', sessionId).execute();
}

/** Deletes one session (logout). */
export async function deleteSession(db: Executor, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Deletes every session of a user, optionally keeping one (password change, disable). */
export async function deleteUserSessions(
  db: Executor,
  userId: string,
  keepSessionId?: string,
): Promise<void> {
  let query = db.deleteFrom('sessions').where('userId', '=', userId);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

/** Removes sessions past their expiry. */
export async function deleteExpiredSessions(db: Executor, now: string): Promise<void> {
  await db.deleteFrom('sessions').where('expiresAt', '<', now).execute();
}
