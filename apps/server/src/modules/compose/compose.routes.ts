import {
  CheckPasswordRequest,
  ComposeDocAddRequest,
  ComposeDocQuery,
  ComposeDocRow,
  ComposeFolderAddRequest,
  ComposeFolderUpdateRequest,
  ComposeMenu,
  ComposeOrderRequest,
  ComposePage,
  ComposePageAddRequest,
  ComposePageStatusRequest,
  ComposePageTitle,
  ComposePageUpdateRequest,
  ComposeProject,
  ComposeProjectAddRequest,
  ComposeProjectIdQuery,
  ComposeProjectUpdateRequest,
  ComposeSettingAll,
  ComposeSettingSaveRequest,
  Empty,
  envelope,
  IdRequest,
  PublicComposeProject,
  PublicDoc,
  ShareIdQuery,
  ShareRegenerateAnswer,
  SpaceIdQuery,
  VisitorSession,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { clientIp, ok } from '../../http/reply.ts';
import { secretBoxOf } from '../../lib/secret-box.ts';
import { setVisitorCookie } from '../sharing/visitor-access.ts';
import {
  addDocs,
  addFolder,
  addPage,
  addProject,
  deleteProject,
  editPage,
  getSetting,
  listAllPages,
  listDocs,
  listProjects,
  regenerateProjectPassword,
  removeEntry,
  removePage,
  renameFolder,
  reorderEntry,
  saveSetting,
  setPageStatus,
  updateProject,
} from './compose.service.ts';
import {
  checkProjectPassword,
  publicComposeDoc,
  publicMenu,
  publicProject,
  publicSetting,
  visiblePage,
  visiblePages,
} from './compose-public.service.ts';

const PUBLIC = { auth: 'public' } as const;

/** Composed projects of a composed space (Torna's `compose/*` calls) and the public calls of `/show`. */
export function registerComposeRoutes(app: FastifyInstance, { db, env }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const box = () => secretBoxOf(db, env.QUIRE_SECRET_KEY);
  const emptyOk = { response: { 200: envelope(Empty) } };

  r.get(
    '/api/compose/project/list',
    { schema: { querystring: SpaceIdQuery, response: { 200: envelope(z.array(ComposeProject)) } } },
    async (request) =>
      ok(await listProjects(await callerOf(request, db), await box(), request.query.spaceId)),
  );
  r.post(
    '/api/compose/project/add',
    { schema: { body: ComposeProjectAddRequest, response: { 200: envelope(ComposeProject) } } },
    async (request) => ok(await addProject(await callerOf(request, db), await box(), request.body)),
  );
  r.post(
    '/api/compose/project/update',
    { schema: { body: ComposeProjectUpdateRequest, response: { 200: envelope(ComposeProject) } } },
    async (request) => ok(await updateProject(await callerOf(request, db), await box(), request.body)),
  );
  r.post('/api/compose/project/delete', { schema: { body: IdRequest, ...emptyOk } }, async (request) => {
    await deleteProject(await callerOf(request, db), request.body.id);
    return ok(null);
  });
  r.post(
    '/api/compose/project/regeneratePassword',
    { schema: { body: IdRequest, response: { 200: envelope(ShareRegenerateAnswer) } } },
    async (request) =>
      ok({
        password: await regenerateProjectPassword(await callerOf(request, db), await box(), request.body.id),
      }),
  );
  r.post('/api/compose/doc/add', { schema: { body: ComposeDocAddRequest, ...emptyOk } }, async (request) => {
    await addDocs(await callerOf(request, db), request.body);
    return ok(null);
  });
  r.post('/api/compose/doc/remove', { schema: { body: IdRequest, ...emptyOk } }, async (request) => {
    await removeEntry(await callerOf(request, db), request.body.id);
    return ok(null);
  });
  r.post(
    '/api/compose/doc/folder/add',
    { schema: { body: ComposeFolderAddRequest, response: { 200: envelope(ComposeDocRow) } } },
    async (request) => ok(await addFolder(await callerOf(request, db), request.body)),
  );
  r.post(
    '/api/compose/doc/folder/update',
    { schema: { body: ComposeFolderUpdateRequest, ...emptyOk } },
    async (request) => {
      await renameFolder(await callerOf(request, db), request.body);
      return ok(null);
    },
  );
  r.post(
    '/api/compose/doc/orderindex/update',
    { schema: { body: ComposeOrderRequest, ...emptyOk } },
    async (request) => {
      await reorderEntry(await callerOf(request, db), request.body);
      return ok(null);
    },
  );
  r.get(
    '/api/compose/doc/list',
    { schema: { querystring: ComposeProjectIdQuery, response: { 200: envelope(z.array(ComposeDocRow)) } } },
    async (request) => ok(await listDocs(await callerOf(request, db), request.query.projectId)),
  );
  // For the space's members: Torna's fields plus the global tables (visitors use `getall`).
  r.get(
    '/api/compose/project/setting/get',
    { schema: { querystring: ShareIdQuery, response: { 200: envelope(ComposeSettingAll) } } },
    async (request) => ok(await getSetting(await callerOf(request, db), request.query.id)),
  );
  r.post(
    '/api/compose/project/setting/save',
    { schema: { body: ComposeSettingSaveRequest, ...emptyOk } },
    async (request) => {
      await saveSetting(await callerOf(request, db), request.body);
      return ok(null);
    },
  );
  r.get(
    '/api/compose/additional/list',
    { schema: { querystring: ComposeProjectIdQuery, response: { 200: envelope(z.array(ComposePage)) } } },
    async (request) => ok(await listAllPages(await callerOf(request, db), request.query.projectId)),
  );
  r.post(
    '/api/compose/additional/add',
    { schema: { body: ComposePageAddRequest, response: { 200: envelope(ComposePage) } } },
    async (request) => ok(await addPage(await callerOf(request, db), request.body)),
  );
  r.post(
    '/api/compose/additional/update',
    { schema: { body: ComposePageUpdateRequest, ...emptyOk } },
    async (request) => {
      await editPage(await callerOf(request, db), request.body);
      return ok(null);
    },
  );
  r.post(
    '/api/compose/additional/status/update',
    { schema: { body: ComposePageStatusRequest, ...emptyOk } },
    async (request) => {
      await setPageStatus(await callerOf(request, db), request.body.id, request.body.status);
      return ok(null);
    },
  );
  r.post('/api/compose/additional/delete', { schema: { body: IdRequest, ...emptyOk } }, async (request) => {
    await removePage(await callerOf(request, db), request.body.id);
    return ok(null);
  });

  // Public: visitors of /show pages. Disabled or unknown projects are "Document not found"; encrypted ones
  // answer nothing before their password was checked.
  r.get(
    '/api/compose/project/get',
    {
      config: PUBLIC,
      schema: { querystring: ShareIdQuery, response: { 200: envelope(PublicComposeProject) } },
    },
    async (request) => ok(await publicProject(db, request, request.query.id)),
  );
  r.post(
    '/api/compose/project/checkPassword',
    { config: PUBLIC, schema: { body: CheckPasswordRequest, response: { 200: envelope(VisitorSession) } } },
    async (request, reply) => {
      const session = await checkProjectPassword(db, { ...request.body, ip: clientIp(request) });
      setVisitorCookie(reply, request, `compose:${request.body.id}`, session);
      return ok(session);
    },
  );
  r.get(
    '/api/compose/doc/menu',
    {
      config: PUBLIC,
      schema: { querystring: ComposeProjectIdQuery, response: { 200: envelope(ComposeMenu) } },
    },
    async (request) => ok(await publicMenu(db, request, request.query.projectId)),
  );
  r.get(
    '/api/compose/project/setting/getall',
    { config: PUBLIC, schema: { querystring: ShareIdQuery, response: { 200: envelope(ComposeSettingAll) } } },
    async (request) => ok(await publicSetting(db, request, request.query.id)),
  );
  r.get(
    '/api/compose/additional/listvisible',
    {
      config: PUBLIC,
      schema: { querystring: ComposeProjectIdQuery, response: { 200: envelope(z.array(ComposePageTitle)) } },
    },
    async (request) => ok(await visiblePages(db, request, request.query.projectId)),
  );
  r.get(
    '/api/compose/additional/get',
    { config: PUBLIC, schema: { querystring: ShareIdQuery, response: { 200: envelope(ComposePage) } } },
    async (request) => ok(await visiblePage(db, request, request.query.id)),
  );
  r.get(
    '/api/compose/doc/view',
    { config: PUBLIC, schema: { querystring: ComposeDocQuery, response: { 200: envelope(PublicDoc) } } },
    async (request) => ok(await publicComposeDoc(db, request, request.query.projectId, request.query.docId)),
  );
}
