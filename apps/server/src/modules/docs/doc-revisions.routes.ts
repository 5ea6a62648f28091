import {
  DocIdParam,
  DocRestoreRequest,
  DocRevision,
  DocRevisionDetail,
  DocRevisionDiff,
  DocRevisionDiffQuery,
  DocRevisionQuery,
  DocSaveResult,
  envelope,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/reply.ts';
import {
  diffDocRevisions,
  getDocRevision,
  listDocRevisions,
  restoreDocRevision,
} from './doc-revisions.service.ts';

/** History of a doc: the changelog, one revision, the differences of two, and restoring one. */
export function registerDocRevisionRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/doc/revision/list',
    { schema: { querystring: DocIdParam, response: { 200: envelope(z.array(DocRevision)) } } },
    async (request) => ok(await listDocRevisions(await callerOf(request, db), request.query.docId)),
  );

  r.get(
    '/api/doc/revision/get',
    { schema: { querystring: DocRevisionQuery, response: { 200: envelope(DocRevisionDetail) } } },
    async (request) =>
      ok(await getDocRevision(await callerOf(request, db), request.query.docId, request.query.revision)),
  );

  r.get(
    '/api/doc/revision/diff',
    { schema: { querystring: DocRevisionDiffQuery, response: { 200: envelope(DocRevisionDiff) } } },
    async (request) => {
      const { docId, from, to } = request.query;
      return ok(await diffDocRevisions(await callerOf(request, db), docId, from, to));
    },
  );

  r.post(
    '/api/doc/revision/restore',
    { schema: { body: DocRestoreRequest, response: { 200: envelope(DocSaveResult) } } },
    async (request) => ok(await restoreDocRevision(await callerOf(request, db), request.body)),
  );
}
