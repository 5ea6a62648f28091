import type { WebhookKind } from '@quire/shared';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/clock.ts';
import { FetchError, guardedPost } from '../../lib/guarded-fetch.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { outboundRule, type SpaceScope } from '../spaces/internal-access.service.ts';
import { dingtalkSignedUrl, feishuSignedBody, robotAccepted, signatureOf } from './webhook-payload.ts';
import {
  type DeliveryRow,
  findReleaseRobots,
  findWebhook,
  recordAttempt,
  type WebhookRow,
} from './webhooks.repository.ts';

/** Attempts of one delivery before it is given up. */
export const DELIVERY_MAX_ATTEMPTS = 5;
/** Waits before attempts 2, 3, 4 and 5: a hook that is down for a deploy gets its messages late, not never. */
const BACKOFF_MS = [10_000, 60_000, 5 * 60_000, 30 * 60_000];
/** A hook has this long to answer; chat robots answer in well under a second. */
const DELIVERY_TIMEOUT_MS = 10_000;

/** What a delivery needs besides the database: the outbound guard and the key of the stored secrets. */
export interface DeliverContext {
  /** QUIRE_FETCH_ALLOW_HOSTS: applied only to hooks of a space with internal access. */
  allowHosts: string;
  box: SecretBox;
  timeoutMs?: number;
}

export type DeliveryOutcome = 'success' | 'retry' | 'failed';

/** The wait before the attempt after `attempt` (1-based). */
export function backoffAfter(attempt: number): number {
  return BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length) - 1] ?? BACKOFF_MS[BACKOFF_MS.length - 1] ?? 60_000;
}

/** The URL, body and headers of one attempt: robots' signatures are timed, so they are made per attempt. */
function requestOf(
  kind: WebhookKind,
  delivery: DeliveryRow,
  url: string,
  secret: string,
): { url: string; body: string; headers: Record<string, string> } {
  const headers: Record<string, string> = {
    'x-quire-delivery': delivery.id,
    'x-quire-event': delivery.event,
  };
  if (kind === 'dingtalk' && secret)
    return { url: dingtalkSignedUrl(url, secret, Date.now()), body: delivery.body, headers };
  if (kind === 'feishu' && secret)
    return { url, body: feishuSignedBody(delivery.body, secret, Math.floor(Date.now() / 1000)), headers };
  if (kind === 'generic' && secret) headers['x-quire-signature'] = signatureOf(secret, delivery.body);
  return { url, body: delivery.body, headers };
}

/**
 * Where a hook posts, with its secret and the scope whose space decides whether internal hosts are reachable.
 * A release's robot (scope `release`) has no URL of its own: it posts to the release's DingTalk or WeCom URL
 * as the release has it now, unsigned (Torna's release robots had no secret); a release deleted since, or
 * whose URL was cleared, fails the delivery at once.
 */
async function targetOf(
  db: Db,
  ctx: DeliverContext,
  hook: WebhookRow,
): Promise<{ url: string; secret: string; scope: SpaceScope } | { error: string }> {
  if (hook.scopeType === 'release') {
    const release = await findReleaseRobots(db, hook.scopeId);
    if (!release) return { error: 'release deleted' };
    const url = hook.kind === 'dingtalk' ? release.dingdingWebhook : release.weComWebhook;
    if (!url) return { error: 'the release has no such robot URL any more' };
    return { url, secret: '', scope: { projectId: release.projectId } };
  }
  const url = ctx.box.open(hook.urlEnc);
  const secret = ctx.box.open(hook.secretEnc);
  if (url === null || secret === null)
    return { error: 'stored URL or secret cannot be read (QUIRE_SECRET_KEY changed?)' };
  // A project's (or application's) hook reaches internal hosts only when its space has internal access.
  return {
    url,
    secret,
    scope: hook.scopeType === 'module' ? { moduleId: hook.scopeId } : { projectId: hook.scopeId },
  };
}

/**
 * Makes one attempt of a claimed delivery (its `attempts` already counts this one) through the guarded fetch,
 * and records the outcome: delivered, queued again after a backoff, or given up after the last attempt. The
 * only code that sends a webhook; a job runner calls it for each due delivery.
 */
export async function deliverWebhook(
  db: Db,
  ctx: DeliverContext,
  delivery: DeliveryRow,
): Promise<DeliveryOutcome> {
  const hook = await findWebhook(db, delivery.webhookId);
  const attempt = delivery.attempts;
  let responseCode: number | null = null;
  let error = '';
  let ok = false;
  let final = false;
  if (!hook) {
    error = 'webhook deleted';
    final = true;
  } else {
    const target = await targetOf(db, ctx, hook);
    if ('error' in target) {
      error = target.error;
      final = true;
    } else {
      const { url, secret, scope } = target;
      try {
        const request = requestOf(hook.kind as WebhookKind, delivery, url, secret);
        const answer = await guardedPost(request.url, request.body, {
          rule: await outboundRule(db, ctx.allowHosts, scope),
          headers: request.headers,
          timeoutMs: ctx.timeoutMs ?? DELIVERY_TIMEOUT_MS,
        });
        responseCode = answer.status;
        ok =
          answer.status >= 200 && answer.status < 300 && robotAccepted(hook.kind as WebhookKind, answer.text);
        if (!ok) error = answer.text.slice(0, 300);
      } catch (caught) {
        error = caught instanceof FetchError ? caught.message : String((caught as Error)?.message ?? caught);
        // A refused address or a malformed URL will not get better by waiting.
        if (
          caught instanceof FetchError &&
          (caught.code === 'address_refused' || caught.code === 'url_invalid')
        )
          final = true;
      }
    }
  }
  const now = nowIso();
  if (ok) {
    await recordAttempt(db, delivery.id, attempt, {
      status: 'success',
      responseCode,
      error: '',
      finishedAt: now,
    });
    return 'success';
  }
  if (final || attempt >= DELIVERY_MAX_ATTEMPTS) {
    await recordAttempt(db, delivery.id, attempt, { status: 'failed', responseCode, error, finishedAt: now });
    return 'failed';
  }
  await recordAttempt(db, delivery.id, attempt, {
    status: 'queued',
    responseCode,
    error,
    nextAttemptAt: new Date(Date.now() + backoffAfter(attempt)).toISOString(),
  });
  return 'retry';
}
