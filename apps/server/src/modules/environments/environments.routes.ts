import {
  DocIdQuery,
  Empty,
  Environment,
  EnvironmentAddRequest,
  EnvironmentCopyRequest,
  EnvironmentImportRequest,
  EnvironmentUpdateRequest,
  envelope,
  IdRequest,
  ModuleIdQuery,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/reply.ts';
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
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/module/environment/list',
    { schema: { querystring: ModuleIdQuery, response: { 200: envelope(z.array(Environment)) } } },
    async (request) => {
      const rows = await listModuleEnvironments(await callerOf(request, db), request.query.moduleId);
      return ok(rows.map(presentEnvironment));
    },
  );

  // Quire's addition: the environments of a doc's application by the doc's id, so the light reader page asks
  // for them beside the doc instead of after it (it learns the application from the doc).
  r.get(
    '/api/doc/environment/list',
    { schema: { querystring: DocIdQuery, response: { 200: envelope(z.array(Environment)) } } },
    async (request) => {
      const caller = await callerOf(request, db);
      const doc = await loadDocRef(caller, request.query.id, 'read');
      const rows = await listModuleEnvironments(caller, doc.moduleId);
      return ok(rows.map(presentEnvironment));
    },
  );

  r.post(
    '/api/module/environment/add',
    { schema: { body: EnvironmentAddRequest, response: { 200: envelope(Environment) } } },
    async (request) =>
      ok(presentEnvironment(await addEnvironment(await callerOf(request, db), request.body))),
  );

  r.post(
    '/api/module/environment/update',
    { schema: { body: EnvironmentUpdateRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await editEnvironment(await callerOf(request, db), request.body);
      return ok(null);
    },
  );

  r.post(
    '/api/module/environment/delete',
    { schema: { body: IdRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await removeEnvironment(await callerOf(request, db), request.body.id);
      return ok(null);
    },
  );

  r.post(
    '/api/module/environment/copy',
    { schema: { body: EnvironmentCopyRequest, response: { 200: envelope(Environment) } } },
    async (request) =>
      ok(presentEnvironment(await copyEnvironment(await callerOf(request, db), request.body))),
  );

  r.post(
    '/api/module/environment/import',
    { schema: { body: EnvironmentImportRequest, response: { 200: envelope(z.array(Environment)) } } },
    async (request) => {
      const rows = await importEnvironments(await callerOf(request, db), request.body);
      return ok(rows.map(presentEnvironment));
    },
  );
}
