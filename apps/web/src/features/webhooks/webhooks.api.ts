import {
  moduleWebhookAdd,
  moduleWebhookDelete,
  moduleWebhookDeliveries,
  moduleWebhookList,
  moduleWebhookTest,
  moduleWebhookUpdate,
  type WebhookAddRequest,
  type WebhookUpdateRequest,
} from '@quire/shared';
import { call, type RequestOptions } from '../../lib/api-client.ts';

/** Whose hooks: an application's or a project's. */
export type WebhookScope = { moduleId: string } | { projectId: string };

export function listWebhooks(scope: WebhookScope, options?: RequestOptions) {
  return call(moduleWebhookList, scope, options);
}

export function addWebhook(body: WebhookAddRequest) {
  return call(moduleWebhookAdd, body);
}

export function updateWebhook(body: WebhookUpdateRequest) {
  return call(moduleWebhookUpdate, body);
}

export function deleteWebhook(id: string) {
  return call(moduleWebhookDelete, { id });
}

export function testWebhook(id: string) {
  return call(moduleWebhookTest, { id });
}

export function listDeliveries(id: string, options?: RequestOptions) {
  return call(moduleWebhookDeliveries, { id }, options);
}
