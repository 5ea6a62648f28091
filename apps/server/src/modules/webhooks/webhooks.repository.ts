import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import { chunksOf } from '../../db/chunks.ts';
import type { Db } from '../../db/database.ts';
import { upsert } from '../../db/dialect.ts';
import { claimLeased } from '../../db/lease.ts';
import type { Database, WebhookDeliveriesTable, WebhooksTable } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;
export type WebhookRow = Selectable<WebhooksTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

export async function insertWebhook(db: Executor, row: Insertable<WebhooksTable>): Promise<void> {
  await db.insertInto('webhooks').values(row).execute();
}

export async function updateWebhook(
  db: Executor,
  id: string,
  fields: Updateable<WebhooksTable>,
): Promise<void> {
  await db.updateTable('webhooks').set(fields).where('id', '=', id).execute();
}

export async function deleteWebhook(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('webhooks').where('id', '=', id).execute();
}

export function findWebhook(db: Executor, id: string): Promise<WebhookRow | undefined> {
  return db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listWebhooks(
  db: Executor,
  scopeType: 'module' | 'project',
  scopeId: string,
): Promise<WebhookRow[]> {
  return db
    .selectFrom('webhooks')
    .selectAll()
    .where('scopeType', '=', scopeType)
    .where('scopeId', '=', scopeId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** The enabled hooks that hear about an application: its own and its project's. */
export function listActiveHooks(db: Executor, moduleId: string, projectId: string): Promise<WebhookRow[]> {
  return db
    .selectFrom('webhooks')
    .selectAll()
    .where('enabled', '=', 1)
    .where((eb) =>
      eb.or([
        eb.and([eb('scopeType', '=', 'module'), eb('scopeId', '=', moduleId)]),
        eb.and([eb('scopeType', '=', 'project'), eb('scopeId', '=', projectId)]),
      ]),
    )
    .execute();
}

/**
 * The robots of releases a change is told to (docs/messages.md, "Release robots"): a hook row of scope
 * `release` per release and kind, its URL read from the release when a delivery is sent. Written with the
 * deliveries that need it; an existing row keeps its id and gets the URL's current hint.
 */
export async function upsertReleaseHooks(db: Executor, rows: ReadonlyArray<WebhookRow>): Promise<void> {
  for (const row of rows)
    await upsert(db, db.insertInto('webhooks').values(row), ['id'], {
      urlHint: row.urlHint,
      updatedAt: row.updatedAt,
    }).execute();
}

/** The robot hooks of a release go with it (their deliveries go with them). */
export async function deleteReleaseHooks(db: Executor, releaseId: string): Promise<void> {
  await db
    .deleteFrom('webhooks')
    .where('scopeType', '=', 'release')
    .where('scopeId', '=', releaseId)
    .execute();
}

/** A release's project and robot URLs, read when one of its robots' deliveries is sent. */
export function findReleaseRobots(
  db: Executor,
  releaseId: string,
): Promise<{ projectId: string; dingdingWebhook: string; weComWebhook: string } | undefined> {
  return db
    .selectFrom('releases')
    .select(['projectId', 'dingdingWebhook', 'weComWebhook'])
    .where('id', '=', releaseId)
    .executeTakeFirst();
}

/** Languages of the given users (a hook speaks its author's language). */
export async function languagesOf(
  db: Executor,
  userIds: ReadonlyArray<string>,
): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  for (const chunk of chunksOf([...new Set(userIds)])) {
    const rows = await db.selectFrom('users').select(['id', 'lang']).where('id', 'in', chunk).execute();
    for (const row of rows) out.set(row.id, row.lang);
  }
  return out;
}

/** Method and URL of docs (deleted ones included), for webhook messages. */
export async function listDocsBrief(
  db: Executor,
  ids: ReadonlyArray<string>,
): Promise<Map<string, { httpMethod: string; url: string }>> {
  const out = new Map<string, { httpMethod: string; url: string }>();
  for (const chunk of chunksOf(ids)) {
    const rows = await db
      .selectFrom('docs')
      .select(['id', 'httpMethod', 'url'])
      .where('id', 'in', chunk)
      .execute();
    for (const row of rows) out.set(row.id, { httpMethod: row.httpMethod, url: row.url });
  }
  return out;
}

export async function insertDeliveries(
  db: Executor,
  rows: ReadonlyArray<Insertable<WebhookDeliveriesTable>>,
): Promise<void> {
  for (const chunk of chunksOf(rows, 100)) await db.insertInto('webhookDeliveries').values(chunk).execute();
}

/** Deliveries due now: queued and due, or running under a lease that ran out. */
export function listDueDeliveries(db: Executor, now: string, limit: number): Promise<DeliveryRow[]> {
  return db
    .selectFrom('webhookDeliveries')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('nextAttemptAt', '<=', now)]),
        eb.and([eb('status', '=', 'running'), eb('lockedUntil', '<', now)]),
      ]),
    )
    .orderBy('nextAttemptAt')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Claims a delivery for one attempt: only one instance wins. */
export function claimDelivery(db: Executor, row: DeliveryRow, until: string): Promise<boolean> {
  return claimLeased(db, 'webhookDeliveries', row, until);
}

/** Records an attempt's result while this claim still holds the row. */
export async function recordAttempt(
  db: Executor,
  id: string,
  attempt: number,
  fields: Updateable<WebhookDeliveriesTable>,
): Promise<void> {
  await db
    .updateTable('webhookDeliveries')
    .set({ ...fields, lockedUntil: null })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('attempts', '=', attempt)
    .execute();
}

/** The newest deliveries of a hook (the log). */
export function listDeliveries(db: Executor, webhookId: string, limit: number): Promise<DeliveryRow[]> {
  return db
    .selectFrom('webhookDeliveries')
    .selectAll()
    .where('webhookId', '=', webhookId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Finished deliveries older than `before` go (the log keeps recent history). */
export async function pruneDeliveries(db: Executor, before: string): Promise<void> {
  await db
    .deleteFrom('webhookDeliveries')
    .where('status', 'in', ['success', 'failed'])
    .where('createdAt', '<', before)
    .execute();
}

/** Names of a project and, optionally, one of its applications (the test message says where it comes from). */
export async function findScopeNames(
  db: Executor,
  projectId: string,
  moduleId: string | null,
): Promise<{ projectName: string; moduleName: string }> {
  const project = await db
    .selectFrom('projects')
    .select('name')
    .where('id', '=', projectId)
    .executeTakeFirst();
  const module = moduleId
    ? await db.selectFrom('modules').select('name').where('id', '=', moduleId).executeTakeFirst()
    : undefined;
  return { projectName: project?.name ?? '', moduleName: module?.name ?? '' };
}
