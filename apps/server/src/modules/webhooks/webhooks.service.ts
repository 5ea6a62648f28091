import type {
  Webhook,
  WebhookAddRequest,
  WebhookDelivery,
  WebhookEvent,
  WebhookKind,
  WebhookSaved,
  WebhookUpdateRequest,
} from '@quire/shared';
import type { z } from 'zod';
import type { Env } from '../../config/env.ts';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { translate } from '../../http/lang.ts';
import { nowIso } from '../../lib/clock.ts';
import { newId, newSecret } from '../../lib/ids.ts';
import { secretBoxOf } from '../../lib/secret-box.ts';
import { signalChange } from '../messages/change-events.ts';
import { loadModule } from '../modules/modules.service.ts';
import { loadProject } from '../projects/projects.service.ts';
import { bodyFor, type HookMessage, urlHintOf } from './webhook-payload.ts';
import {
  type DeliveryRow,
  deleteWebhook,
  findScopeNames,
  findWebhook,
  insertDeliveries,
  insertWebhook,
  listDeliveries,
  listWebhooks,
  updateWebhook,
  type WebhookRow,
} from './webhooks.repository.ts';

/** Deliveries the log shows. */
const LOG_SIZE = 50;

type Scope = { scopeType: 'module' | 'project'; scopeId: string; moduleId: string | null; projectId: string };

/**
 * The scope a caller manages hooks of: an application (its settings' right) or a project (the project
 * admin's right). Hooks hold URLs with tokens and secrets, so even listing them needs that right.
 */
async function loadScope(
  c: Caller,
  ids: { moduleId?: string | undefined; projectId?: string | undefined },
): Promise<Scope> {
  if (ids.moduleId) {
    const module = await loadModule(c, ids.moduleId, 'updateSettings');
    return { scopeType: 'module', scopeId: module.id, moduleId: module.id, projectId: module.projectId };
  }
  const project = await loadProject(c, ids.projectId ?? '', 'project.update');
  return { scopeType: 'project', scopeId: project.id, moduleId: null, projectId: project.id };
}

async function loadHook(c: Caller, id: string): Promise<{ hook: WebhookRow; scope: Scope }> {
  const hook = await findWebhook(c.db, id);
  // A release's robot is managed through its release (its URLs are the release's), not as a hook.
  if (!hook || hook.scopeType === 'release') throw new AppError('webhook.not_found');
  const scope = await loadScope(
    c,
    hook.scopeType === 'module' ? { moduleId: hook.scopeId } : { projectId: hook.scopeId },
  ).catch((error: unknown) => {
    // A hook of an application or project the caller cannot manage does not exist for them.
    if (error instanceof AppError && error.status === 403) throw new AppError('webhook.not_found');
    throw error;
  });
  return { hook, scope };
}

function presentHook(hook: WebhookRow): Webhook {
  let events: WebhookEvent[] = [];
  try {
    events = JSON.parse(hook.events) as WebhookEvent[];
  } catch {
    events = [];
  }
  return {
    id: hook.id,
    moduleId: hook.scopeType === 'module' ? hook.scopeId : null,
    projectId: hook.scopeType === 'project' ? hook.scopeId : null,
    kind: hook.kind as WebhookKind,
    // Masked again when shown: hints stored before Slack's and Feishu's path tokens were masked held them.
    urlHint: urlHintOf(hook.urlHint),
    hasSecret: hook.secretEnc !== '',
    events,
    template: hook.template,
    enabled: hook.enabled === 1,
    createTime: hook.createdAt,
    updateTime: hook.updatedAt,
  };
}

function presentDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event: row.event,
    status: row.status as WebhookDelivery['status'],
    attempts: row.attempts,
    responseCode: row.responseCode,
    error: row.error,
    createTime: row.createdAt,
    finishTime: row.finishedAt,
    nextAttemptTime: row.status === 'queued' ? row.nextAttemptAt : null,
  };
}

/** `GET /api/module/webhook/list?moduleId` or `?projectId`. */
export async function listHooks(
  c: Caller,
  query: { moduleId?: string; projectId?: string },
): Promise<Webhook[]> {
  const scope = await loadScope(c, query);
  return (await listWebhooks(c.db, scope.scopeType, scope.scopeId)).map(presentHook);
}

/**
 * `POST /api/module/webhook/add`. A generic hook without a secret gets a generated one, answered this once;
 * URL and secret are sealed with the secret box.
 */
