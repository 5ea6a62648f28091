import {
  adminGenTemplateDelete,
  adminGenTemplateDetail,
  adminGenTemplateListGroupName,
  adminGenTemplateSave,
  adminGenTemplateTree,
  adminGenTemplateUpdate,
  docGenGenerate,
  docGenTemplateTree,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import {
  changeTemplate,
  generate,
  groupNames,
  removeTemplate,
  saveTemplate,
  templateDetail,
  templateTree,
} from './gen.service.ts';

/** Code generation: super admins manage templates, readers of a doc render one against it. */
export function registerGenRoutes(app: FastifyInstance, { db }: AppDeps): void {
  route(app, adminGenTemplateTree, async () => await templateTree({ db }));
  route(app, adminGenTemplateListGroupName, async () => await groupNames({ db }));
  route(app, adminGenTemplateDetail, async (request) => await templateDetail({ db }, request.query.id));
  route(
    app,
    adminGenTemplateSave,
    async (request) => await saveTemplate(await callerOf(request, db), request.body),
  );
  route(app, adminGenTemplateUpdate, async (request) => {
    await changeTemplate(await callerOf(request, db), request.body);
    return null;
  });
  route(app, adminGenTemplateDelete, async (request) => {
    await removeTemplate(await callerOf(request, db), request.body.id);
    return null;
  });

  route(app, docGenTemplateTree, async () => await templateTree({ db }));
  route(
    app,
    docGenGenerate,
    async (request) =>
      await generate(await callerOf(request, db), request.body.docId, request.body.templateId),
  );
}
