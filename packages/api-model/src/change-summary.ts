/**
 * A short account of what changed between two versions of a doc, from the differences `diffDocs` lists: the
 * doc fields that changed and how many parameters and error codes were added, removed or changed. Messages
 * and webhooks render it in the reader's language.
 */
import type { DocChange } from './diff-docs.ts';
import type { DocScalarField } from './model/api-doc.ts';

export interface ChangeSummary {
  /** The doc fields that changed, in the order of the first difference naming each. */
  fields: DocScalarField[];
  /** True when the doc became deprecated (the `deprecated` field left its "not deprecated" value). */
  deprecated: boolean;
  params: { added: number; removed: number; changed: number };
  errorCodes: { added: number; removed: number; changed: number };
  /** Dubbo facts or the order of rows changed. */
  other: boolean;
}

/** The value of `deprecated` meaning "not deprecated" (Torna's). */
const NOT_DEPRECATED = '$false$';

/** Counts the differences of one change; an empty list gives an empty summary. */
export function summarizeChanges(changes: ReadonlyArray<DocChange>): ChangeSummary {
  const summary: ChangeSummary = {
    fields: [],
    deprecated: false,
    params: { added: 0, removed: 0, changed: 0 },
    errorCodes: { added: 0, removed: 0, changed: 0 },
    other: false,
  };
  const tally = { add: 'added', remove: 'removed', update: 'changed' } as const;
  for (const change of changes) {
    switch (change.target) {
      case 'field':
        if (!summary.fields.includes(change.field)) summary.fields.push(change.field);
        if (change.field === 'deprecated' && change.after !== NOT_DEPRECATED && change.after !== '')
          summary.deprecated = true;
        break;
      case 'param':
        summary.params[tally[change.kind]] += 1;
        break;
      case 'errorCode':
        summary.errorCodes[tally[change.kind]] += 1;
        break;
      case 'dubbo':
      case 'order':
        summary.other = true;
        break;
      default:
        break;
    }
  }
  return summary;
}

/** Whether a summary names nothing (a doc added or removed as a whole, or an empty change list). */
export function isEmptySummary(summary: ChangeSummary): boolean {
  const { params, errorCodes } = summary;
  return (
    summary.fields.length === 0 &&
    !summary.other &&
    params.added +
      params.removed +
      params.changed +
      errorCodes.added +
      errorCodes.removed +
      errorCodes.changed ===
      0
  );
}
