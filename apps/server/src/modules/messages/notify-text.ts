import type { ChangeSummary } from '@quire/api-model';
import { translate } from '../../http/lang.ts';
import type { DocLevel } from './change-levels.ts';
import type { ChangedDoc, DocsChangeEvent, OutcomeFailureEvent } from './change-events.ts';
import type { ModuleScope } from './notify.repository.ts';

/** Messages are cut here (the column is text; a message is a line in a list, not a report). */
export const MESSAGE_MAX = 500;

const t = (lang: string, key: string, args: ReadonlyArray<string | number> = []) =>
  translate(lang, 'notify', key, args);

function clip(text: string): string {
  return text.length > MESSAGE_MAX ? `${text.slice(0, MESSAGE_MAX - 1)}…` : text;
}

/** The modifier as shown: a push or an import says so. */
export function actorLabel(lang: string, event: { actorName: string; via: string }): string {
  const name = event.actorName || 'OpenAPI';
  if (event.via === 'push') return t(lang, 'viaPush', [name]);
  if (event.via === 'import') return t(lang, 'viaImport', [name]);
  return name;
}

/** "changed name, URL, 2 params added" in the reader's language; '' when the summary names nothing. */
export function summaryText(lang: string, summary: ChangeSummary | null): string {
  if (!summary) return '';
  const parts: string[] = [];
  const joiner = t(lang, 'joiner');
  if (summary.fields.length > 0)
    parts.push(t(lang, 'changedFields', [summary.fields.map((f) => t(lang, `field_${f}`)).join(joiner)]));
  if (summary.params.added) parts.push(t(lang, 'paramsAdded', [summary.params.added]));
  if (summary.params.removed) parts.push(t(lang, 'paramsRemoved', [summary.params.removed]));
  if (summary.params.changed) parts.push(t(lang, 'paramsChanged', [summary.params.changed]));
  const codes = summary.errorCodes.added + summary.errorCodes.removed + summary.errorCodes.changed;
  if (codes) parts.push(t(lang, 'errorCodesChanged', [codes]));
  if (summary.other) parts.push(t(lang, 'otherChanged'));
  return parts.join(joiner);
}

/** The word for how a doc changed (`{modifyType}` of webhook templates). */
export function changeWord(lang: string, change: ChangedDoc['change']): string {
  const key = {
    add: 'typeAdd',
    update: 'typeUpdate',
    delete: 'typeDelete',
    lock: 'typeLock',
    unlock: 'typeUnlock',
  }[change];
  return t(lang, key);
}

/** One message about one doc: who did what, the summary of the differences, and the save's remark. */
export function docMessage(
  lang: string,
  event: DocsChangeEvent,
  doc: ChangedDoc,
  summary: ChangeSummary | null,
  level?: DocLevel,
): string {
  const actor = actorLabel(lang, event);
  let text: string;
  if (doc.change === 'update' && event.via === 'restore' && event.restoredFrom)
    text = t(lang, 'restored', [actor, doc.name, event.restoredFrom]);
  else if (doc.change === 'update' && summary?.deprecated) text = t(lang, 'deprecated', [actor, doc.name]);
  else {
    const key = { add: 'added', update: 'updated', delete: 'deleted', lock: 'locked', unlock: 'unlocked' }[
      doc.change
    ];
    text = t(lang, key, [actor, doc.name]);
  }
  const details = doc.change === 'update' ? summaryText(lang, summary) : '';
  if (details) text = t(lang, 'summary', [text, details]);
  if (event.remark) text = t(lang, 'remark', [text, event.remark]);
  // A breaking change says so first (docs/releases.md), naming its rules.
  if (level?.level === 'breaking') text = t(lang, 'breaking', [text, level.breaking.join(', ')]);
  return clip(text);
}

export function appLabel(lang: string, scope: ModuleScope): string {
  return t(lang, 'appLabel', [scope.projectName, scope.moduleName]);
}

/** One message standing for many docs a follower follows, when one change touched them all. */
export function digestMessage(
  lang: string,
  event: DocsChangeEvent,
  scope: ModuleScope,
  docs: ReadonlyArray<ChangedDoc>,
): string {
  let added = 0;
  let deleted = 0;
  for (const doc of docs) {
    if (doc.change === 'add') added++;
    else if (doc.change === 'delete') deleted++;
  }
  const updated = docs.length - added - deleted;
  const text = t(lang, 'digest', [
    actorLabel(lang, event),
    docs.length,
    appLabel(lang, scope),
    added,
    updated,
    deleted,
  ]);
  return clip(event.remark ? t(lang, 'remark', [text, event.remark]) : text);
}

/** A push's or an import's result, for the application's admins. */
export function outcomeMessage(
  lang: string,
  event: DocsChangeEvent | OutcomeFailureEvent,
  scope: ModuleScope,
): string {
  const app = appLabel(lang, scope);
  if (event.kind === 'failure') {
    const reason = event.reason.texts[lang] ?? Object.values(event.reason.texts)[0] ?? '';
    return clip(t(lang, event.via === 'push' ? 'pushFailed' : 'importFailed', [app, reason]));
  }
  const c = event.counts ?? { added: 0, updated: 0, deleted: 0, unchanged: 0 };
  return clip(
    t(lang, event.via === 'import' ? 'importDone' : 'pushDone', [
      actorLabel(lang, { ...event, via: 'web' }),
      app,
      c.added,
      c.updated,
      c.deleted,
      c.unchanged,
    ]),
  );
}
