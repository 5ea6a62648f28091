import {
  Empty,
  envelope,
  Webhook,
  WebhookAddRequest,
  WebhookDelivery,
  WebhookIdQuery,
  WebhookIdRequest,
  WebhookSaved,
  WebhookScopeQuery,
  WebhookUpdateRequest,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/reply.ts';
import { addHook, hookDeliveries, listHooks, removeHook, testHook, updateHook } from './webhooks.service.ts';

/** Webhooks of an application or a project: settings, a test message, and the delivery log. */
export function registerWebhookRoutes(app: FastifyInstance, { db, env }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/module/webhook/list',
    { schema: { querystring: WebhookScopeQuery, response: { 200: envelope(z.array(Webhook)) } } },
    async (request) => ok(await listHooks(await callerOf(request, db), request.query)),
  );

  r.post(
    '/api/module/webhook/add',
    { schema: { body: WebhookAddRequest, response: { 200: envelope(WebhookSaved) } } },
    async (request) => ok(await addHook(await callerOf(request, db), env, request.body)),
  );

  r.post(
    '/api/module/webhook/update',
    { schema: { body: WebhookUpdateRequest, response: { 200: envelope(WebhookSaved) } } },
    async (request) => ok(await updateHook(await callerOf(request, db), env, request.body)),
  );

  r.post(
    '/api/module/webhook/delete',
    { schema: { body: WebhookIdRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await removeHook(await callerOf(request, db), request.body.id);
      return ok(null);
    },
  );

  r.post(
    '/api/module/webhook/test',
    { schema: { body: WebhookIdRequest, response: { 200: envelope(WebhookDelivery) } } },
    async (request) =>
      ok(await testHook(await callerOf(request, db), request.body.id, request.lang ?? 'zh-CN')),
  );

  r.get(
    '/api/module/webhook/deliveries',
    { schema: { querystring: WebhookIdQuery, response: { 200: envelope(z.array(WebhookDelivery)) } } },
    async (request) => ok(await hookDeliveries(await callerOf(request, db), request.query.id)),
  );
}
