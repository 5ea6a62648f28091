import type { LoginRequest, LoginResponse, RegRequest } from '@quire/shared';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { deleteSession, deleteUserSessions, insertSession } from '../../db/sessions.repository.ts';
import { AppError } from '../../http/app-error.ts';
import type { Actor } from '../../http/types.ts';
import { isoFromNow, nowIso } from '../../lib/clock.ts';
import { newId, newSecret, sha256 } from '../../lib/ids.ts';
import { decoyHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { isTornaPasswordHash, verifyTornaPassword } from '../../lib/torna-password.ts';
import { isRegistrationEnabled } from '../system/settings.service.ts';
import {
  findUserById,
  findUserByUsername,
  insertUser,
  updateUser,
  usernameKeyOf,
} from '../users/users.service.ts';
import { reserveAttempt } from '../throttle/throttle.service.ts';
import { THROTTLES } from '../throttle/throttle-rule.ts';

/** What every service receives first. */
export interface AuthContext {
  db: Db;
  tokenTtlDays: number;
  /** Registrations one address may make in an hour (`QUIRE_REGISTER_LIMIT`). */
  registerLimit?: number;
}

/** Where a login comes from, for throttling and the session record. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** Creates a session and returns its token `<userId>:<secret>`; only the secret's hash is stored. */
export async function createSession(ctx: AuthContext, userId: string, client: ClientInfo): Promise<string> {
  const secret = newSecret();
  const now = nowIso();
  await insertSession(ctx.db, {
    id: newId(),
    userId,
    secretHash: sha256(secret),
    createdAt: now,
    lastUsedAt: now,
    expiresAt: isoFromNow(ctx.tokenTtlDays * 24 * 3600_000),
    ip: client.ip.slice(0, 64),
    userAgent: client.userAgent.slice(0, 256),
  });
  return `${userId}:${secret}`;
}

/**
 * Checks an account and password. Throttled (`modules/throttle/`) before the password is looked at, and an
 * unknown account costs the same argon2 time as a known one, so timing does not reveal accounts.
 */
export async function login(
  ctx: AuthContext,
  input: LoginRequest,
  client: ClientInfo,
): Promise<LoginResponse> {
  if (input.source && input.source !== 'register') throw new AppError('auth.bad_credentials');
  const slot = await reserveAttempt(
    ctx.db,
    { kind: 'login', target: usernameKeyOf(input.username), ip: client.ip },
    'auth.login_throttled',
  );
  const user = await findUserByUsername(ctx.db, input.username);
  const matches = await checkPassword(user, input.password);
  if (!user || !matches) throw new AppError('auth.bad_credentials');
  await slot.succeeded();
  if (user.status === 0) throw new AppError('auth.account_disabled');
  // An account brought from Torna keeps Torna's md5 until its first login: now that the password is known,
  // it is stored as argon2id and the md5 is forgotten (lib/torna-password.ts).
  if (isTornaPasswordHash(user.passwordHash))
    await updateUser(ctx.db, user.id, {
      passwordHash: await hashPassword(input.password),
      updatedAt: nowIso(),
    });
  return { token: await createSession(ctx, user.id, client), status: user.status };
}

/**
 * The password check of a login: argon2id, or Torna's md5 for an account imported from Torna that has not
 * logged in since. A failed md5 check still spends an argon2 verification, so the answer time does not tell
 * which accounts still hold a Torna hash.
 */
async function checkPassword(
  user: { username: string; passwordHash: string } | undefined,
  password: string,
): Promise<boolean> {
  if (user && isTornaPasswordHash(user.passwordHash)) {
    if (verifyTornaPassword(user.passwordHash, user.username, password)) return true;
    await verifyPassword(await decoyHash(), password);
    return false;
  }
  return verifyPassword(user?.passwordHash ?? (await decoyHash()), password);
}

/**
 * Self-registration, when an admin has not closed it. Every attempt counts against its address (ten an hour
 * unless `QUIRE_REGISTER_LIMIT` says otherwise), so one address cannot fill the server with accounts.
 */
export async function register(
  ctx: AuthContext,
  input: RegRequest,
  client: Pick<ClientInfo, 'ip'>,
): Promise<{ id: string }> {
  if (!(await isRegistrationEnabled(ctx.db))) throw new AppError('auth.registration_closed');
  await reserveAttempt(ctx.db, { kind: 'register', target: '', ip: client.ip }, 'auth.register_throttled', {
    ...THROTTLES.register,
    perAddress: ctx.registerLimit ?? THROTTLES.register.perAddress,
  });
  if (await findUserByUsername(ctx.db, input.username)) throw new AppError('user.username_taken');
  const id = newId();
  const now = nowIso();
  try {
    await insertUser(ctx.db, {
      id,
      username: input.username,
      usernameKey: usernameKeyOf(input.username),
      nickname: input.nickname,
      email: input.username.includes('@') ? input.username : '',
      avatar: '',
      passwordHash: await hashPassword(input.password),
      status: 1,
      source: 'register',
      isSuperAdmin: 0,
      lang: null,
      createdAt: now,
      updatedAt: now,
    });
  } catch (error) {
    // Two registrations racing for one name: the unique index decides, the loser gets the same answer.
    if (isUniqueViolation(error)) throw new AppError('user.username_taken');
    throw error;
  }
  return { id };
}

/** First login with a printed or reset password: sets the new one and ends every other session. */
export async function setFirstPassword(ctx: AuthContext, actor: Actor, password: string): Promise<void> {
  if (actor.user.status !== 2) throw new AppError('auth.password_not_required');
  await updateUser(ctx.db, actor.user.id, {
    passwordHash: await hashPassword(password),
    status: 1,
    mustSetPassword: 0,
    updatedAt: nowIso(),
  });
  await deleteUserSessions(ctx.db, actor.user.id, actor.sessionId);
}

/** Changes the password after checking the current one; every session ends, so the user logs in again. */
export async function changePassword(
  ctx: AuthContext,
  actor: Actor,
  oldPassword: string,
  password: string,
): Promise<void> {
  const user = await findUserById(ctx.db, actor.user.id);
  if (!user) throw new AppError('1000');
  if (user.source !== 'register' && user.source !== 'backend')
    throw new AppError('auth.third_party_password');
  if (!(await verifyPassword(user.passwordHash, oldPassword))) throw new AppError('auth.old_password_wrong');
  await updateUser(ctx.db, user.id, { passwordHash: await hashPassword(password), updatedAt: nowIso() });
  await deleteUserSessions(ctx.db, user.id);
}

/** Logout revokes the token at once. */
export function logout(ctx: AuthContext, actor: Actor): Promise<void> {
  return deleteSession(ctx.db, actor.sessionId);
}
