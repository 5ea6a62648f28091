import {
  composeAdditionalAdd,
  composeAdditionalDelete,
  composeAdditionalGet,
  composeAdditionalList,
  composeAdditionalListvisible,
  composeAdditionalStatusUpdate,
  composeAdditionalUpdate,
  composeDocAdd,
  composeDocFolderAdd,
  composeDocFolderUpdate,
  composeDocList,
  composeDocMenu,
  composeDocOrderindexUpdate,
  composeDocRemove,
  composeDocView,
  composeProjectAdd,
  composeProjectCheckPassword,
  composeProjectDelete,
  composeChangelog,
  composeProjectGet,
  composeProjectList,
  composeProjectRegeneratePassword,
  composeProjectSettingGet,
  composeProjectSettingGetall,
  composeProjectSettingSave,
  composeProjectUpdate,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { clientIp } from '../../http/reply.ts';
import { route } from '../../http/route.ts';
import { secretBoxOf } from '../../lib/secret-box.ts';
import { LLMS_FILES, sendLlms } from '../sharing/llms-text.ts';
import { composeChangelogFeed, composeChangelogOf } from './compose-changelog.ts';
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
  composeLlms,
  publicComposeDoc,
  publicMenu,
  publicProject,
  publicSetting,
  visiblePage,
  visiblePages,
} from './compose-public.service.ts';

/** Composed projects of a composed space (Torna's `compose/*` calls) and the public calls of `/show`. */
export function registerComposeRoutes(app: FastifyInstance, { db, env }: AppDeps): void {
  // The composed project for language models, as the share's (modules/sharing/shares.routes.ts).
  for (const [file, full] of LLMS_FILES) {
    app.get<{ Params: { id: string } }>(
      `/show/:id/${file}`,
      { config: { auth: 'public' } },
      (request, reply) =>
        sendLlms(request, reply, () =>
          composeLlms(db, request, request.params.id, { full, base: env.QUIRE_PUBLIC_URL ?? '' }),
        ),
    );
  }
  const box = () => secretBoxOf(db, env.QUIRE_SECRET_KEY);

  route(
    app,
    composeProjectList,
    async (request) => await listProjects(await callerOf(request, db), await box(), request.query.spaceId),
  );
  route(
    app,
    composeProjectAdd,
    async (request) => await addProject(await callerOf(request, db), await box(), request.body),
  );
  route(
    app,
    composeProjectUpdate,
    async (request) => await updateProject(await callerOf(request, db), await box(), request.body),
  );
  route(app, composeProjectDelete, async (request) => {
    await deleteProject(await callerOf(request, db), request.body.id);
    return null;
  });
  route(app, composeProjectRegeneratePassword, async (request) => ({
    password: await regenerateProjectPassword(await callerOf(request, db), await box(), request.body.id),
  }));
  route(app, composeDocAdd, async (request) => {
    await addDocs(await callerOf(request, db), request.body);
    return null;
  });
  route(app, composeDocRemove, async (request) => {
    await removeEntry(await callerOf(request, db), request.body.id);
    return null;
  });
  route(
    app,
    composeDocFolderAdd,
    async (request) => await addFolder(await callerOf(request, db), request.body),
  );
  route(app, composeDocFolderUpdate, async (request) => {
    await renameFolder(await callerOf(request, db), request.body);
    return null;
  });
  route(app, composeDocOrderindexUpdate, async (request) => {
    await reorderEntry(await callerOf(request, db), request.body);
    return null;
  });
  route(
    app,
    composeDocList,
    async (request) => await listDocs(await callerOf(request, db), request.query.projectId),
  );
  // For the space's members: Torna's fields plus the global tables (visitors use `getall`).
  route(
    app,
    composeProjectSettingGet,
    async (request) => await getSetting(await callerOf(request, db), request.query.id),
  );
  route(app, composeProjectSettingSave, async (request) => {
    await saveSetting(await callerOf(request, db), request.body);
    return null;
  });
  route(
    app,
    composeAdditionalList,
    async (request) => await listAllPages(await callerOf(request, db), request.query.projectId),
  );
  route(
    app,
    composeAdditionalAdd,
    async (request) => await addPage(await callerOf(request, db), request.body),
  );
  route(app, composeAdditionalUpdate, async (request) => {
    await editPage(await callerOf(request, db), request.body);
    return null;
  });
  route(app, composeAdditionalStatusUpdate, async (request) => {
    await setPageStatus(await callerOf(request, db), request.body.id, request.body.status);
    return null;
  });
  route(app, composeAdditionalDelete, async (request) => {
    await removePage(await callerOf(request, db), request.body.id);
    return null;
  });

  // Public: visitors of /show pages. Disabled or unknown projects are "Document not found"; encrypted ones
  // answer nothing before their password was checked.
  route(app, composeProjectGet, async (request) => await publicProject(db, request, request.query.id));
  route(app, composeChangelog, async (request) => await composeChangelogOf(db, request, request.query.id));
  // The changelog as an Atom feed a partner subscribes to (docs/releases.md); not the JSON envelope.
  app.get<{ Params: { id: string } }>(
    '/show/:id/changelog.atom',
    { config: { auth: 'public' } },
    async (request, reply) => {
      const xml = await composeChangelogFeed(db, request, request.params.id.slice(0, 64));
      return reply.type('application/atom+xml; charset=utf-8').send(xml);
    },
  );
  route(app, composeProjectCheckPassword, async (request, reply) => {
    const session = await checkProjectPassword(db, { ...request.body, ip: clientIp(request) });
    setVisitorCookie(reply, request, `compose:${request.body.id}`, session);
    return session;
  });
  route(app, composeDocMenu, async (request) => await publicMenu(db, request, request.query.projectId));
  route(
    app,
    composeProjectSettingGetall,
    async (request) => await publicSetting(db, request, request.query.id),
  );
  route(
    app,
    composeAdditionalListvisible,
    async (request) => await visiblePages(db, request, request.query.projectId),
  );
  route(app, composeAdditionalGet, async (request) => await visiblePage(db, request, request.query.id));
  route(
    app,
    composeDocView,
    async (request) => await publicComposeDoc(db, request, request.query.projectId, request.query.docId),
  );
}
