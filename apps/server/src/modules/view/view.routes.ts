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
import { accessKey, ReadCache, sendCached } from '../../http/read-cache.ts';
import { ok } from '../../http/reply.ts';
import { loadProject } from '../projects/projects.service.ts';
import { searchDocs } from './doc-search.repository.ts';
import {
  buildProjectTree,
  buildSpaceTree,
  isFollowing,
  readableOfSpace,
  readableProjects,
  setFollowing,
  viewProjects,
} from './view.service.ts';

/** The reader (`/view`): trees by project and by space, doc search, and following a doc. */
export function registerViewRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Trees and the project list are what every visitor reads first: served from the read cache, keyed by
  // what the caller may read (authorized on every call) and the data version (http/read-cache.ts).
  const cache = new ReadCache();

  r.get(
    '/api/doc/view/projects',
    { schema: { response: { 200: envelope(ViewSpaceProjects) } } },
    async (request, reply) => {
      const c = await callerOf(request, db);
      return sendCached(request, reply, cache, db, `projects:${accessKey(c.access)}`, () => viewProjects(c));
    },
  );

  r.get(
    '/api/doc/view/dataByProject',
    { schema: { querystring: ProjectIdQuery, response: { 200: envelope(ViewTree) } } },
    async (request, reply) => {
      const c = await callerOf(request, db);
      const project = await loadProject(c, request.query.projectId, 'doc.read');
      // Authorized above; the tree itself is the same for every reader of the project.
      return sendCached(request, reply, cache, db, `tree:project:${project.id}`, () =>
        buildProjectTree(c, project),
      );
    },
  );

  r.get(
    '/api/doc/view/data',
    { schema: { querystring: SpaceIdQuery, response: { 200: envelope(ViewTree) } } },
    async (request, reply) => {
      const c = await callerOf(request, db);
      const projects = await readableOfSpace(c, request.query.spaceId);
      // The answer depends on which projects of the space this caller may read: they are the key.
      const key = `tree:space:${request.query.spaceId}:${projects.map((p) => p.id).join(',')}`;
      return sendCached(request, reply, cache, db, key, () => buildSpaceTree(c, projects));
    },
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
