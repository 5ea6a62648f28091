import {
  docEnvironmentList,
  moduleEnvironmentAdd,
  moduleEnvironmentCopy,
  moduleEnvironmentDelete,
  moduleEnvironmentImport,
  moduleEnvironmentList,
  moduleEnvironmentUpdate,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { loadDocRef } from '../docs/doc-access.ts';
import { presentEnvironment } from './environments.presenter.ts';
import {
  addEnvironment,
  copyEnvironment,
  editEnvironment,
  importEnvironments,
  listModuleEnvironments,
  removeEnvironment,
} from './environments.service.ts';

/** Debug environments of an application. */
export function registerEnvironmentRoutes(app: FastifyInstance, { db }: AppDeps): void {
  route(app, moduleEnvironmentList, async (request) => {
    const rows = await listModuleEnvironments(await callerOf(request, db), request.query.moduleId);
    return rows.map(presentEnvironment);
  });

  route(app, docEnvironmentList, async (request) => {
    const caller = await callerOf(request, db);
    const doc = await loadDocRef(caller, request.query.id, 'read');
    const rows = await listModuleEnvironments(caller, doc.moduleId);
    return rows.map(presentEnvironment);
  });

  route(app, moduleEnvironmentAdd, async (request) =>
    presentEnvironment(await addEnvironment(await callerOf(request, db), request.body)),
  );

  route(app, moduleEnvironmentUpdate, async (request) => {
    await editEnvironment(await callerOf(request, db), request.body);
    return null;
  });

  route(app, moduleEnvironmentDelete, async (request) => {
    await removeEnvironment(await callerOf(request, db), request.body.id);
    return null;
  });

  route(app, moduleEnvironmentCopy, async (request) =>
    presentEnvironment(await copyEnvironment(await callerOf(request, db), request.body)),
  );

  route(app, moduleEnvironmentImport, async (request) => {
    const rows = await importEnvironments(await callerOf(request, db), request.body);
    return rows.map(presentEnvironment);
  });
}
