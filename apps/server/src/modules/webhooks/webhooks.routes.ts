import {
  moduleWebhookAdd,
  moduleWebhookDelete,
  moduleWebhookDeliveries,
  moduleWebhookList,
  moduleWebhookTest,
  moduleWebhookUpdate,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { addHook, hookDeliveries, listHooks, removeHook, testHook, updateHook } from './webhooks.service.ts';

/** Webhooks of an application or a project: settings, a test message, and the delivery log. */
export function registerWebhookRoutes(app: FastifyInstance, { db, env }: AppDeps): void {
  route(
    app,
    moduleWebhookList,
    async (request) => await listHooks(await callerOf(request, db), request.query),
  );

  route(
    app,
    moduleWebhookAdd,
    async (request) => await addHook(await callerOf(request, db), env, request.body),
  );

  route(
    app,
    moduleWebhookUpdate,
    async (request) => await updateHook(await callerOf(request, db), env, request.body),
  );

  route(app, moduleWebhookDelete, async (request) => {
    await removeHook(await callerOf(request, db), request.body.id);
    return null;
  });

  route(
    app,
    moduleWebhookTest,
    async (request) => await testHook(await callerOf(request, db), request.body.id, request.lang ?? 'zh-CN'),
  );

  route(
    app,
    moduleWebhookDeliveries,
    async (request) => await hookDeliveries(await callerOf(request, db), request.query.id),
  );
}
