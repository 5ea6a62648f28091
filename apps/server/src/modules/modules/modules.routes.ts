import {
  moduleAdd,
  moduleDelete,
  moduleInfo,
  moduleList,
  moduleSettingGet,
  moduleSettingUpdate,
  moduleUpdate,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
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
  route(app, moduleAdd, async (request) =>
    presentModule(await addModule(await callerOf(request, db), request.body)),
  );

  route(app, moduleUpdate, async (request) => {
    await renameModule(await callerOf(request, db), request.body);
    return null;
  });

  route(app, moduleDelete, async (request) => {
    await deleteModule(await callerOf(request, db), request.body.id);
    return null;
  });

  route(app, moduleList, async (request) => {
    const rows = await listModules(await callerOf(request, db), request.query.projectId);
    return rows.map(presentModule);
  });

  route(app, moduleInfo, async (request) =>
    presentModule(await loadModule(await callerOf(request, db), request.query.moduleId, 'read')),
  );

  route(
    app,
    moduleSettingGet,
    async (request) => await getModuleSettings(await callerOf(request, db), request.query.moduleId),
  );

  route(
    app,
    moduleSettingUpdate,
    async (request) => await updateModuleSettings(await callerOf(request, db), request.body),
  );
}
