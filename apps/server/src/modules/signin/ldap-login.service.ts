import { type LoginRequest, type LoginResponse, ROLES } from '@quire/shared';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { nowIso } from '../../lib/clock.ts';
import { type AuthContext, type ClientInfo, createSession } from '../auth/auth.service.ts';
import { findMembers, insertMembers, updateMemberRole } from '../members/members.service.ts';
import { reserveAttempt } from '../throttle/throttle.service.ts';
import { findLiveSpace } from '../spaces/spaces.service.ts';
import { type UserRow, updateUser, usernameKeyOf } from '../users/users.service.ts';
import { accountOfIdentity } from './identities.service.ts';
import { authenticateLdap, type DirectoryUser } from './ldap.service.ts';
import { type LdapConfig, ldapUsable, readLdapConfig } from './signin-settings.service.ts';

/**
 * Applies the directory's groups at each login: membership of the admin group decides the super-admin flag
 * (only when an admin group is configured), and each mapped group grants its space role (the highest one when
 * several map to one space). Leaving a group does not remove a space membership: space admins manage those.
 */
async function applyGroups(
  db: Db,
  config: LdapConfig,
  user: UserRow,
  directory: DirectoryUser,
): Promise<void> {
  const groups = new Set(directory.groups);
  if (config.adminGroup) {
    const isAdmin = groups.has(config.adminGroup.trim().toLowerCase()) ? 1 : 0;
    if (isAdmin !== user.isSuperAdmin)
      await updateUser(db, user.id, { isSuperAdmin: isAdmin, updatedAt: nowIso() });
  }
  const wanted = new Map<string, number>();
  for (const mapping of config.spaceRoles) {
    if (!groups.has(mapping.group.trim().toLowerCase())) continue;
    const rank = ROLES.indexOf(mapping.role);
    if (rank > (wanted.get(mapping.spaceId) ?? -1)) wanted.set(mapping.spaceId, rank);
  }
  for (const [spaceId, rank] of wanted) {
    if (!(await findLiveSpace(db, spaceId))) continue;
    const role = ROLES[rank] as string;
    const [current] = await findMembers(db, 'space', spaceId, [user.id]);
    if (!current) {
      await insertMembers(db, 'space', spaceId, [{ userId: user.id, role, joinTime: nowIso() }]);
    } else if (ROLES.indexOf(current.role as (typeof ROLES)[number]) < rank) {
      await updateMemberRole(db, 'space', spaceId, user.id, role);
    }
  }
}

/**
 * `POST /api/user/login` with `source: "ldap"`: throttled like a local login, checked by the directory, then
 * the account linked to the directory identity (created on first login) gets a session. A local account of
 * the same name is never used: identities are matched by the directory's user name in `user_identities`.
 */
export async function loginWithLdap(
  ctx: AuthContext & { env: Env },
  input: LoginRequest,
  client: ClientInfo,
): Promise<LoginResponse> {
  const config = await readLdapConfig(ctx.db, ctx.env);
  if (!ldapUsable(config)) throw new AppError('auth.source_disabled');
  const slot = await reserveAttempt(
    ctx.db,
    { kind: 'login', target: `ldap:${usernameKeyOf(input.username)}`, ip: client.ip },
    'auth.login_throttled',
  );
  const directory = await authenticateLdap(config, input.username.trim(), input.password);
  if (!directory) throw new AppError('auth.bad_credentials');
  await slot.succeeded();
  const user = await accountOfIdentity(ctx.db, {
    provider: 'ldap',
    issuer: '',
    subject: usernameKeyOf(directory.username),
    username: directory.username,
    nickname: directory.nickname,
    email: directory.email,
    source: 'ldap',
  });
  if (user.status === 0) throw new AppError('auth.account_disabled');
  await applyGroups(ctx.db, config, user, directory);
  return { token: await createSession(ctx, user.id, client), status: user.status };
}
