import {
  codeModuleList,
  codeModuleSave,
  codeProjectList,
  codeProjectSave,
  constantModuleAll,
  constantModuleGet,
  constantModuleSave,
  constantProjectGet,
  constantProjectSave,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import {
  getConstantPage,
  getErrorCodes,
  getModuleConstantsAll,
  saveConstantPage,
  saveErrorCodes,
} from './constants.service.ts';

/**
 * Constants pages (Torna's `/constant/...` paths) and error-code tables (`/code/...`) of projects and
 * applications: read beside the docs, managed by project admins and devs (`/project/code/{projectId}`).
 */
export function registerConstantRoutes(app: FastifyInstance, { db, env }: AppDeps): void {
  route(
    app,
    constantProjectGet,
    async (request) =>
      await getConstantPage(await callerOf(request, db), { type: 'project', id: request.query.projectId }),
  );

  route(
    app,
    constantProjectSave,
    async (request) =>
      await saveConstantPage(
        await callerOf(request, db),
        { type: 'project', id: request.body.id },
        request.body.content,
      ),
    { bodyLimit: env.QUIRE_DOC_BODY_LIMIT },
  );

  route(
    app,
    constantModuleGet,
    async (request) =>
      await getConstantPage(await callerOf(request, db), { type: 'module', id: request.query.moduleId }),
  );

  route(
    app,
    constantModuleSave,
    async (request) =>
      await saveConstantPage(
        await callerOf(request, db),
        { type: 'module', id: request.body.id },
        request.body.content,
      ),
    { bodyLimit: env.QUIRE_DOC_BODY_LIMIT },
  );

  route(
    app,
    constantModuleAll,
    async (request) => await getModuleConstantsAll(await callerOf(request, db), request.query.moduleId),
  );

  route(
    app,
    codeProjectList,
    async (request) =>
      await getErrorCodes(await callerOf(request, db), { type: 'project', id: request.query.projectId }),
  );

  route(
    app,
    codeProjectSave,
    async (request) =>
      await saveErrorCodes(
        await callerOf(request, db),
        { type: 'project', id: request.body.projectId },
        request.body.codes,
      ),
    { bodyLimit: env.QUIRE_DOC_BODY_LIMIT },
  );

  route(
    app,
    codeModuleList,
    async (request) =>
      await getErrorCodes(await callerOf(request, db), { type: 'module', id: request.query.moduleId }),
  );

  route(
    app,
    codeModuleSave,
    async (request) =>
      await saveErrorCodes(
        await callerOf(request, db),
        { type: 'module', id: request.body.moduleId },
        request.body.codes,
      ),
    { bodyLimit: env.QUIRE_DOC_BODY_LIMIT },
  );
}
