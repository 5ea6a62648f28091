import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, PersonalTokensTable } from './schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export type PersonalTokenRow = Selectable<PersonalTokensTable>;

/** A personal token joined with the columns of its user that authentication needs. */
export interface PersonalTokenWithUser {
  tokenId: string;
  readOnly: number;
  projectIds: string | null;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  userId: string;
  username: string;
  nickname: string;
  status: number;
  isSuperAdmin: number;
  lang: string | null;
  source: string;
}

/**
 * The token whose sha256 is `tokenHash`, with its user, in one query (authentication of a request that sends
 * a personal token). Lives beside the session lookup: the authentication hook sits below the feature modules.
 */
export async function findPersonalTokenByHash(
  db: Executor,
  tokenHash: string,
): Promise<PersonalTokenWithUser | undefined> {
  return await db
    .selectFrom('personalTokens')
    .innerJoin('users', 'users.id', 'personalTokens.userId')
    .select([
      'personalTokens.id as tokenId',
      'personalTokens.readOnly',
      'personalTokens.projectIds',
      'personalTokens.expiresAt',
      'personalTokens.lastUsedAt',
      'personalTokens.revokedAt',
      'users.id as userId',
      'users.username',
      'users.nickname',
      'users.status',
      'users.isSuperAdmin',
      'users.lang',
      'users.source',
    ])
    .where('personalTokens.tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

/** Records that a token was used (at most once a minute per token, see http/authenticate.ts). */
export async function touchPersonalToken(db: Executor, id: string, at: string): Promise<void> {
  await db.updateTable('personalTokens').set({ lastUsedAt: at }).where('id', '=', id).execute();
}

/** The live projects among `ids` with their space: what a project-limited token's access is built from. */
export async function listLiveProjectSpaces(
  db: Executor,
  ids: ReadonlyArray<string>,
): Promise<Array<{ id: string; spaceId: string }>> {
  if (ids.length === 0) return [];
  return await db
    .selectFrom('projects')
    .innerJoin('spaces', 'spaces.id', 'projects.spaceId')
    .select(['projects.id', 'projects.spaceId'])
    .where('projects.id', 'in', [...ids])
    .where('projects.deletedAt', 'is', null)
    .where('spaces.deletedAt', 'is', null)
    .execute();
}

/** Stores a new token. */
export async function insertPersonalToken(db: Executor, row: Insertable<PersonalTokensTable>): Promise<void> {
  await db.insertInto('personalTokens').values(row).execute();
}

/** Every token of a user, newest first. */
export async function listPersonalTokensOfUser(db: Executor, userId: string): Promise<PersonalTokenRow[]> {
  return await db
    .selectFrom('personalTokens')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
}

/** Marks a token of the user revoked; false when the user holds no such token. */
export async function revokePersonalToken(
  db: Executor,
  userId: string,
  id: string,
  at: string,
): Promise<boolean> {
  const token = await db
    .selectFrom('personalTokens')
    .select(['id', 'revokedAt'])
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (!token) return false;
  if (!token.revokedAt)
    await db.updateTable('personalTokens').set({ revokedAt: at }).where('id', '=', id).execute();
  return true;
}
