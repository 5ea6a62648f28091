import {
  Empty,
  envelope,
  IdRequest,
  MockConfig,
  MockDocQuery,
  MockRunRequest,
  MockRunResult,
  MockSaved,
  MockSaveRequest,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/reply.ts';
import { listDocMocks, nextMockVersion, removeMock, runMock, saveMock } from './mock.service.ts';
import { mockScriptRunner } from './mock-sandbox.ts';
import { registerMockServing } from './mock-serve.ts';

/** The doc page's Mock tab (Torna's calls, plus "run") and the mock server itself. */
export async function registerMockRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, env } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const runner = mockScriptRunner();
  app.addHook('onClose', () => runner.close());

  r.get(
    '/api/doc/mock/list',
    { schema: { querystring: MockDocQuery, response: { 200: envelope(z.array(MockConfig)) } } },
    async (request) =>
      ok(await listDocMocks(await callerOf(request, db), request.query.docId, env.QUIRE_MOCK_ORIGIN)),
  );

  r.get(
    '/api/doc/mock/version/next',
    { schema: { querystring: MockDocQuery, response: { 200: envelope(z.number().int()) } } },
    async (request) => ok(await nextMockVersion(await callerOf(request, db), request.query.docId)),
  );

  r.post(
    '/api/doc/mock/save',
    { schema: { body: MockSaveRequest, response: { 200: envelope(MockSaved) } } },
    async (request) => ok(await saveMock(await callerOf(request, db), request.body)),
  );

  r.post(
    '/api/doc/mock/delete',
    { schema: { body: IdRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await removeMock(await callerOf(request, db), request.body.id);
      return ok(null);
    },
  );

  r.post(
    '/api/doc/mock/run',
    { schema: { body: MockRunRequest, response: { 200: envelope(MockRunResult) } } },
    async (request) => ok(await runMock(await callerOf(request, db), request.body, runner.run, request.lang)),
  );

  await registerMockServing(app, deps, runner.run);
}
