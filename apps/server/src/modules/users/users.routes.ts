import { type Role, userGet, userInfo, userLangUpdate, userPermGet, userUpdate } from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import { type Caller, callerNow, callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { actorOf } from '../../http/reply.ts';
import { route } from '../../http/route.ts';
import { abilitiesOf, computeRoleData } from './perms.service.ts';
import { presentProfile } from './users.presenter.ts';
import { getOwnProfile, updateOwnLang, updateOwnProfile } from './users.service.ts';

/** The caller's own account: info, profile, permissions and language. */
export function registerUserRoutes(app: FastifyInstance, { db }: AppDeps): void {
  route(app, userInfo, async (request) => {
    const user = await getOwnProfile(db, actorOf(request));
    return { name: user.nickname || user.username, avatar: user.avatar };
  });

  route(app, userGet, async (request) => presentProfile(await getOwnProfile(db, actorOf(request))));

  route(app, userUpdate, async (request) => {
    await updateOwnProfile(db, actorOf(request), request.body);
    return null;
  });

  route(app, userLangUpdate, async (request) => {
    await updateOwnLang(db, actorOf(request), request.body.lang);
    return null;
  });

  // Not an async handler: on SQLite every step can answer synchronously (the web app asks on every page
  // load), and then no promise is made; where a step cannot, the answer waits for it.
  route(app, userPermGet, (request) => {
    const c = callerNow(request, db);
    return c ? permsOf(c) : callerOf(request, db).then(permsOf);
  });
}

function permsOf(c: Caller) {
  const answer = (roleData: Record<string, Role>) => ({
    isSuperAdmin: c.actor.user.isSuperAdmin,
    roleData,
    abilities: abilitiesOf(roleData, c.access.scope),
  });
  const roleData = computeRoleData(c);
  return roleData instanceof Promise ? roleData.then(answer) : answer(roleData);
}
