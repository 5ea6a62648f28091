import type { UserUpdateRequest } from '@quire/shared';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { AppError } from '../../http/app-error.ts';
import type { Actor } from '../../http/types.ts';
import { nowIso } from '../../lib/clock.ts';
import { newId, newPassword } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/passwords.ts';
import {
  countUsers,
  findUserById,
  insertUser,
  type UserRow,
  updateUser,
  usernameKeyOf,
} from './users.repository.ts';

/** Outcome of first-start bootstrapping; `printedPassword` is set only when a random one was generated. */
export interface BootstrapResult {
  created: boolean;
  printedPassword?: string;
}

/**
 * On an empty database, creates the super admin `admin`. With a configured password the account is ready;
 * otherwise a random password is returned (to be printed once) and status 2 forces a change at first login.
 * There are no default credentials.
 */
export async function ensureSuperAdmin(
  db: Db,
  configuredPassword: string | undefined,
): Promise<BootstrapResult> {
  if ((await countUsers(db)) > 0) return { created: false };
  const password = configuredPassword ?? newPassword();
  const now = nowIso();
  try {
    await insertUser(db, {
      id: newId(),
      username: 'admin',
      usernameKey: usernameKeyOf('admin'),
      nickname: 'admin',
      email: '',
      avatar: '',
      passwordHash: await hashPassword(password),
      status: configuredPassword ? 1 : 2,
      mustSetPassword: configuredPassword ? 0 : 1,
      source: 'backend',
      isSuperAdmin: 1,
      lang: null,
      createdAt: now,
      updatedAt: now,
    });
  } catch (error) {
    // Another instance bootstrapped the same empty database first.
    if (isUniqueViolation(error)) return { created: false };
    throw error;
  }
  return configuredPassword ? { created: true } : { created: true, printedPassword: password };
}

/** Loads the caller's own account. */
export async function getOwnProfile(db: Db, actor: Actor): Promise<UserRow> {
  const user = await findUserById(db, actor.user.id);
  if (!user) throw new AppError('1000');
  return user;
}

/** Updates the caller's nickname and email. */
export async function updateOwnProfile(db: Db, actor: Actor, input: UserUpdateRequest): Promise<void> {
  await updateUser(db, actor.user.id, {
    nickname: input.nickname,
    email: input.email ?? '',
    updatedAt: nowIso(),
  });
}

/** Stores the caller's preferred language. */
export async function updateOwnLang(db: Db, actor: Actor, lang: string): Promise<void> {
  await updateUser(db, actor.user.id, { lang, updatedAt: nowIso() });
}

export type { UserRow } from './users.repository.ts';
// What other modules may use of this module's data (docs/architecture.md: modules meet through services).
export {
  findUserById,
  findUserByUsername,
  findUsersByIds,
  insertUser,
  pageUsers,
  searchUsers,
  updateUser,
  usernameKeyOf,
} from './users.repository.ts';
