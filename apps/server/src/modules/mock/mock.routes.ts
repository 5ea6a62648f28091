import {
  docMockBase,
  docMockDelete,
  docMockList,
  docMockRun,
  docMockSave,
  docMockVersionNext,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { listDocMocks, mockBaseOf, nextMockVersion, removeMock, runMock, saveMock } from './mock.service.ts';
import { mockScriptRunner } from './mock-sandbox.ts';
import { registerMockServing } from './mock-serve.ts';

/** The doc page's Mock tab (Torna's calls, plus "run") and the mock server itself. */
export async function registerMockRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, env } = deps;
  const runner = mockScriptRunner();
  app.addHook('onClose', () => runner.close());

  route(
    app,
    docMockList,
    async (request) =>
      await listDocMocks(await callerOf(request, db), request.query.docId, env.QUIRE_MOCK_ORIGIN),
  );

  route(
    app,
    docMockBase,
    async (request) =>
      await mockBaseOf(await callerOf(request, db), request.query.moduleId, env.QUIRE_MOCK_ORIGIN),
  );

  route(
    app,
    docMockVersionNext,
    async (request) => await nextMockVersion(await callerOf(request, db), request.query.docId),
  );

  route(app, docMockSave, async (request) => await saveMock(await callerOf(request, db), request.body));

  route(app, docMockDelete, async (request) => {
    await removeMock(await callerOf(request, db), request.body.id);
    return null;
  });

  route(
    app,
    docMockRun,
    async (request) => await runMock(await callerOf(request, db), request.body, runner.run, request.lang),
  );

  await registerMockServing(app, deps, runner.run);
}
