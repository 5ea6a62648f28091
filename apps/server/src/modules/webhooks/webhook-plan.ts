import type { ChangeSummary } from '@quire/api-model';
import { DEFAULT_LANG, type WebhookEvent, type WebhookKind } from '@quire/shared';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { WebhookDeliveriesTable } from '../../db/schema.ts';
import { translate } from '../../http/lang.ts';
import { newId } from '../../lib/ids.ts';
import type { ChangedDoc, ChangeEvent, DocsChangeEvent } from '../messages/change-events.ts';
import type { DocLevel } from '../messages/change-levels.ts';
import type { ModuleScope } from '../messages/notify.service.ts';
import { actorLabel, changeWord, outcomeMessage, summaryText } from '../messages/notify-text.ts';
import {
  bodyFor,
  escapeForKind,
  formatTime,
  type HookDoc,
  type HookMessage,
  renderTemplate,
} from './webhook-payload.ts';
import { languagesOf, listActiveHooks, listDocsBrief, type WebhookRow } from './webhooks.repository.ts';

/** Up to this many docs of one kind of change get one delivery each; more become one message naming the first. */
export const WEBHOOK_PER_DOC = 5;

/** The event a doc change fires. */
function eventOf(change: ChangedDoc['change']): WebhookEvent {
  if (change === 'add') return 'doc.add';
  if (change === 'delete') return 'doc.delete';
  return 'doc.update';
}

function eventsOf(hook: WebhookRow): Set<string> {
  try {
    return new Set(JSON.parse(hook.events) as string[]);
  } catch {
    return new Set();
  }
}

/** What the planner needs besides the change. */
export interface PlanContext {
  publicUrl: string;
  summaries: ReadonlyMap<string, ChangeSummary>;
  /** The level of each doc's change (the semantic diff), for the docs a message names. */
  levels?: ReadonlyMap<string, DocLevel>;
}

/**
 * The deliveries a change owes the webhooks of its application and project, rendered now (each in its hook's
 * language, the language of the person who set it up) so a retry sends exactly the same message.
 */
export async function planWebhookDeliveries(
  db: Db,
  scope: ModuleScope,
  event: ChangeEvent,
  ctx: PlanContext,
): Promise<Array<Insertable<WebhookDeliveriesTable>>> {
  const hooks = await listActiveHooks(db, scope.moduleId, scope.projectId);
  if (hooks.length === 0) return [];
  const langs = await languagesOf(
    db,
    hooks.map((h) => h.createdBy),
  );
  // Method and URL of the docs a message names one by one: at most the first few of each kind of change.
  const named: string[] = [];
  if (event.kind === 'docs') {
    const perKind = new Map<WebhookEvent, number>();
    for (const doc of event.docs) {
      const n = perKind.get(eventOf(doc.change)) ?? 0;
      if (n < WEBHOOK_PER_DOC) named.push(doc.id);
      perKind.set(eventOf(doc.change), n + 1);
    }
  }
  const briefs = await listDocsBrief(db, named);
  const rows: Array<Insertable<WebhookDeliveriesTable>> = [];
  const now = new Date().toISOString();
  const base = {
    project: { id: scope.projectId, name: scope.projectName },
    application: { id: scope.moduleId, name: scope.moduleName },
    time: event.at,
  };
  for (const hook of hooks) {
    const wanted = eventsOf(hook);
    const lang = langs.get(hook.createdBy) ?? DEFAULT_LANG;
    const messages: HookMessage[] = [];
    if (event.kind === 'failure') {
      if (wanted.has('sync.failure'))
        messages.push({
          ...base,
          event: 'sync.failure',
          text: escapeForKind(hook.kind as WebhookKind, outcomeMessage(lang, event, scope)),
          modifier: actorLabel(lang, event),
          remark: '',
          docs: [],
        });
    } else {
      for (const kind of ['doc.add', 'doc.update', 'doc.delete'] as const) {
        if (!wanted.has(kind)) continue;
        const docs = event.docs.filter((doc) => eventOf(doc.change) === kind);
        if (docs.length === 0) continue;
        // Breaking changes first, so a message naming several docs names a breaking one.
        const hookDocs = docs
          .map((doc) => hookDocOf(lang, doc, briefs, ctx))
          .sort((a, b) => Number(b.level === 'breaking') - Number(a.level === 'breaking'));
        if (docs.length <= WEBHOOK_PER_DOC) {
          for (const doc of hookDocs) messages.push(docMessageOf(lang, hook, event, scope, kind, [doc]));
        } else messages.push(docMessageOf(lang, hook, event, scope, kind, hookDocs));
      }
      if (event.counts && wanted.has('sync.success'))
        messages.push({
          ...base,
          event: 'sync.success',
          text: escapeForKind(hook.kind as WebhookKind, outcomeMessage(lang, event, scope)),
          modifier: actorLabel(lang, event),
          remark: '',
          docs: [],
          counts: event.counts,
        });
    }
    for (const message of messages) {
      const id = newId();
      rows.push({
        id,
        webhookId: hook.id,
        event: message.event,
        body: bodyFor(hook.kind as WebhookKind, id, message),
        status: 'queued',
        nextAttemptAt: now,
        lockedUntil: null,
        responseCode: null,
        error: '',
        createdAt: now,
        finishedAt: null,
      });
    }
  }
  return rows;
}

