import {
  ConstantModuleAll,
  ConstantSaveRequest,
  ErrorCodeList,
  envelope,
  ModuleErrorCodesSaveRequest,
  ModuleIdQuery,
  ProjectErrorCodesSaveRequest,
  ProjectIdQuery,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/reply.ts';
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const page = { bodyLimit: env.QUIRE_DOC_BODY_LIMIT };

  r.get(
    '/api/constant/project/get',
    { schema: { querystring: ProjectIdQuery, response: { 200: envelope(z.string()) } } },
    async (request) =>
      ok(
        await getConstantPage(await callerOf(request, db), { type: 'project', id: request.query.projectId }),
      ),
  );

  r.post(
    '/api/constant/project/save',
    { ...page, schema: { body: ConstantSaveRequest, response: { 200: envelope(z.string()) } } },
    async (request) =>
      ok(
        await saveConstantPage(
          await callerOf(request, db),
          { type: 'project', id: request.body.id },
          request.body.content,
        ),
      ),
  );

  r.get(
    '/api/constant/module/get',
    { schema: { querystring: ModuleIdQuery, response: { 200: envelope(z.string()) } } },
    async (request) =>
      ok(await getConstantPage(await callerOf(request, db), { type: 'module', id: request.query.moduleId })),
  );

  r.post(
    '/api/constant/module/save',
    { ...page, schema: { body: ConstantSaveRequest, response: { 200: envelope(z.string()) } } },
    async (request) =>
      ok(
        await saveConstantPage(
          await callerOf(request, db),
          { type: 'module', id: request.body.id },
          request.body.content,
        ),
      ),
  );

  r.get(
    '/api/constant/module/all',
    { schema: { querystring: ModuleIdQuery, response: { 200: envelope(ConstantModuleAll) } } },
    async (request) => ok(await getModuleConstantsAll(await callerOf(request, db), request.query.moduleId)),
  );

  r.get(
    '/api/code/project/list',
    { schema: { querystring: ProjectIdQuery, response: { 200: envelope(ErrorCodeList) } } },
    async (request) =>
      ok(await getErrorCodes(await callerOf(request, db), { type: 'project', id: request.query.projectId })),
  );

  r.post(
    '/api/code/project/save',
    { ...page, schema: { body: ProjectErrorCodesSaveRequest, response: { 200: envelope(ErrorCodeList) } } },
    async (request) =>
      ok(
        await saveErrorCodes(
          await callerOf(request, db),
          { type: 'project', id: request.body.projectId },
          request.body.codes,
        ),
      ),
  );

  r.get(
    '/api/code/module/list',
    { schema: { querystring: ModuleIdQuery, response: { 200: envelope(ErrorCodeList) } } },
    async (request) =>
      ok(await getErrorCodes(await callerOf(request, db), { type: 'module', id: request.query.moduleId })),
  );

  r.post(
    '/api/code/module/save',
    { ...page, schema: { body: ModuleErrorCodesSaveRequest, response: { 200: envelope(ErrorCodeList) } } },
    async (request) =>
      ok(
        await saveErrorCodes(
          await callerOf(request, db),
          { type: 'module', id: request.body.moduleId },
          request.body.codes,
        ),
      ),
  );
}