export async function addHook(
  c: Caller,
  env: Env,
  input: z.output<typeof WebhookAddRequest>,
): Promise<WebhookSaved> {
  const scope = await loadScope(c, input);
  const box = await secretBoxOf(c.db, env.QUIRE_SECRET_KEY);
  const generated = input.kind === 'generic' && !input.secret ? newSecret() : undefined;
  const secret = generated ?? input.secret;
  const now = nowIso();
  const row: WebhookRow = {
    id: newId(),
    scopeType: scope.scopeType,
    scopeId: scope.scopeId,
    kind: input.kind,
    urlEnc: box.seal(input.url),
    urlHint: urlHintOf(input.url),
    secretEnc: box.seal(secret),
    events: JSON.stringify(input.events),
    template: input.template,
    enabled: input.enabled ? 1 : 0,
    createdBy: c.actor.user.id,
    createdAt: now,
    updatedAt: now,
  };
  await insertWebhook(c.db, row);
  return generated ? { ...presentHook(row), secret: generated } : presentHook(row);
}

/** `POST /api/module/webhook/update`: an empty URL or secret keeps the saved one. */
export async function updateHook(
  c: Caller,
  env: Env,
  input: z.output<typeof WebhookUpdateRequest>,
): Promise<WebhookSaved> {
  const { hook } = await loadHook(c, input.id);
  const box = await secretBoxOf(c.db, env.QUIRE_SECRET_KEY);
  // A generic hook always signs: switching to generic without any secret generates one, answered once.
  const generated = input.kind === 'generic' && !input.secret && !hook.secretEnc ? newSecret() : undefined;
  const fields: Partial<WebhookRow> = {
    kind: input.kind,
    events: JSON.stringify(input.events),
    template: input.template,
    enabled: input.enabled ? 1 : 0,
    updatedAt: nowIso(),
  };
  if (input.url) Object.assign(fields, { urlEnc: box.seal(input.url), urlHint: urlHintOf(input.url) });
  if (input.secret || generated) fields.secretEnc = box.seal(input.secret || (generated as string));
  await updateWebhook(c.db, hook.id, fields);
  const saved = presentHook({ ...hook, ...fields });
  return generated ? { ...saved, secret: generated } : saved;
}

/** `POST /api/module/webhook/delete`: the hook and its log. */
export async function removeHook(c: Caller, id: string): Promise<void> {
  const { hook } = await loadHook(c, id);
  await deleteWebhook(c.db, hook.id);
}

/** `POST /api/module/webhook/test`: queues a test message in the caller's language (the log shows the answer). */
export async function testHook(c: Caller, id: string, lang: string): Promise<WebhookDelivery> {
  const { hook, scope } = await loadHook(c, id);
  const names = await findScopeNames(c.db, scope.projectId, scope.moduleId);
  const now = nowIso();
  const deliveryId = newId();
  const message: HookMessage = {
    event: 'doc.update',
    text: `${translate(lang, 'notify', 'testDoc')}: ${names.projectName}${names.moduleName ? ` - ${names.moduleName}` : ''}`,
    project: { id: scope.projectId, name: names.projectName },
    application: { id: scope.moduleId ?? '', name: names.moduleName },
    modifier: c.actor.user.nickname,
    remark: '',
    time: now,
    docs: [],
  };
  const row: DeliveryRow = {
    id: deliveryId,
    webhookId: hook.id,
    event: 'test',
    body: bodyFor(hook.kind as WebhookKind, deliveryId, { ...message }),
    status: 'queued',
    attempts: 0,
    nextAttemptAt: now,
    lockedUntil: null,
    responseCode: null,
    error: '',
    createdAt: now,
    finishedAt: null,
  };
  await insertDeliveries(c.db, [row]);
  signalChange();
  return presentDelivery(row);
}

/** `GET /api/module/webhook/deliveries?id`: the newest deliveries of a hook. */
export async function hookDeliveries(c: Caller, id: string): Promise<WebhookDelivery[]> {
  const { hook } = await loadHook(c, id);
  return (await listDeliveries(c.db, hook.id, LOG_SIZE)).map(presentDelivery);
}

// What other modules may use of this module's data (docs/architecture.md: modules meet through services).
export {
  claimDelivery,
  deleteReleaseHooks,
  insertDeliveries,
  listDueDeliveries,
  pruneDeliveries,
  upsertReleaseHooks,
  type WebhookRow,
} from './webhooks.repository.ts';
