import {
  Empty,
  envelope,
  IdRequest,
  Space,
  SpaceAddRequest,
  SpaceIdQuery,
  SpaceInfo,
  SpaceUpdateRequest,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { accessKey, ReadCache, sendCached } from '../../http/read-cache.ts';
import { ok } from '../../http/reply.ts';
import { withSpaceRole } from '../../policies/access-context.ts';
import { registerOpenUserRoutes } from './open-users.routes.ts';
import { registerSpaceMemberRoutes } from './space-members.routes.ts';
import { presentMemberBrief, presentSpace } from './spaces.presenter.ts';
import { addSpace, deleteSpace, getSpaceInfo, listSpaces, renameSpace } from './spaces.service.ts';

/** Spaces, their members and their open users, at Torna's paths. */
export function registerSpaceRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/space/add',
    { schema: { body: SpaceAddRequest, response: { 200: envelope(Space) } } },
    async (request) => {
      const c = await callerOf(request, db);
      const space = await addSpace(c, request.body);
      return ok(presentSpace(space, withSpaceRole(c.access, space.id, 'admin')));
    },
  );

  r.post(
    '/api/space/update',
    { schema: { body: SpaceUpdateRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await renameSpace(await callerOf(request, db), request.body);
      return ok(null);
    },
  );

  r.post(
    '/api/space/delete',
    { schema: { body: IdRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await deleteSpace(await callerOf(request, db), request.body.id);
      return ok(null);
    },
  );

  r.get(
    '/api/space/info',
    { schema: { querystring: SpaceIdQuery, response: { 200: envelope(SpaceInfo) } } },
    async (request) => {
      const c = await callerOf(request, db);
      const { space, leaders } = await getSpaceInfo(c, request.query.spaceId);
      return ok({ ...presentSpace(space, c.access), leaders: leaders.map(presentMemberBrief) });
    },
  );

  // The lists depend on the caller's memberships: cached per caller's access and data version (http/read-cache.ts).
  const cache = new ReadCache();
  for (const [path, normalOnly] of [
    ['/api/space/list', false],
    ['/api/space/listNormal', true],
  ] as const) {
    r.get(path, { schema: { response: { 200: envelope(z.array(Space)) } } }, async (request, reply) => {
      const c = await callerOf(request, db);
      return sendCached(request, reply, cache, db, `${path}:${accessKey(c.access)}`, async () =>
        (await listSpaces(c, normalOnly)).map((space) => presentSpace(space, c.access)),
      );
    });
  }

  registerSpaceMemberRoutes(app, deps);
  registerOpenUserRoutes(app, deps);
}
