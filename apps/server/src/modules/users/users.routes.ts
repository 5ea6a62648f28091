import {
  Empty,
  envelope,
  LangUpdateRequest,
  Perms,
  type Role,
  UserInfo,
  UserProfile,
  UserUpdateRequest,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Caller, callerNow, callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { actorOf, ok } from '../../http/reply.ts';
import { abilitiesOf, computeRoleData } from './perms.service.ts';
import { presentProfile } from './users.presenter.ts';
import { getOwnProfile, updateOwnLang, updateOwnProfile } from './users.service.ts';

/** The caller's own account: info, profile, permissions and language. */
export function registerUserRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/user/info',
    { config: { auth: 'pending' }, schema: { response: { 200: envelope(UserInfo) } } },
    async (request) => {
      const user = await getOwnProfile(db, actorOf(request));
      return ok({ name: user.nickname || user.username, avatar: user.avatar });
    },
  );

  r.get('/api/user/get', { schema: { response: { 200: envelope(UserProfile) } } }, async (request) =>
    ok(presentProfile(await getOwnProfile(db, actorOf(request)))),
  );

  r.post(
    '/api/user/update',
    { schema: { body: UserUpdateRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await updateOwnProfile(db, actorOf(request), request.body);
      return ok(null);
    },
  );

  r.post(
    '/api/user/lang/update',
    { schema: { body: LangUpdateRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await updateOwnLang(db, actorOf(request), request.body.lang);
      return ok(null);
    },
  );

  // Not an async handler: on SQLite every step can answer synchronously (the web app asks on every page
  // load), and then no promise is made; where a step cannot, the answer waits for it.
  r.get('/api/user/perm/get', { schema: { response: { 200: envelope(Perms) } } }, (request) => {
    const c = callerNow(request, db);
    return c ? permsOf(c) : callerOf(request, db).then(permsOf);
  });
}

function permsOf(c: Caller) {
  const answer = (roleData: Record<string, Role>) =>
    ok({ isSuperAdmin: c.actor.user.isSuperAdmin, roleData, abilities: abilitiesOf(roleData) });
  const roleData = computeRoleData(c);
  return roleData instanceof Promise ? roleData.then(answer) : answer(roleData);
}
