import {
  EnvironmentGlobals,
  EnvironmentGlobalsSaveRequest,
  EnvironmentIdQuery,
  envelope,
  ModuleIdQuery,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { assertJsonDepth } from '../../http/json-depth.ts';
import { ok } from '../../http/reply.ts';
import {
  getEnvironmentGlobals,
  moduleGlobalsFor,
  saveEnvironmentGlobals,
} from './environment-globals.service.ts';

/** Global headers, params and returns of environments, and Torna's `/doc/globals` (the first environment's). */
export function registerEnvironmentGlobalRoutes(app: FastifyInstance, { db, env }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/module/environment/globals/get',
    { schema: { querystring: EnvironmentIdQuery, response: { 200: envelope(EnvironmentGlobals) } } },
    async (request) =>
      ok(await getEnvironmentGlobals(await callerOf(request, db), request.query.environmentId)),
  );

  r.post(
    '/api/module/environment/globals/save',
    {
      bodyLimit: env.QUIRE_DOC_BODY_LIMIT,
      preValidation: async (request) => assertJsonDepth(request.body),
      schema: { body: EnvironmentGlobalsSaveRequest, response: { 200: envelope(EnvironmentGlobals) } },
    },
    async (request) => ok(await saveEnvironmentGlobals(await callerOf(request, db), request.body)),
  );

  r.get(
    '/api/doc/globals',
    {
      schema: { querystring: ModuleIdQuery, response: { 200: envelope(EnvironmentGlobals) } },
    },
    async (request) => ok(await moduleGlobalsFor(await callerOf(request, db), request.query.moduleId)),
  );
}
