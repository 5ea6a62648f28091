import {
  Empty,
  envelope,
  IdRequest,
  OpenUser,
  OpenUserAddRequest,
  OpenUserWithSecret,
  SpaceIdQuery,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/reply.ts';
import {
  addOpenUser,
  listSpaceOpenUsers,
  resetOpenUserSecret,
  setOpenUserStatus,
} from './open-users.service.ts';
import { presentOpenUser } from './spaces.presenter.ts';

/** Open-API clients (appKey/secret) of a space: space admins only; a secret is shown once. */
export function registerOpenUserRoutes(app: FastifyInstance, { db, env }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/space/openuser/list',
    { schema: { querystring: SpaceIdQuery, response: { 200: envelope(z.array(OpenUser)) } } },
    async (request) => {
      const rows = await listSpaceOpenUsers(await callerOf(request, db), request.query.spaceId);
      return ok(rows.map(presentOpenUser));
    },
  );

  r.post(
    '/api/space/openuser/add',
    { schema: { body: OpenUserAddRequest, response: { 200: envelope(OpenUserWithSecret) } } },
    async (request) => {
      const { row, secret } = await addOpenUser(
        await callerOf(request, db),
        request.body,
        env.QUIRE_SECRET_KEY,
      );
      return ok({ ...presentOpenUser(row), secret });
    },
  );

  r.post(
    '/api/space/openuser/enable',
    { schema: { body: IdRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await setOpenUserStatus(await callerOf(request, db), request.body.id, true);
      return ok(null);
    },
  );

  r.post(
    '/api/space/openuser/disable',
    { schema: { body: IdRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await setOpenUserStatus(await callerOf(request, db), request.body.id, false);
      return ok(null);
    },
  );

  r.post(
    '/api/space/openuser/resetSecret',
    { schema: { body: IdRequest, response: { 200: envelope(OpenUserWithSecret) } } },
    async (request) => {
      const { row, secret } = await resetOpenUserSecret(
        await callerOf(request, db),
        request.body.id,
        env.QUIRE_SECRET_KEY,
      );
      return ok({ ...presentOpenUser(row), secret });
    },
  );
}
