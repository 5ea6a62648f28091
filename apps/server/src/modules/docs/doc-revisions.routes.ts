import {
  docRevisionCompare,
  docRevisionDiff,
  docRevisionGet,
  docRevisionList,
  docRevisionRestore,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import {
  compareDocRevisions,
  diffDocRevisions,
  getDocRevision,
  listDocRevisions,
  restoreDocRevision,
} from './doc-revisions.service.ts';

/** History of a doc: the changelog, one revision, the differences of two, and restoring one. */
export function registerDocRevisionRoutes(app: FastifyInstance, { db }: AppDeps): void {
  route(
    app,
    docRevisionList,
    async (request) => await listDocRevisions(await callerOf(request, db), request.query.docId),
  );

  route(
    app,
    docRevisionGet,
    async (request) =>
      await getDocRevision(await callerOf(request, db), request.query.docId, request.query.revision),
  );

  route(app, docRevisionDiff, async (request) => {
    const { docId, from, to } = request.query;
    return await diffDocRevisions(await callerOf(request, db), docId, from, to);
  });

  route(app, docRevisionCompare, async (request) => {
    const { docId, from, to } = request.query;
    return await compareDocRevisions(await callerOf(request, db), docId, from, to);
  });

  route(
    app,
    docRevisionRestore,
    async (request) => await restoreDocRevision(await callerOf(request, db), request.body),
  );
}
