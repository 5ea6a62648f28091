import { moduleTokenRefresh, moduleTokenStatus } from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { getTokenStatus, refreshToken } from './module-tokens.service.ts';

/** Push tokens of applications (Torna's `/module/token/*`), for project devs and admins. */
export function registerModuleTokenRoutes(app: FastifyInstance, { db }: AppDeps): void {
  route(
    app,
    moduleTokenStatus,
    async (request) => await getTokenStatus(await callerOf(request, db), request.query.moduleId),
  );

  // A GET that writes, as Torna's path is: the token is answered once and the previous one stops at once.
  route(app, moduleTokenRefresh, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return await refreshToken(await callerOf(request, db), request.query.moduleId);
  });
}
