/**
 * A diff as plain lines (the `quire diff` output, CI logs): a summary line, then one line per change,
 * breaking first, each naming its rule so a reader can look it up in docs/releases.md.
 */
import type { ApiChange, ApiDiff } from './types.ts';

const LABEL = { breaking: 'BREAKING', 'non-breaking': 'non-breaking', docs: 'docs' } as const;

function changeText(change: ApiChange): string {
  const place =
    change.where === 'operation' ? '' : `${change.where}${change.path ? ` ${change.path}` : ''}: `;
  const values =
    change.before !== undefined || change.after !== undefined
      ? ` (${change.before ?? ''} -> ${change.after ?? ''})`
      : '';
  return `${place}${change.rule}${values}`;
}

export function summaryLine(diff: ApiDiff): string {
  const { operations, levels, breakingOperations } = diff.summary;
  return (
    `${operations.added} added, ${operations.removed} removed, ${operations.changed} changed operations; ` +
    `${levels.breaking} breaking, ${levels['non-breaking']} non-breaking, ${levels.docs} docs changes` +
    ` (${breakingOperations} operations with breaking changes)`
  );
}

/** Every change, breaking first; `levels` keeps only those levels. */
export function formatDiff(diff: ApiDiff, levels?: ReadonlyArray<ApiChange['level']>): string[] {
  const lines = [summaryLine(diff)];
  for (const level of ['breaking', 'non-breaking', 'docs'] as const) {
    if (levels && !levels.includes(level)) continue;
    for (const op of diff.operations)
      for (const change of op.changes)
        if (change.level === level) lines.push(`${LABEL[level]}\t${op.key}\t${changeText(change)}`);
  }
  return lines;
}
