import { type DocChange, summarizeChanges } from '@quire/api-model';

/** Request-side tables: a new required row there breaks existing callers. */
const REQUEST_TABLES = new Set(['pathParams', 'headerParams', 'queryParams', 'requestParams']);
const BREAKING_FIELDS = new Set(['url', 'httpMethod', 'contentType', 'isRequestArray', 'isResponseArray']);

/**
 * Whether a revision may break a client: the URL, method or content type moved, a param or error code went
 * away, a param changed its name or type or became required, a required request param was added, or the doc
 * was deprecated or removed. A heuristic over the recorded differences (docs/mcp.md), for the revisions
 * `list_changes` lists beside the release changelog, whose levels come from the semantic diff.
 */
export function mayBreak(changes: ReadonlyArray<DocChange>): boolean {
  for (const change of changes) {
    switch (change.target) {
      case 'doc':
        if (change.kind === 'remove') return true;
        break;
      case 'field':
        if (BREAKING_FIELDS.has(change.field)) return true;
        if (change.field === 'deprecated' && change.after !== '$false$' && change.after !== '') return true;
        break;
      case 'param':
        if (change.kind === 'remove') return true;
        if (change.kind === 'add' && change.after?.required && REQUEST_TABLES.has(change.table)) return true;
        if (change.kind === 'update') {
          const after = change.after ?? {};
          if (after.name !== undefined || after.type !== undefined) return true;
          if (after.required === true && REQUEST_TABLES.has(change.table)) return true;
        }
        break;
      case 'errorCode':
        if (change.kind === 'remove') return true;
        break;
      default:
        break;
    }
  }
  return false;
}

/** A one-line account of a revision's differences, for a model to read. */
export function describeChanges(changes: ReadonlyArray<DocChange>): string {
  if (changes.some((c) => c.target === 'doc' && c.kind === 'add')) return 'doc added';
  const s = summarizeChanges(changes);
  const parts: string[] = [];
  if (s.fields.length) parts.push(`fields: ${s.fields.join(', ')}`);
  const counts = (label: string, n: { added: number; removed: number; changed: number }) => {
    const bits = [
      n.added ? `${n.added} added` : '',
      n.removed ? `${n.removed} removed` : '',
      n.changed ? `${n.changed} changed` : '',
    ].filter(Boolean);
    if (bits.length) parts.push(`${label}: ${bits.join(', ')}`);
  };
  counts('params', s.params);
  counts('error codes', s.errorCodes);
  if (s.other) parts.push('order or Dubbo facts');
  return parts.join('; ') || 'no visible difference';
}
