import type { ChangeSummary } from '@quire/api-model';
import { DEFAULT_LANG, MessageType, type WebhookEvent, type WebhookKind } from '@quire/shared';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { UserMessagesTable, WebhookDeliveriesTable } from '../../db/schema.ts';
import { translate } from '../../http/lang.ts';
import { newId } from '../../lib/ids.ts';
import {
  bodyFor,
  escapeForKind,
  formatTime,
  renderTemplate,
  urlHintOf,
} from '../webhooks/webhook-payload.ts';
import { WEBHOOK_PER_DOC } from '../webhooks/webhook-plan.ts';
import type { WebhookRow } from '../webhooks/webhooks.service.ts';
import type { ChangedDoc, DocsChangeEvent } from './change-events.ts';
import type { DocLevel } from './change-levels.ts';
import type { ModuleScope } from './notify.repository.ts';
import { actorLabel, changeWord, docMessage, MESSAGE_MAX, summaryText } from './notify-text.ts';
import type { Reader } from './readers.ts';
import { listReleaseFollowers, listValidReleaseDocs } from './release-notify.repository.ts';

/**
 * Releases freeze their docs (docs/releases.md), so a change of a doc a release froze means "the release and
 * the docs now differ": the release's followers hear it in the bell, and its own DingTalk/WeCom robots
 * (Torna's per-release `dingding_webhook` / `we_com_webhook`) in their group. Torna's rules are kept: only
 * valid releases (status 1), only for docs the release holds, only updates and deletions (lock and unlock
 * change no content), and the robots only when the release has followers.
 */

/** A valid release holding docs of a change, with the docs it holds and who follows it. */
export interface ReleaseTarget {
  releaseId: string;
  releaseNo: string;
  dingdingWebhook: string;
  weComWebhook: string;
  createdBy: string;
  lang: string;
  docs: ChangedDoc[];
  followerIds: string[];
}

/** The valid releases with followers that froze docs the change updated or deleted. */
export async function releaseTargetsOf(
  db: Db,
  scope: ModuleScope,
  event: DocsChangeEvent,
): Promise<ReleaseTarget[]> {
  const told = new Map(
    event.docs
      .filter((doc) => doc.change === 'update' || doc.change === 'delete')
      .map((doc) => [doc.id, doc]),
  );
  if (told.size === 0) return [];
  const byRelease = new Map<string, ReleaseTarget>();
  for (const hit of await listValidReleaseDocs(db, scope.projectId, [...told.keys()])) {
    const doc = told.get(hit.docId);
    if (!doc) continue;
    const target = byRelease.get(hit.releaseId) ?? {
      releaseId: hit.releaseId,
      releaseNo: hit.releaseNo,
      dingdingWebhook: hit.dingdingWebhook,
      weComWebhook: hit.weComWebhook,
      createdBy: hit.createdBy,
      lang: hit.creatorLang ?? DEFAULT_LANG,
      docs: [],
      followerIds: [],
    };
    target.docs.push(doc);
    byRelease.set(hit.releaseId, target);
  }
  const followers = await listReleaseFollowers(db, [...byRelease.keys()]);
  const out: ReleaseTarget[] = [];
  for (const target of byRelease.values()) {
    target.followerIds = followers.get(target.releaseId) ?? [];
    if (target.followerIds.length > 0) out.push(target);
  }
  return out;
}

/** What the change owes releases: followers' messages, the robots' hook rows and their deliveries. */
export interface ReleaseNotices {
  messages: Array<Insertable<UserMessagesTable>>;
  hooks: WebhookRow[];
  deliveries: Array<Insertable<WebhookDeliveriesTable>>;
}

interface NoticeContext {
  publicUrl: string;
  summaries: ReadonlyMap<string, ChangeSummary>;
  levels: ReadonlyMap<string, DocLevel>;
  /** The followers (and others) who may still read the project's docs. */
  readers: ReadonlyMap<string, Reader>;
  at: string;
}

const t = (lang: string, key: string, args: ReadonlyArray<string | number> = []) =>
  translate(lang, 'notify', key, args);

function clip(text: string): string {
  return text.length > MESSAGE_MAX ? `${text.slice(0, MESSAGE_MAX - 1)}…` : text;
}

/** Breaking changes first (a message naming several docs names a breaking one), otherwise as changed. */
function breakingFirst(docs: ReadonlyArray<ChangedDoc>, levels: ReadonlyMap<string, DocLevel>): ChangedDoc[] {
  const breaking = (doc: ChangedDoc) => Number(levels.get(doc.id)?.level === 'breaking');
  return [...docs].sort((a, b) => breaking(b) - breaking(a));
}

/** "rule, rule" of one doc, or "doc: rule, rule; doc: rule" of several. */
function breakingText(docs: ReadonlyArray<ChangedDoc>, levels: ReadonlyMap<string, DocLevel>): string {
  const hits = docs.filter((doc) => levels.get(doc.id)?.level === 'breaking');
  if (docs.length === 1) return hits.flatMap((doc) => levels.get(doc.id)?.breaking ?? []).join(', ');
  return hits.map((doc) => `${doc.name}: ${(levels.get(doc.id)?.breaking ?? []).join(', ')}`).join('; ');
}

/** A follower's message: the release, what changed in it since, a breaking change said first. */
export function releaseMessage(
  lang: string,
  event: DocsChangeEvent,
  scope: ModuleScope,
  target: ReleaseTarget,
  ctx: Pick<NoticeContext, 'summaries' | 'levels'>,
): string {
  const docs = breakingFirst(target.docs, ctx.levels);
  const first = docs[0] as ChangedDoc;
  const what =
    docs.length === 1
      ? docMessage(lang, event, first, ctx.summaries.get(first.id) ?? null)
      : t(lang, 'releaseMany', [actorLabel(lang, event), docs.length, first.name]);
  const text = t(lang, 'releaseChanged', [target.releaseNo, scope.projectName, what]);
  const breaking = breakingText(docs, ctx.levels);
  return clip(breaking ? t(lang, 'breaking', [text, breaking]) : text);
}

