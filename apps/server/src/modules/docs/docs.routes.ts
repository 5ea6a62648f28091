import {
  DocApplied,
  DocAppliedQuery,
  DocCopyRequest,
  DocDetail,
  DocIdParam,
  DocIdQuery,
  DocMoveRequest,
  DocProps,
  DocSaveRequest,
  DocSaveResult,
  DocTreeRow,
  Empty,
  envelope,
  FolderAddRequest,
  FolderUpdateRequest,
  IdRequest,
  Module,
  ModuleIdQuery,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { assertJsonDepth } from '../../http/json-depth.ts';
import { ReadCache, sendCached } from '../../http/read-cache.ts';
import { ok } from '../../http/reply.ts';
import { presentModule } from '../modules/modules.presenter.ts';
import { loadDocRef } from './doc-access.ts';
import {
  addFolder,
  copyDoc,
  deleteDoc,
  docProps,
  listDocTree,
  moduleOfDoc,
  moveDoc,
  setDocLocked,
  updateFolder,
} from './doc-tree.service.ts';
import { presentTreeRow } from './docs.presenter.ts';
import { getDocApplied, getDocDetail, saveDoc } from './docs.service.ts';

/** Docs and folders of applications, under Torna's paths. */
export function registerDocRoutes(app: FastifyInstance, { db, env }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cache = new ReadCache();

  r.post(
    '/api/doc/save',
    {
      // A whole doc: a 2 MB description and thousands of rows do not fit the default body limit.
      bodyLimit: env.QUIRE_DOC_BODY_LIMIT,
      preValidation: async (request) => assertJsonDepth(request.body),
      schema: { body: DocSaveRequest, response: { 200: envelope(DocSaveResult) } },
    },
    async (request) => ok(await saveDoc(await callerOf(request, db), request.body)),
  );

  r.get(
    '/api/doc/detail',
    { schema: { querystring: DocIdQuery, response: { 200: envelope(DocDetail) } } },
    async (request, reply) => {
      const c = await callerOf(request, db);
      // Authorized here on every call (a light read without the document); the detail is the same for
      // every reader, so it is served from the read cache by doc and data version.
      const ref = await loadDocRef(c, request.query.id, 'read');
      return sendCached(request, reply, cache, db, `doc:${ref.id}`, () => getDocDetail(c, ref.id));
    },
  );

  r.get(
    '/api/doc/applied',
    { schema: { querystring: DocAppliedQuery, response: { 200: envelope(DocApplied) } } },
    async (request) =>
      ok(await getDocApplied(await callerOf(request, db), request.query.id, request.query.environmentId)),
  );

  r.get(
    '/api/doc/list',
    { schema: { querystring: ModuleIdQuery, response: { 200: envelope(z.array(DocTreeRow)) } } },
    async (request) =>
      ok((await listDocTree(await callerOf(request, db), request.query.moduleId)).map(presentTreeRow)),
  );

  r.post(
    '/api/doc/folder/add',
    { schema: { body: FolderAddRequest, response: { 200: envelope(DocTreeRow) } } },
    async (request) => ok(presentTreeRow(await addFolder(await callerOf(request, db), request.body))),
  );

  r.post(
    '/api/doc/folder/update',
    { schema: { body: FolderUpdateRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await updateFolder(await callerOf(request, db), request.body);
      return ok(null);
    },
  );

  r.post(
    '/api/doc/move',
    { schema: { body: DocMoveRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await moveDoc(await callerOf(request, db), request.body);
      return ok(null);
    },
  );

  r.post(
    '/api/doc/delete',
    { schema: { body: IdRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await deleteDoc(await callerOf(request, db), request.body.id);
      return ok(null);
    },
  );

  r.post(
    '/api/doc/copy',
    { schema: { body: DocCopyRequest, response: { 200: envelope(DocSaveResult) } } },
    async (request) => ok(await copyDoc(await callerOf(request, db), request.body)),
  );

  for (const [path, locked] of [
    ['/api/doc/lock', true],
    ['/api/doc/unlock', false],
  ] as const) {
    r.post(path, { schema: { body: IdRequest, response: { 200: envelope(Empty) } } }, async (request) => {
      await setDocLocked(await callerOf(request, db), request.body.id, locked);
      return ok(null);
    });
  }

  r.get(
    '/api/module/infoByDocId',
    { schema: { querystring: DocIdParam, response: { 200: envelope(Module) } } },
    async (request) => ok(presentModule(await moduleOfDoc(await callerOf(request, db), request.query.docId))),
  );

  r.get(
    '/api/prop/getDocProps',
    { schema: { querystring: DocIdQuery, response: { 200: envelope(DocProps) } } },
    async (request) => ok(await docProps(await callerOf(request, db), request.query.id)),
  );
}
