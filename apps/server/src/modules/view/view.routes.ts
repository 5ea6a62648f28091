import {
  DocSearchHit,
  DocSearchQuery,
  Empty,
  envelope,
  ProjectIdQuery,
  SpaceIdQuery,
  SubscribeQuery,
  SubscribeRequest,
  ViewSpaceProjects,
  ViewTree,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/reply.ts';
import { searchDocs } from './doc-search.repository.ts';
import {
  isFollowing,
  readableProjects,
  setFollowing,
  viewProjects,
  viewTreeOfProject,
  viewTreeOfSpace,
} from './view.service.ts';

/** The reader (`/view`): trees by project and by space, doc search, and following a doc. */
export function registerViewRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/doc/view/projects',
    { schema: { response: { 200: envelope(ViewSpaceProjects) } } },
    async (request) => ok(await viewProjects(await callerOf(request, db))),
  );

  r.get(
    '/api/doc/view/dataByProject',
    { schema: { querystring: ProjectIdQuery, response: { 200: envelope(ViewTree) } } },
    async (request) => ok(await viewTreeOfProject(await callerOf(request, db), request.query.projectId)),
  );

  r.get(
    '/api/doc/view/data',
    { schema: { querystring: SpaceIdQuery, response: { 200: envelope(ViewTree) } } },
    async (request) => ok(await viewTreeOfSpace(await callerOf(request, db), request.query.spaceId)),
  );

  r.get(
    '/api/doc/search',
    { schema: { querystring: DocSearchQuery, response: { 200: envelope(z.array(DocSearchHit)) } } },
    async (request) => {
      const c = await callerOf(request, db);
      const projectIds = c.access.isSuperAdmin ? undefined : (await readableProjects(c)).map((p) => p.id);
      return ok(await searchDocs(db, request.query.q, { projectIds, limit: request.query.limit }));
    },
  );

  r.get(
    '/api/user/subscribe/doc/isSubscribe',
    { schema: { querystring: SubscribeQuery, response: { 200: envelope(z.boolean()) } } },
    async (request) => ok(await isFollowing(await callerOf(request, db), request.query.sourceId)),
  );

  for (const [path, follow] of [
    ['/api/user/subscribe/doc/subscribe', true],
    ['/api/user/subscribe/doc/cancelSubscribe', false],
  ] as const) {
    r.post(
      path,
      { schema: { body: SubscribeRequest, response: { 200: envelope(Empty) } } },
      async (request) => {
        await setFollowing(await callerOf(request, db), request.body.sourceId, follow);
        return ok(null);
      },
    );
  }
}
