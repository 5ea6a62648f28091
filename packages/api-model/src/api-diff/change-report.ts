/**
 * The short account of a diff a push answers with (and a message or webhook may carry): the counts per level
 * and per kind, and the breaking changes by operation, so CI output names what breaks without the whole diff.
 */
import type { ChangeLevel } from './rules.ts';
import type { ApiChange, ApiDiff, DiffSummary } from './types.ts';

export interface ChangeReport extends DiffSummary {
  breaking: Array<{
    operation: string;
    name: string;
    changes: Array<Pick<ApiChange, 'rule' | 'where' | 'path'>>;
  }>;
}

export function changeReport(diff: ApiDiff): ChangeReport {
  const breaking: ChangeReport['breaking'] = [];
  for (const op of diff.operations) {
    if (op.level !== 'breaking') continue;
    breaking.push({
      operation: op.key,
      name: op.name,
      changes: op.changes
        .filter((c) => c.level === ('breaking' satisfies ChangeLevel))
        .map(({ rule, where, path }) => ({ rule, where, path })),
    });
  }
  return { ...diff.summary, breaking };
}
