import {
  docApplied,
  docCopy,
  docDelete,
  docDetail,
  docFolderAdd,
  docFolderUpdate,
  docList,
  docLock,
  docMove,
  docSave,
  docUnlock,
  moduleInfoByDocId,
  propGetDocProps,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { assertJsonDepth } from '../../http/json-depth.ts';
import { ReadCache, sendCached } from '../../http/read-cache.ts';
import { route } from '../../http/route.ts';
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
  const cache = new ReadCache();

  route(app, docSave, async (request) => await saveDoc(await callerOf(request, db), request.body), {
    // A whole doc: a 2 MB description and thousands of rows do not fit the default body limit.
    bodyLimit: env.QUIRE_DOC_BODY_LIMIT,
    preValidation: async (request) => assertJsonDepth(request.body),
  });

  route(app, docDetail, async (request, reply) => {
    const c = await callerOf(request, db);
    // Authorized here on every call (a light read without the document); the detail is the same for
    // every reader, so it is served from the read cache by doc, kept while neither the doc nor its
    // application's environments and dictionaries change (db/cache-versions.ts).
    const ref = await loadDocRef(c, request.query.id, 'read');
    return sendCached(request, reply, cache, db, `doc:${ref.id}`, () => getDocDetail(c, ref.id), {
      kind: 'doc',
      docId: ref.id,
      moduleId: ref.moduleId,
    });
  });

  route(
    app,
    docApplied,
    async (request) =>
      await getDocApplied(await callerOf(request, db), request.query.id, request.query.environmentId),
  );

  route(app, docList, async (request) =>
    (await listDocTree(await callerOf(request, db), request.query.moduleId)).map(presentTreeRow),
  );

  route(app, docFolderAdd, async (request) =>
    presentTreeRow(await addFolder(await callerOf(request, db), request.body)),
  );

  route(app, docFolderUpdate, async (request) => {
    await updateFolder(await callerOf(request, db), request.body);
    return null;
  });

  route(app, docMove, async (request) => {
    await moveDoc(await callerOf(request, db), request.body);
    return null;
  });

  route(app, docDelete, async (request) => {
    await deleteDoc(await callerOf(request, db), request.body.id);
    return null;
  });

  route(app, docCopy, async (request) => await copyDoc(await callerOf(request, db), request.body));

  for (const [contract, locked] of [
    [docLock, true],
    [docUnlock, false],
  ] as const) {
    route(app, contract, async (request) => {
      await setDocLocked(await callerOf(request, db), request.body.id, locked);
      return null;
    });
  }

  route(app, moduleInfoByDocId, async (request) =>
    presentModule(await moduleOfDoc(await callerOf(request, db), request.query.docId)),
  );

  route(
    app,
    propGetDocProps,
    async (request) => await docProps(await callerOf(request, db), request.query.id),
  );
}