/** The kinds of robot a release has, with their URLs (a release keeps one DingTalk and one WeCom URL). */
function robotsOf(target: ReleaseTarget): WebhookKind[] {
  const kinds: WebhookKind[] = [];
  if (target.dingdingWebhook) kinds.push('dingtalk');
  if (target.weComWebhook) kinds.push('wecom');
  return kinds;
}

/** The hook row a release's robot's deliveries hang on (one per release and kind, the URL the release's). */
function robotHook(target: ReleaseTarget, kind: WebhookKind, at: string): WebhookRow {
  return {
    id: `${target.releaseId}-${kind}`,
    scopeType: 'release',
    scopeId: target.releaseId,
    kind,
    urlEnc: '',
    // What a log would show of the URL the release had when the message was planned.
    urlHint: urlHintOf(kind === 'dingtalk' ? target.dingdingWebhook : target.weComWebhook),
    secretEnc: '',
    events: JSON.stringify(['doc.update', 'doc.delete']),
    template: '',
    enabled: 1,
    createdBy: target.createdBy,
    createdAt: at,
    updatedAt: at,
  };
}

/** One robot text: the release template of the release maker's language, values inert for the kind. */
function robotText(
  kind: WebhookKind,
  event: DocsChangeEvent,
  scope: ModuleScope,
  target: ReleaseTarget,
  docs: ReadonlyArray<ChangedDoc>,
  followers: string,
  ctx: NoticeContext,
): string {
  const lang = target.lang;
  const first = docs[0] as ChangedDoc;
  const many = docs.length > 1;
  const vars: Record<string, string> = {
    modifyType: changeWord(lang, first.change),
    projectName: scope.projectName,
    appName: scope.moduleName,
    releaseNo: target.releaseNo,
    docName: many ? t(lang, 'manyDocs', [first.name, docs.length - 1]) : first.name,
    modifier: actorLabel(lang, event),
    modifyTime: formatTime(event.at),
    docViewUrl: `${ctx.publicUrl}/view/${first.id}`,
    summary: many || first.change !== 'update' ? '' : summaryText(lang, ctx.summaries.get(first.id) ?? null),
    '@user': followers,
  };
  for (const name of Object.keys(vars)) vars[name] = escapeForKind(kind, vars[name] ?? '');
  const text = renderTemplate(t(lang, 'releaseTemplate'), vars);
  const breaking = breakingText(docs, ctx.levels);
  return breaking ? t(lang, 'breaking', [text, escapeForKind(kind, breaking)]) : text;
}

/**
 * The messages and robot deliveries a change owes the releases it touches. Followers who made the change or
 * can no longer read the project get no message; the robots name the followers who can (Quire binds no
 * DingTalk or WeCom account, so a robot cannot mention them: the text lists their names, made inert). Up to
 * `WEBHOOK_PER_DOC` docs of one kind of change get a delivery each, more one naming the first, as for an
 * application's robots; bodies are rendered now, so a retry sends the same message.
 */
export function planReleaseNotices(
  event: DocsChangeEvent,
  scope: ModuleScope,
  targets: ReadonlyArray<ReleaseTarget>,
  ctx: NoticeContext,
): ReleaseNotices {
  const out: ReleaseNotices = { messages: [], hooks: [], deliveries: [] };
  for (const target of targets) {
    const readers = target.followerIds.flatMap((id) => ctx.readers.get(id) ?? []);
    // Torna's rule: a release nobody follows has no robot message; a follower who lost access counts as none.
    if (readers.length === 0) continue;
    const sourceId = (breakingFirst(target.docs, ctx.levels)[0] as ChangedDoc).id;
    for (const reader of readers) {
      if (reader.id === event.actorId) continue; // the person who made the change knows
      out.messages.push({
        id: newId(),
        userId: reader.id,
        message: releaseMessage(reader.lang, event, scope, target, ctx),
        type: MessageType.release,
        sourceId,
        isRead: 0,
        createdAt: ctx.at,
      });
    }
    const names = readers.map((reader) => reader.name).join(', ');
    for (const kind of robotsOf(target)) {
      const hook = robotHook(target, kind, ctx.at);
      out.hooks.push(hook);
      for (const change of ['update', 'delete'] as const) {
        const docs = breakingFirst(
          target.docs.filter((doc) => doc.change === change),
          ctx.levels,
        );
        if (docs.length === 0) continue;
        const groups = docs.length <= WEBHOOK_PER_DOC ? docs.map((doc) => [doc]) : [docs];
        const eventName: WebhookEvent = change === 'update' ? 'doc.update' : 'doc.delete';
        for (const group of groups) {
          const id = newId();
          const text = robotText(kind, event, scope, target, group, names, ctx);
          out.deliveries.push({
            id,
            webhookId: hook.id,
            event: eventName,
            // DingTalk and WeCom robots read only the text of the message (webhook-payload.ts `bodyFor`).
            body: bodyFor(kind, id, {
              event: eventName,
              text,
              project: { id: scope.projectId, name: scope.projectName },
              application: { id: scope.moduleId, name: scope.moduleName },
              modifier: actorLabel(target.lang, event),
              remark: event.remark,
              time: event.at,
              docs: [],
            }),
            status: 'queued',
            nextAttemptAt: ctx.at,
            lockedUntil: null,
            responseCode: null,
            error: '',
            createdAt: ctx.at,
            finishedAt: null,
          });
        }
      }
    }
  }
  return out;
}
