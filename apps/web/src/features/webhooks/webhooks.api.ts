import {
  Empty,
  Webhook,
  type WebhookAddRequest,
  WebhookDelivery,
  WebhookSaved,
  type WebhookUpdateRequest,
} from '@quire/shared';
import { z } from 'zod';
import { apiGet, apiPost, type RequestOptions } from '../../lib/api-client.ts';

/** Whose hooks: an application's or a project's. */
export type WebhookScope = { moduleId: string } | { projectId: string };

export function listWebhooks(scope: WebhookScope, options?: RequestOptions) {
  return apiGet('/module/webhook/list', z.array(Webhook), scope, options);
}

export function addWebhook(body: WebhookAddRequest) {
  return apiPost('/module/webhook/add', WebhookSaved, body);
}

export function updateWebhook(body: WebhookUpdateRequest) {
  return apiPost('/module/webhook/update', WebhookSaved, body);
}

export function deleteWebhook(id: string) {
  return apiPost('/module/webhook/delete', Empty, { id });
}

export function testWebhook(id: string) {
  return apiPost('/module/webhook/test', WebhookDelivery, { id });
}

export function listDeliveries(id: string, options?: RequestOptions) {
  return apiGet('/module/webhook/deliveries', z.array(WebhookDelivery), { id }, options);
}
