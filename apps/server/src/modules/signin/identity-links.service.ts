import type { IdentityLinkRequest, UserIdentity } from '@quire/shared';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { AppError } from '../../http/app-error.ts';
import { nowIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { findUserById, usernameKeyOf } from '../users/users.service.ts';
import {
  deleteIdentity,
  findIdentity,
  type IdentityRow,
  insertIdentity,
  listIdentitiesOfUser,
} from './identities.repository.ts';

function present(row: IdentityRow): UserIdentity {
  return {
    id: row.id,
    provider: row.provider === 'oidc' ? 'oidc' : 'ldap',
    issuer: row.issuer,
    subject: row.subject,
    createTime: row.createdAt,
    lastLoginTime: row.lastLoginAt,
  };
}

/** The identities linked to an account (super admin). */
export async function listIdentities(db: Db, userId: string): Promise<UserIdentity[]> {
  if (!(await findUserById(db, userId))) throw new AppError('user.not_found');
  return (await listIdentitiesOfUser(db, userId)).map(present);
}

/**
 * Links an existing account to a directory user or an OIDC subject, the explicit way for an admin to let a
 * person keep their local account when they start signing in through the directory. An identity already
 * linked elsewhere is refused: unlink it first, so an account never changes hands silently.
 */
export async function linkIdentity(
  db: Db,
  input: z.output<typeof IdentityLinkRequest>,
): Promise<UserIdentity> {
  if (!(await findUserById(db, input.userId))) throw new AppError('user.not_found');
  const issuer = input.provider === 'ldap' ? '' : (input.issuer ?? '');
  // LDAP identities are kept by the lower-cased directory name, as logins record them.
  const subject = input.provider === 'ldap' ? usernameKeyOf(input.subject) : input.subject;
  if (await findIdentity(db, input.provider, issuer, subject)) throw new AppError('identity.taken');
  const now = nowIso();
  const row: IdentityRow = {
    id: newId(),
    userId: input.userId,
    provider: input.provider,
    issuer,
    subject,
    createdAt: now,
    lastLoginAt: now,
  };
  try {
    await insertIdentity(db, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('identity.taken');
    throw error;
  }
  return present(row);
}

/** Removes a link; the next login through that identity creates a new account. */
export async function unlinkIdentity(db: Db, id: string): Promise<void> {
  if (!(await deleteIdentity(db, id))) throw new AppError('identity.not_found');
}
