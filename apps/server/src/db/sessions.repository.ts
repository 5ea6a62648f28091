import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { Db } from './database.ts';
import { dialectOf } from './dialect.ts';
import { hotReaderOf } from './hot-reader.ts';
import { type MembershipRow, membershipsOfUserQuery } from './memberships.repository.ts';
import { preparedQuery } from './prepared.ts';
import type { Database, SessionsTable } from './schema.ts';

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

/** A session with its user's memberships, as authentication reads them on SQLite (shared: read-only). */
export interface SessionWithMemberships {
  readonly session: Readonly<SessionWithUser>;
  readonly memberships: ReadonlyArray<Readonly<MembershipRow>>;
}

/**
 * The session lookup of a request together with its user's memberships (see `listMembershipsOfUser`), in one
 * statement, answered synchronously on SQLite files and `null` elsewhere. Nearly every logged-in request
 * checks access, and on SQLite each statement outside a transaction pays for its own read transaction
 * (file locks: system calls), a large share of a small request; one statement pays once.
 *
 * The answer is kept by the hot reader until the database changes (`HotReader.memo`): a user's requests
 * repeat the same lookup, and any commit (a logout, a password change, a role change, a session touched)
 * drops it. Keyed by the secret's hash, never by the token itself.
 */
export function findSessionWithMembershipsNow(
  db: Executor,
  userId: string,
  secretHash: string,
): SessionWithMemberships | undefined | null {
  const reader = db.isTransaction ? undefined : hotReaderOf(db as Kysely<unknown>);
  if (!reader) return null;
  const found = reader.memo(`session:${secretHash}`, () =>
    readSessionWithMemberships(db, userId, secretHash),
  );
  // The key leaves out the user: a kept session answers only the user it belongs to.
  return found?.session.userId === userId ? found : undefined;
}

function readSessionWithMemberships(
  db: Executor,
  userId: string,
  secretHash: string,
): SessionWithMemberships | undefined {
  const row = selectSessionWithMemberships.now(db, secretHash, userId)?.[0];
  return row ? withMemberships(row) : undefined;
}

/**
 * PostgreSQL: the session lookup with its user's memberships in one statement (`json_agg`), one round trip
 * instead of two on every logged-in request; `null` on the other dialects (SQLite files take the hot reader's
 * path above, MySQL the two queries). Under load, the cost of each query on an instance (socket writes, the
 * driver, building the query) was the largest share of its CPU (issue #29, docs/architecture.md "Load").
 * Not kept between requests: another instance may log the session out or change a role at any time.
 */
export function findSessionWithMemberships(
  db: Executor,
  userId: string,
  secretHash: string,
): Promise<SessionWithMemberships | undefined> | null {
  if (db.isTransaction || dialectOf(db) !== 'postgres') return null;
  return selectSessionWithMembershipsPg(db, secretHash, userId).then((rows) => {
    const row = rows[0];
    return row ? withMemberships(row) : undefined;
  });
}

function withMemberships(row: SessionWithUser & { memberships: string }): SessionWithMemberships {
  const { memberships, ...session } = row;
  const tuples = JSON.parse(memberships) as Array<[MembershipRow['kind'], string, string]>;
  return { session, memberships: tuples.map(([kind, targetId, role]) => ({ kind, targetId, role })) };
}

// Runs on every authenticated request, so it is prepared once (see db/prepared.ts).
const selectSession = preparedQuery((db, secretHash: string, userId: string) =>
  selectSessionQuery(db, secretHash, userId),
);

// SQLite only (`json_group_array`): it runs on the hot reader alone, which exists only for SQLite files.
const selectSessionWithMemberships = preparedQuery((db, secretHash: string, userId: string) =>
  selectSessionQuery(db, secretHash, userId).select(
    sql<string>`(select coalesce(json_group_array(json_array(m.kind, m.target_id, m.role)), '[]') from (${membershipsOfUserQuery(db, userId)}) as m)`.as(
      'memberships',
    ),
  ),
);

// PostgreSQL's form of the statement above (text, so the driver hands the same JSON string to parse).
const selectSessionWithMembershipsPg = preparedQuery((db, secretHash: string, userId: string) =>
  selectSessionQuery(db, secretHash, userId).select(
    sql<string>`(select coalesce(json_agg(json_build_array(m.kind, m.target_id, m.role)), '[]'::json)::text from (${membershipsOfUserQuery(db, userId)}) as m)`.as(
      'memberships',
    ),
  ),
);

function selectSessionQuery(db: Executor, secretHash: string, userId: string) {
  return db
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
    .where('sessions.userId', '=', userId);
}

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