function hookDocOf(
  lang: string,
  doc: ChangedDoc,
  briefs: ReadonlyMap<string, { httpMethod: string; url: string }>,
  ctx: PlanContext,
): HookDoc {
  const brief = briefs.get(doc.id);
  return {
    id: doc.id,
    name: doc.name,
    change: doc.change,
    httpMethod: brief?.httpMethod ?? '',
    url: brief?.url ?? '',
    summary: doc.change === 'update' ? summaryText(lang, ctx.summaries.get(doc.id) ?? null) : '',
    viewUrl: `${ctx.publicUrl}/view/${doc.id}`,
    ...levelFields(ctx.levels?.get(doc.id)),
  };
}

function levelFields(level: DocLevel | undefined): Pick<HookDoc, 'level' | 'breaking'> {
  return level ? { level: level.level, breaking: level.breaking } : {};
}

/** One doc message: the hook's template (or the default one of its language) filled in. */
function docMessageOf(
  lang: string,
  hook: WebhookRow,
  event: DocsChangeEvent,
  scope: ModuleScope,
  kind: WebhookEvent,
  docs: HookDoc[],
): HookMessage {
  const first = docs[0] as HookDoc;
  const many = docs.length > 1;
  const modifier = actorLabel(lang, event);
  const vars: Record<string, string> = {
    modifyType: changeWord(lang, first.change as ChangedDoc['change']),
    projectName: scope.projectName,
    appName: scope.moduleName,
    releaseNo: '',
    docName: many ? translate(lang, 'notify', 'manyDocs', [first.name, docs.length - 1]) : first.name,
    url: many ? '' : first.url,
    modifier,
    modifyTime: formatTime(event.at),
    docViewUrl: first.viewUrl,
    remark: event.remark,
    summary: many ? '' : first.summary,
    '@user': '',
  };
  const breaking = docs.filter((doc) => doc.level === 'breaking');
  const breakingText = breaking.flatMap((doc) => doc.breaking ?? []).join(', ');
  // Placeholders a hook's own template may use (docs/releases.md).
  vars.level = first.level ?? '';
  vars.breaking = breakingText;
  const template = hook.template || translate(lang, 'notify', 'defaultTemplate');
  // The template is the hook manager's (a mention they wrote stays); the values come from docs, pushes and
  // people, and are made inert for the hook's kind.
  const hookKind = hook.kind as WebhookKind;
  for (const name of Object.keys(vars)) vars[name] = escapeForKind(hookKind, vars[name] ?? '');
  const text = renderTemplate(template, vars);
  const levels = { breaking: 0, 'non-breaking': 0, docs: 0 };
  for (const doc of docs) if (doc.level) levels[doc.level] += 1;
  return {
    event: kind,
    // With the default template a breaking change says so first; a hook's own template places `{breaking}`.
    text:
      breaking.length && !hook.template
        ? translate(lang, 'notify', 'breaking', [text, escapeForKind(hookKind, breakingText)])
        : text,
    levels,
    project: { id: scope.projectId, name: scope.projectName },
    application: { id: scope.moduleId, name: scope.moduleName },
    modifier,
    remark: event.remark,
    time: event.at,
    docs,
  };
}
