import {
  IMPORT_MAX_BYTES,
  moduleCompare,
  projectChangelog as changelogCall,
  projectReleaseAdd,
  projectReleaseBindList,
  projectReleaseCompare,
  projectReleaseDoc,
  projectReleaseDocCancelSubscribe,
  projectReleaseDocSubscribe,
  projectReleaseList,
  projectReleaseRemove,
  projectReleaseSearch,
  projectReleaseStatus,
  projectReleaseTree,
  projectReleaseUpdate,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { compareWithUpload } from './compare.service.ts';
import {
  addRelease,
  changeRelease,
  compareReleases,
  followRelease,
  listProjectReleases,
  projectChangelog,
  releaseBindList,
  releaseDoc,
  releaseSearch,
  releaseTreeOf,
  removeRelease,
  setReleaseStatus,
} from './releases.service.ts';

/** Releases of a project (Torna's `/project/release/...` calls), their comparison and the changelog. */
export function registerReleaseRoutes(app: FastifyInstance, { db }: AppDeps): void {
  route(
    app,
    projectReleaseList,
    async (request) => await listProjectReleases(await callerOf(request, db), request.query),
  );
  route(
    app,
    projectReleaseAdd,
    async (request) => await addRelease(await callerOf(request, db), request.body),
  );
  route(
    app,
    projectReleaseUpdate,
    async (request) => await changeRelease(await callerOf(request, db), request.body),
  );
  route(app, projectReleaseStatus, async (request) => {
    await setReleaseStatus(await callerOf(request, db), request.body.id, request.body.status);
    return null;
  });
  route(app, projectReleaseRemove, async (request) => {
    await removeRelease(await callerOf(request, db), request.body.id);
    return null;
  });
  route(
    app,
    projectReleaseBindList,
    async (request) =>
      await releaseBindList(await callerOf(request, db), request.body.projectId, request.body.releaseId),
  );
  route(app, projectReleaseDocSubscribe, async (request) => {
    await followRelease(await callerOf(request, db), request.body.sourceId, true);
    return null;
  });
  route(app, projectReleaseDocCancelSubscribe, async (request) => {
    await followRelease(await callerOf(request, db), request.body.sourceId, false);
    return null;
  });
  route(
    app,
    projectReleaseCompare,
    async (request) =>
      await compareReleases(
        await callerOf(request, db),
        request.query.projectId,
        request.query.fromId,
        request.query.toId,
      ),
  );
  route(
    app,
    changelogCall,
    async (request) =>
      await projectChangelog(
        await callerOf(request, db),
        request.query.projectId,
        request.query.moduleId,
        request.query.limit,
      ),
  );
  route(
    app,
    moduleCompare,
    async (request) =>
      await compareWithUpload(await callerOf(request, db), request.body.moduleId, request.body.content),
    // A description may be as large as an import's source.
    { bodyLimit: IMPORT_MAX_BYTES },
  );
  route(
    app,
    projectReleaseDoc,
    async (request) =>
      await releaseDoc(await callerOf(request, db), request.query.releaseId, request.query.docId),
  );
  route(
    app,
    projectReleaseTree,
    async (request) => await releaseTreeOf(await callerOf(request, db), request.query.releaseId),
  );
  route(
    app,
    projectReleaseSearch,
    async (request) =>
      await releaseSearch(
        await callerOf(request, db),
        request.query.releaseId,
        request.query.q,
        request.query.limit,
      ),
  );
}
