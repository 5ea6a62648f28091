import { AccountLimits, type UserSource } from '@quire/shared';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { AppError } from '../../http/app-error.ts';
import { isoFromNow, nowIso } from '../../lib/clock.ts';
import { newId, newSecret, sha256 } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { type AuthContext, type ClientInfo, createSession } from '../auth/auth.service.ts';
import {
  findUserById,
  findUserByUsername,
  insertUser,
  type UserRow,
  updateUser,
  usernameKeyOf,
} from '../users/users.service.ts';
import {
  deleteExpiredSignInRows,
  findIdentity,
  insertIdentity,
  insertLoginKey,
  takeLoginKey,
  touchIdentity,
} from './identities.repository.ts';

/** How long a `/successLogin` key may be exchanged: enough for one redirect, too short to be useful stolen. */
export const LOGIN_KEY_TTL_MS = 10_000;

/** An external account as a sign-in source describes it. */
export interface ExternalAccount {
  provider: 'ldap' | 'oidc';
  issuer: string;
  subject: string;
  /** The user name the source suggests; a local account of that name is never reused. */
  username: string;
  nickname: string;
  email: string;
  source: Extract<UserSource, 'ldap' | 'oauth'>;
}

function clip(text: string, max: number): string {
  return text.trim().slice(0, max);
}

/**
 * A free user name for a new external account: the suggested one when no account has it, else the name
 * with the source (`alice@ldap`), then numbered (`alice@ldap-2`). So a directory user named like a local
 * account gets their own account instead of the local one.
 */
async function freeUsername(db: Db, wanted: string, tag: string): Promise<string> {
  const base = clip(wanted, AccountLimits.usernameMax - tag.length - 4) || tag;
  if (!(await findUserByUsername(db, base))) return base;
  for (let n = 1; n < 100; n++) {
    const candidate = n === 1 ? `${base}@${tag}` : `${base}@${tag}-${n}`;
    if (!(await findUserByUsername(db, candidate))) return candidate;
  }
  return `${base}@${newSecret().slice(0, 8)}`;
}

/**
 * The local account of an external identity: found by provider, issuer and subject; created (with its own
 * user name) on first login; name and mail refreshed on later logins. Answers the account row.
 */
export async function accountOfIdentity(db: Db, account: ExternalAccount): Promise<UserRow> {
  const now = nowIso();
  const nickname = clip(account.nickname || account.username, AccountLimits.nicknameMax);
  const email = clip(account.email, AccountLimits.emailMax);
  const found = await findIdentity(db, account.provider, account.issuer, account.subject);
  if (found) {
    const user = await findUserById(db, found.userId);
    if (!user) throw new AppError('auth.bad_credentials');
    if (user.nickname !== nickname || user.email !== email) {
      await updateUser(db, user.id, { nickname, email, updatedAt: now });
    }
    await touchIdentity(db, found.id, now);
    return { ...user, nickname, email };
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const username = await freeUsername(db, account.username, account.provider);
    const userId = newId();
    try {
      await db.transaction().execute(async (trx) => {
        await insertUser(trx, {
          id: userId,
          username,
          usernameKey: usernameKeyOf(username),
          nickname,
          email,
          avatar: '',
          // A random password nobody knows: this account signs in through its source only.
          passwordHash: await hashPassword(newSecret()),
          status: 1,
          source: account.source,
          isSuperAdmin: 0,
          lang: null,
          createdAt: now,
          updatedAt: now,
        });
        await insertIdentity(trx, {
          id: newId(),
          userId,
          provider: account.provider,
          issuer: account.issuer,
          subject: account.subject,
          createdAt: now,
          lastLoginAt: now,
        });
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Either the name was taken meanwhile (try the next one) or the same identity logged in twice at
      // once (the other request created it: use theirs).
      const raced = await findIdentity(db, account.provider, account.issuer, account.subject);
      if (raced) return accountOfIdentity(db, account);
      continue;
    }
    const created = await findUserById(db, userId);
    if (created) return created;
  }
  throw new AppError('user.username_taken');
}

/**
 * What a login key is stored under: its hash together with the binding cookie of the browser that started
 * the sign-in, so the key alone (a `/successLogin` link sent to someone else) finds nothing.
 */
function loginKeyHash(key: string, bind: string): string {
  return sha256(`${key}\n${bind}`);
}

/**
 * A single-use key that `/successLogin` exchanges for a session within `LOGIN_KEY_TTL_MS`, in the browser
 * holding `bind` only.
 */
export async function createLoginKey(db: Db, userId: string, bind: string): Promise<string> {
  const key = newSecret();
  await insertLoginKey(db, {
    keyHash: loginKeyHash(key, bind),
    userId,
    expiresAt: isoFromNow(LOGIN_KEY_TTL_MS),
  });
  if (Math.random() < 0.05) await deleteExpiredSignInRows(db, nowIso());
  return key;
}

/**
 * Exchanges a login key for a session token: once, in time, for an enabled account, and only in the browser
 * that started the sign-in (`bind`, its binding cookie; login CSRF).
 */
export async function exchangeLoginKey(
  ctx: AuthContext,
  key: string,
  bind: string | undefined,
  client: ClientInfo,
): Promise<string> {
  if (!bind) throw new AppError('auth.login_key_foreign');
  const row = await takeLoginKey(ctx.db, loginKeyHash(key, bind));
  if (!row || row.expiresAt < nowIso()) throw new AppError('auth.login_key_invalid');
  const user = await findUserById(ctx.db, row.userId);
  if (!user || user.status === 0) throw new AppError('auth.login_key_invalid');
  return createSession(ctx, user.id, client);
}
