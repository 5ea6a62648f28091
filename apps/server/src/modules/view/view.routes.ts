import {
  docSearch,
  docViewData,
  docViewDataByProject,
  docViewProjects,
  userSubscribeDocCancelSubscribe,
  userSubscribeDocIsSubscribe,
  userSubscribeDocSubscribe,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { accessKey, ReadCache, sendCached } from '../../http/read-cache.ts';
import { route } from '../../http/route.ts';
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
  // Trees and the project list are what every visitor reads first: served from the read cache, keyed by
  // what the caller may read (authorized on every call) and the versions of the data (http/read-cache.ts).
  const cache = new ReadCache();

  route(app, docViewProjects, async (request, reply) => {
    const c = await callerOf(request, db);
    return sendCached(request, reply, cache, db, `projects:${accessKey(c.access)}`, () => viewProjects(c));
  });

  route(app, docViewDataByProject, async (request, reply) => {
    const c = await callerOf(request, db);
    const project = await loadProject(c, request.query.projectId, 'doc.read');
    // Authorized above; the tree itself is the same for every reader of the project.
    return sendCached(
      request,
      reply,
      cache,
      db,
      `tree:project:${project.id}`,
      () => buildProjectTree(c, project),
      // A change to what the tree shows (not a save of a description or params) drops the trees of its
      // project only (db/cache-versions.ts).
      { kind: 'project', projectId: project.id },
    );
  });

  route(app, docViewData, async (request, reply) => {
    const c = await callerOf(request, db);
    const projects = await readableOfSpace(c, request.query.spaceId);
    // The answer depends on which projects of the space this caller may read: they are the key.
    const key = `tree:space:${request.query.spaceId}:${projects.map((p) => p.id).join(',')}`;
    return sendCached(request, reply, cache, db, key, () => buildSpaceTree(c, projects), {
      kind: 'space',
      spaceId: request.query.spaceId,
    });
  });

  route(app, docSearch, async (request) => {
    const c = await callerOf(request, db);
    const projectIds = c.access.isSuperAdmin ? undefined : (await readableProjects(c)).map((p) => p.id);
    return await searchDocs(db, request.query.q, { projectIds, limit: request.query.limit });
  });

  route(
    app,
    userSubscribeDocIsSubscribe,
    async (request) => await isFollowing(await callerOf(request, db), request.query.sourceId),
  );

  for (const [contract, follow] of [
    [userSubscribeDocSubscribe, true],
    [userSubscribeDocCancelSubscribe, false],
  ] as const) {
    route(app, contract, async (request) => {
      await setFollowing(await callerOf(request, db), request.body.sourceId, follow);
      return null;
    });
  }
}
