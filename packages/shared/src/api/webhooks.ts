import { z } from 'zod';
import { Empty } from '../envelope.ts';
import { V, withLimit } from '../validation.ts';
import { defineCall } from './contract.ts';
import { EntityId } from './spaces.ts';

/** Where a webhook posts: team-chat robots, or Quire's signed generic JSON. */
export const WEBHOOK_KINDS = ['dingtalk', 'wecom', 'feishu', 'slack', 'generic'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

/** What a webhook may fire on. Lock and unlock count as changes. */
export const WEBHOOK_EVENTS = [
  'doc.add',
  'doc.update',
  'doc.delete',
  'sync.success',
  'sync.failure',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Delivery states of the log. */
export const DELIVERY_STATUSES = ['queued', 'running', 'success', 'failed'] as const;

/** Limits of a webhook's fields. */
export const WebhookLimits = { urlMax: 1000, secretMax: 200, templateMax: 2000 } as const;

/** `?moduleId` or `?projectId`: the webhooks of an application or of a project. */
export const WebhookScopeQuery = z
  .object({ moduleId: EntityId.optional(), projectId: EntityId.optional() })
  .refine((q) => (q.moduleId ? 1 : 0) + (q.projectId ? 1 : 0) === 1, {
    error: V.invalid,
    path: ['moduleId'],
  });

const webhookFields = {
  kind: z.enum(WEBHOOK_KINDS, { error: V.invalid }),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: V.invalid }))
    .min(1, { error: V.invalid })
    .transform((events) => [...new Set(events)]),
  template: z
    .string()
    .max(WebhookLimits.templateMax, { error: withLimit(V.max, WebhookLimits.templateMax) })
    .default(''),
  enabled: z.boolean().default(true),
};

/** Whether a URL may be a hook's (a release's robot URLs pass the same check: api/releases.ts). */
export function isHookUrl(value: string): boolean {
  return /^https?:\/\/[^\s]+$/i.test(value);
}

/** A hook's URL: http(s), bounded. */
export const WebhookUrl = z
  .string({ error: V.url })
  .trim()
  .max(WebhookLimits.urlMax, { error: withLimit(V.max, WebhookLimits.urlMax) })
  .refine(isHookUrl, { error: V.url });

/** A signing secret as typed. */
export const WebhookSecret = z
  .string()
  .trim()
  .max(WebhookLimits.secretMax, { error: withLimit(V.max, WebhookLimits.secretMax) });

/** `POST /api/module/webhook/add`: the hook of an application (`moduleId`) or a project (`projectId`). */
export const WebhookAddRequest = z
  .object({
    moduleId: EntityId.optional(),
    projectId: EntityId.optional(),
    url: WebhookUrl,
    secret: WebhookSecret.default(''),
    ...webhookFields,
  })
  .refine((q) => (q.moduleId ? 1 : 0) + (q.projectId ? 1 : 0) === 1, {
    error: V.invalid,
    path: ['moduleId'],
  });
export type WebhookAddRequest = z.input<typeof WebhookAddRequest>;

/** `POST /api/module/webhook/update`: an empty `url` or `secret` keeps the saved one. */
export const WebhookUpdateRequest = z.object({
  id: EntityId,
  url: z.union([z.literal(''), WebhookUrl]).default(''),
  secret: WebhookSecret.default(''),
  ...webhookFields,
});
export type WebhookUpdateRequest = z.input<typeof WebhookUpdateRequest>;

/** `POST /api/module/webhook/delete` and `/test`. */
export const WebhookIdRequest = z.object({ id: EntityId });
export const WebhookIdQuery = z.object({ id: EntityId });

/** A webhook as lists show it: the URL without its query (robot tokens live there), never the secret. */
export const Webhook = z.object({
  id: z.string(),
  moduleId: z.string().nullable(),
  projectId: z.string().nullable(),
  kind: z.enum(WEBHOOK_KINDS),
  urlHint: z.string(),
  hasSecret: z.boolean(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  template: z.string(),
  enabled: z.boolean(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type Webhook = z.infer<typeof Webhook>;

/** The answer of add and update: the hook, and the signing secret when Quire just generated it (shown once). */
export const WebhookSaved = Webhook.extend({ secret: z.string().optional() });
export type WebhookSaved = z.infer<typeof WebhookSaved>;

/** One row of the delivery log. */
export const WebhookDelivery = z.object({
  id: z.string(),
  event: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  responseCode: z.number().int().nullable(),
  error: z.string(),
  createTime: z.string(),
  finishTime: z.string().nullable(),
  nextAttemptTime: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const moduleWebhookList = defineCall({
  method: 'GET',
  path: '/api/module/webhook/list',
  query: WebhookScopeQuery,
  response: z.array(Webhook),
  access: 'user',
});

export const moduleWebhookAdd = defineCall({
  method: 'POST',
  path: '/api/module/webhook/add',
  body: WebhookAddRequest,
  response: WebhookSaved,
  access: 'user',
});

export const moduleWebhookUpdate = defineCall({
  method: 'POST',
  path: '/api/module/webhook/update',
  body: WebhookUpdateRequest,
  response: WebhookSaved,
  access: 'user',
});

export const moduleWebhookDelete = defineCall({
  method: 'POST',
  path: '/api/module/webhook/delete',
  body: WebhookIdRequest,
  response: Empty,
  access: 'user',
});

export const moduleWebhookTest = defineCall({
  method: 'POST',
  path: '/api/module/webhook/test',
  body: WebhookIdRequest,
  response: WebhookDelivery,
  access: 'user',
});

export const moduleWebhookDeliveries = defineCall({
  method: 'GET',
  path: '/api/module/webhook/deliveries',
  query: WebhookIdQuery,
  response: z.array(WebhookDelivery),
  access: 'user',
});
