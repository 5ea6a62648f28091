import { docGlobals, moduleEnvironmentGlobalsGet, moduleEnvironmentGlobalsSave } from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { assertJsonDepth } from '../../http/json-depth.ts';
import { route } from '../../http/route.ts';
import {
  getEnvironmentGlobals,
  moduleGlobalsFor,
  saveEnvironmentGlobals,
} from './environment-globals.service.ts';

/** Global headers, params and returns of environments, and Torna's `/doc/globals` (the first environment's). */
export function registerEnvironmentGlobalRoutes(app: FastifyInstance, { db, env }: AppDeps): void {
  route(
    app,
    moduleEnvironmentGlobalsGet,
    async (request) => await getEnvironmentGlobals(await callerOf(request, db), request.query.environmentId),
  );

  route(
    app,
    moduleEnvironmentGlobalsSave,
    async (request) => await saveEnvironmentGlobals(await callerOf(request, db), request.body),
    { bodyLimit: env.QUIRE_DOC_BODY_LIMIT, preValidation: async (request) => assertJsonDepth(request.body) },
  );

  route(
    app,
    docGlobals,
    async (request) => await moduleGlobalsFor(await callerOf(request, db), request.query.moduleId),
  );
}
