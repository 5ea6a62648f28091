import {
  spaceAdd,
  spaceDelete,
  spaceInfo,
  spaceInternalAccessSave,
  spaceList,
  spaceListNormal,
  spaceUpdate,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { accessKey, ReadCache, sendCached } from '../../http/read-cache.ts';
import { route } from '../../http/route.ts';
import { withSpaceRole } from '../../policies/access-context.ts';
import { setInternalAccess } from './internal-access.service.ts';
import { registerOpenUserRoutes } from './open-users.routes.ts';
import { registerSpaceMemberRoutes } from './space-members.routes.ts';
import { presentMemberBrief, presentSpace } from './spaces.presenter.ts';
import { addSpace, deleteSpace, getSpaceInfo, listSpaces, renameSpace } from './spaces.service.ts';

/** Spaces, their members and their open users, at Torna's paths. */
export function registerSpaceRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  route(app, spaceAdd, async (request) => {
    const c = await callerOf(request, db);
    const space = await addSpace(c, request.body);
    return presentSpace(space, withSpaceRole(c.access, space.id, 'admin'));
  });

  route(app, spaceUpdate, async (request) => {
    await renameSpace(await callerOf(request, db), request.body);
    return null;
  });

  // Super admins only (the contract says so; the service checks again).
  route(app, spaceInternalAccessSave, async (request) => {
    const c = await callerOf(request, db);
    const space = await setInternalAccess(c, request.body.spaceId, request.body.internalAccess);
    return presentSpace(space, c.access);
  });

  route(app, spaceDelete, async (request) => {
    await deleteSpace(await callerOf(request, db), request.body.id);
    return null;
  });

  route(app, spaceInfo, async (request) => {
    const c = await callerOf(request, db);
    const { space, leaders } = await getSpaceInfo(c, request.query.spaceId);
    return { ...presentSpace(space, c.access), leaders: leaders.map(presentMemberBrief) };
  });

  // The lists depend on the caller's memberships: cached per caller's access and data version (http/read-cache.ts).
  const cache = new ReadCache();
  for (const [contract, normalOnly] of [
    [spaceList, false],
    [spaceListNormal, true],
  ] as const) {
    route(app, contract, async (request, reply) => {
      const c = await callerOf(request, db);
      return sendCached(request, reply, cache, db, `${contract.path}:${accessKey(c.access)}`, async () =>
        (await listSpaces(c, normalOnly)).map((space) => presentSpace(space, c.access)),
      );
    });
  }

  registerSpaceMemberRoutes(app, deps);
  registerOpenUserRoutes(app, deps);
}
