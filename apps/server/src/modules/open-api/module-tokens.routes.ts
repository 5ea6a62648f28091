import { envelope, ModuleIdQuery, ModuleTokenStatus } from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/reply.ts';
import { getTokenStatus, refreshToken } from './module-tokens.service.ts';

/** Push tokens of applications (Torna's `/module/token/*`), for project devs and admins. */
export function registerModuleTokenRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/module/token/status',
    { schema: { querystring: ModuleIdQuery, response: { 200: envelope(ModuleTokenStatus) } } },
    async (request) => ok(await getTokenStatus(await callerOf(request, db), request.query.moduleId)),
  );

  // A GET that writes, as Torna's path is: the token is answered once and the previous one stops at once.
  r.get(
    '/api/module/token/refresh',
    { schema: { querystring: ModuleIdQuery, response: { 200: envelope(z.string()) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await refreshToken(await callerOf(request, db), request.query.moduleId));
    },
  );
}
