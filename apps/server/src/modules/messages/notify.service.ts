import { type ChangeSummary, type DocChange, summarizeChanges } from '@quire/api-model';
import { type DocLevel, levelsOf } from './change-levels.ts';
import { MessageType } from '@quire/shared';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { UserMessagesTable } from '../../db/schema.ts';
import { nowIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { planWebhookDeliveries } from '../webhooks/webhook-plan.ts';
import { insertDeliveries, upsertReleaseHooks } from '../webhooks/webhooks.service.ts';
import type { ChangedDoc, ChangeEvent, DocsChangeEvent } from './change-events.ts';
import {
  findModuleScope,
  finishOutboxRow,
  insertMessages,
  listAdminIds,
  listDocFollowers,
  listProjectFollowers,
  listRecipientRows,
  listRevisionChanges,
  type ModuleScope,
  type OutboxRow,
} from './notify.repository.ts';
import { digestMessage, docMessage, outcomeMessage } from './notify-text.ts';
import { readersOf } from './readers.ts';
import { planReleaseNotices, type ReleaseNotices, releaseTargetsOf } from './release-notify.ts';

/** A follower touched by more docs than this in one change gets one digest instead of a message per doc. */
export const DIGEST_AT = 10;

/** What a fan-out wrote: whose unread count changed, and whether webhook deliveries wait. */
export interface FanOut {
  userIds: string[];
  deliveries: number;
}

/** The summaries of the given docs' recorded revisions. */
async function summariesOf(db: Db, docs: ReadonlyArray<ChangedDoc>): Promise<Map<string, ChangeSummary>> {
  const wanted = docs
    .filter((doc) => doc.change === 'update' && doc.revision !== undefined)
    .map((doc) => ({ docId: doc.id, revision: doc.revision as number }));
  const out = new Map<string, ChangeSummary>();
  if (wanted.length === 0) return out;
  const changes = await listRevisionChanges(db, wanted);
  for (const { docId, revision } of wanted) {
    const text = changes.get(`${docId}:${revision}`);
    if (!text) continue;
    try {
      out.set(docId, summarizeChanges(JSON.parse(text) as DocChange[]));
    } catch {
      // An unreadable change list only costs the summary.
    }
  }
  return out;
}

function messageRow(userId: string, message: string, type: number, sourceId: string, at: string) {
  return { id: newId(), userId, message, type, sourceId, isRead: 0, createdAt: at };
}

/** Followers of the changed docs (directly or through the project), each with the docs they follow. */
async function followersOf(
  db: Db,
  scope: ModuleScope,
  event: DocsChangeEvent,
): Promise<Map<string, ChangedDoc[]>> {
  const byId = new Map(event.docs.map((doc) => [doc.id, doc]));
  const out = new Map<string, ChangedDoc[]>();
  for (const userId of await listProjectFollowers(db, scope.projectId)) out.set(userId, [...event.docs]);
  for (const { userId, docId } of await listDocFollowers(db, [...byId.keys()])) {
    if (out.get(userId)?.length === event.docs.length) continue; // follows the project: has them all
    const doc = byId.get(docId);
    if (!doc) continue;
    const list = out.get(userId) ?? [];
    list.push(doc);
    out.set(userId, list);
  }
  out.delete(event.actorId); // the person who made the change knows
  return out;
}

/**
 * Works out what one change tells whom: a message per follower per doc (or one digest), the outcome of a
 * push or an import to the application's admins, the deliveries its webhooks owe, and what the valid releases
 * holding its docs owe their followers and robots (`release-notify.ts`); then writes them all,
 * with the outbox row marked done, in one transaction.
 */
export async function fanOutChange(db: Db, row: OutboxRow, ctx: { publicUrl: string }): Promise<FanOut> {
  const event = JSON.parse(row.payload) as ChangeEvent;
  const scope = await findModuleScope(db, event.moduleId);
  const messages: Array<Insertable<UserMessagesTable>> = [];
  const at = nowIso();
  let summaries = new Map<string, ChangeSummary>();
  let levels = new Map<string, DocLevel>();
  let releases: ReleaseNotices = { messages: [], hooks: [], deliveries: [] };
  if (scope) {
    const followers =
      event.kind === 'docs' ? await followersOf(db, scope, event) : new Map<string, ChangedDoc[]>();
    const targets = event.kind === 'docs' ? await releaseTargetsOf(db, scope, event) : [];
    const tellAdmins = event.kind === 'failure' || event.counts !== undefined;
    const adminIds = tellAdmins ? (await listAdminIds(db, scope)).filter((id) => id !== event.actorId) : [];
    const releaseFollowers = targets.flatMap((target) => target.followerIds);
    const readers = readersOf(
      scope,
      await listRecipientRows(db, scope, [
        ...new Set([...followers.keys(), ...adminIds, ...releaseFollowers]),
      ]),
    );
    if (event.kind === 'docs') {
      // Summaries only for docs some follower hears about one by one, and for the few a webhook names.
      const oneByOne = new Map<string, ChangedDoc>();
      for (const [userId, docs] of followers)
        if (readers.has(userId) && docs.length <= DIGEST_AT)
          for (const doc of docs) oneByOne.set(doc.id, doc);
      for (const doc of event.docs.slice(0, 20)) oneByOne.set(doc.id, doc);
      // And for the docs of releases a message or a robot may name (their breaking ones first).
      for (const target of targets) for (const doc of target.docs.slice(0, 20)) oneByOne.set(doc.id, doc);
      summaries = await summariesOf(db, [...oneByOne.values()]);
      levels = await levelsOf(db, [...oneByOne.values()]);
      releases = planReleaseNotices(event, scope, targets, {
        publicUrl: ctx.publicUrl,
        summaries,
        levels,
        readers,
        at,
      });
      messages.push(...releases.messages);
      for (const [userId, docs] of followers) {
        const reader = readers.get(userId);
        if (!reader) continue;
        if (docs.length > DIGEST_AT) {
          messages.push(
            messageRow(
              userId,
              digestMessage(reader.lang, event, scope, docs),
              MessageType.digest,
              scope.moduleId,
              at,
            ),
          );
          continue;
        }
        for (const doc of docs)
          messages.push(
            messageRow(
              userId,
              docMessage(reader.lang, event, doc, summaries.get(doc.id) ?? null, levels.get(doc.id)),
              MessageType.doc,
              doc.id,
              at,
            ),
          );
      }
    }
    for (const adminId of adminIds) {
      const reader = readers.get(adminId);
      if (reader)
        messages.push(
          messageRow(
            adminId,
            outcomeMessage(reader.lang, event, scope),
            MessageType.sync,
            scope.moduleId,
            at,
          ),
        );
    }
  }
  const deliveries = scope
    ? [
        ...(await planWebhookDeliveries(db, scope, event, { ...ctx, summaries, levels })),
        ...releases.deliveries,
      ]
    : [];
  const finished = await db.transaction().execute(async (trx) => {
    if (!(await finishOutboxRow(trx, row.id, row.attempts, { status: 'done', now: nowIso() }))) return false;
    await insertMessages(trx, messages);
    await upsertReleaseHooks(trx, releases.hooks);
    await insertDeliveries(trx, deliveries);
    return true;
  });
  if (!finished) return { userIds: [], deliveries: 0 };
  return { userIds: [...new Set(messages.map((m) => m.userId))], deliveries: deliveries.length };
}

// What other modules may use of this module's data (docs/architecture.md: modules meet through services).
export type { ModuleScope } from './notify.repository.ts';
