import {
  Empty,
  envelope,
  IdRequest,
  Module,
  ModuleAddRequest,
  ModuleIdQuery,
  ModuleSetting,
  ModuleSettingUpdateRequest,
  ModuleUpdateRequest,
  ProjectIdQuery,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/reply.ts';
import { presentModule } from './modules.presenter.ts';
import {
  addModule,
  deleteModule,
  getModuleSettings,
  listModules,
  loadModule,
  renameModule,
  updateModuleSettings,
} from './modules.service.ts';

/** Applications (Torna's modules) of a project and their settings. */
export function registerModuleRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/module/add',
    { schema: { body: ModuleAddRequest, response: { 200: envelope(Module) } } },
    async (request) => ok(presentModule(await addModule(await callerOf(request, db), request.body))),
  );

  r.post(
    '/api/module/update',
    { schema: { body: ModuleUpdateRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await renameModule(await callerOf(request, db), request.body);
      return ok(null);
    },
  );

  r.post(
    '/api/module/delete',
    { schema: { body: IdRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await deleteModule(await callerOf(request, db), request.body.id);
      return ok(null);
    },
  );

  r.get(
    '/api/module/list',
    { schema: { querystring: ProjectIdQuery, response: { 200: envelope(z.array(Module)) } } },
    async (request) => {
      const rows = await listModules(await callerOf(request, db), request.query.projectId);
      return ok(rows.map(presentModule));
    },
  );

  r.get(
    '/api/module/info',
    { schema: { querystring: ModuleIdQuery, response: { 200: envelope(Module) } } },
    async (request) =>
      ok(presentModule(await loadModule(await callerOf(request, db), request.query.moduleId, 'read'))),
  );

  r.get(
    '/api/module/setting/get',
    { schema: { querystring: ModuleIdQuery, response: { 200: envelope(ModuleSetting) } } },
    async (request) => ok(await getModuleSettings(await callerOf(request, db), request.query.moduleId)),
  );

  r.post(
    '/api/module/setting/update',
    { schema: { body: ModuleSettingUpdateRequest, response: { 200: envelope(ModuleSetting) } } },
    async (request) => ok(await updateModuleSettings(await callerOf(request, db), request.body)),
  );
}
