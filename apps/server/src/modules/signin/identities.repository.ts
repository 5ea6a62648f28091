import type { Selectable, Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, UserIdentitiesTable } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

export type IdentityRow = Selectable<UserIdentitiesTable>;

/** The identity of an external account, by provider, issuer and subject (never by user name). */
export function findIdentity(
  db: Db,
  provider: string,
  issuer: string,
  subject: string,
): Promise<IdentityRow | undefined> {
  return db
    .selectFrom('userIdentities')
    .selectAll()
    .where('provider', '=', provider)
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

/** Links an external identity to a local account. */
export async function insertIdentity(db: Executor, row: IdentityRow): Promise<void> {
  await db.insertInto('userIdentities').values(row).execute();
}

/** Records a login through an identity. */
export async function touchIdentity(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('userIdentities').set({ lastLoginAt: at }).where('id', '=', id).execute();
}

/** Stores an OIDC login in flight. */
export async function insertOidcState(
  db: Db,
  row: { stateHash: string; nonce: string; codeVerifier: string; redirect: string; expiresAt: string },
): Promise<void> {
  await db.insertInto('oidcStates').values(row).execute();
}

/**
 * Takes an OIDC state: reads and deletes it, so a state works once; answers undefined when another request
 * took it first (the delete decides) or it never existed.
 */
export async function takeOidcState(db: Db, stateHash: string) {
  const row = await db
    .selectFrom('oidcStates')
    .selectAll()
    .where('stateHash', '=', stateHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const deleted = await db.deleteFrom('oidcStates').where('stateHash', '=', stateHash).executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1 ? row : undefined;
}

/** Stores a login key. */
export async function insertLoginKey(db: Db, row: { keyHash: string; userId: string; expiresAt: string }) {
  await db.insertInto('loginKeys').values(row).execute();
}

/** Takes a login key once, like `takeOidcState`. */
export async function takeLoginKey(db: Db, keyHash: string) {
  const row = await db.selectFrom('loginKeys').selectAll().where('keyHash', '=', keyHash).executeTakeFirst();
  if (!row) return undefined;
  const deleted = await db.deleteFrom('loginKeys').where('keyHash', '=', keyHash).executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1 ? row : undefined;
}

/** Drops states and keys whose time is over (called now and then, so abandoned logins do not pile up). */
export async function deleteExpiredSignInRows(db: Db, now: string): Promise<void> {
  await db.deleteFrom('oidcStates').where('expiresAt', '<', now).execute();
  await db.deleteFrom('loginKeys').where('expiresAt', '<', now).execute();
}

/** The identities linked to an account. */
export function listIdentitiesOfUser(db: Db, userId: string): Promise<IdentityRow[]> {
  return db
    .selectFrom('userIdentities')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** Removes one linked identity; answers whether it existed. */
export async function deleteIdentity(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('userIdentities').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
