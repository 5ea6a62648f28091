import { tornaLink } from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { resolveTornaLink } from './torna-links.service.ts';

/** `GET /api/torna/link`: where an old Torna link lands (public: it reveals only an id the reader still guards). */
export function registerTornaRoutes(app: FastifyInstance, { db }: AppDeps): void {
  route(app, tornaLink, async (request) => ({ path: await resolveTornaLink(db, request.query) }));
}
