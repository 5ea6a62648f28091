import { userTokenAdd, userTokenList, userTokenRevoke } from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { addOwnToken, listOwnTokens, revokeOwnToken } from './tokens.service.ts';

/**
 * The caller's personal access tokens (`/user/tokens`). A login session only: the authentication hook refuses
 * every `/api/user/token/*` call made with a personal token (http/authenticate.ts).
 */
export function registerTokenRoutes(app: FastifyInstance, { db }: AppDeps): void {
  route(app, userTokenList, async (request) => await listOwnTokens(await callerOf(request, db)));
  route(app, userTokenAdd, async (request) => await addOwnToken(await callerOf(request, db), request.body));
  route(app, userTokenRevoke, async (request) => {
    await revokeOwnToken(await callerOf(request, db), request.body.id);
    return null;
  });
}
