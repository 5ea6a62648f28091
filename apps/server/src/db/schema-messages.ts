import type { Generated } from 'kysely';

/**
 * Table types of messages: followers, the change outbox, the bell, webhooks and their deliveries. Rules for
 * all tables: ./schema.ts.
 */

export interface UserMessagesTable {
  id: string;
  userId: string;
  message: string;
  type: number;
  sourceId: string;
  isRead: number;
  createdAt: string;
}

/** A user follows a doc (the reader's follow button). */
export interface DocSubscriptionsTable {
  userId: string;
  docId: string;
  createdAt: string;
}

/** A user follows a project: its docs, present and future (migration 2026-11-25T0100). */
export interface ProjectSubscriptionsTable {
  userId: string;
  projectId: string;
  createdAt: string;
}

/** A change that may notify people, written with the change; fanned out after the commit. */
export interface ChangeOutboxTable {
  id: string;
  /** docs | outcome */
  kind: string;
  /** JSON (modules/messages/change-events.ts). */
  payload: string;
  /** queued | running | done | failed */
  status: string;
  attempts: Generated<number>;
  lockedUntil: string | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/**
 * A team-chat robot or signed generic hook of an application (`module`) or a project; or a release's DingTalk
 * or WeCom robot (`release`, id `<releaseId>-<kind>`, no URL of its own: the release's is read when sending).
 */
export interface WebhooksTable {
  id: string;
  /** module | project | release */
  scopeType: string;
  scopeId: string;
  /** dingtalk | wecom | feishu | slack | generic */
  kind: string;
  /** The URL sealed with the secret box (a robot URL carries its token). */
  urlEnc: string;
  /** Scheme, host and path of the URL: what lists show. */
  urlHint: string;
  /** The signing secret sealed with the secret box; '' when none. */
  secretEnc: string;
  /** JSON array of event names. */
  events: string;
  template: string;
  enabled: number;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

/** One message to a hook, retried with backoff; the delivery log. */
export interface WebhookDeliveriesTable {
  id: string;
  webhookId: string;
  event: string;
  body: string;
  /** queued | running | success | failed */
  status: string;
  attempts: Generated<number>;
  nextAttemptAt: string;
  lockedUntil: string | null;
  responseCode: number | null;
  error: string;
  createdAt: string;
  finishedAt: string | null;
}
