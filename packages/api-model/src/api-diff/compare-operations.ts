/**
 * The semantic diff of two sets of operations (two releases, a release and the docs now, an application and
 * an uploaded description, two files): every operation added, removed or changed, each change with its level
 * and rule. Pairs are made by id when both sides carry one (a doc's path or method may change), then by method
 * and path with variables unnamed, so `/users/{id}` and `/users/{userId}` are one operation.
 */
import { DocType } from '../model/constants.ts';
import { compareOperation } from './compare-operation.ts';
import { normalizeUrl } from './flatten.ts';
import { RULES, worstLevel } from './rules.ts';
import type { ApiDiff, DiffSummary, OperationDiff, OperationVersion } from './types.ts';

/** How a doc is known by method and path; a doc without a URL (Markdown, Dubbo) by its kind and name. */
export function operationKey(version: OperationVersion): string {
  const { doc } = version;
  if (doc.type === DocType.http || doc.url) return `${doc.httpMethod} ${normalizeUrl(doc.url)}`;
  return `#${doc.type} ${doc.name}`;
}

function labelOf(version: OperationVersion): string {
  const { doc } = version;
  return doc.type === DocType.http || doc.url ? `${doc.httpMethod} ${doc.url}` : doc.name;
}

function entry(
  version: OperationVersion,
  kind: OperationDiff['kind'],
  changes: OperationDiff['changes'],
  id = version.id,
): OperationDiff {
  const level = changes.reduce((worst, c) => worstLevel(worst, c.level), 'docs' as OperationDiff['level']);
  const out: OperationDiff = {
    key: labelOf(version),
    method: version.doc.httpMethod,
    url: version.doc.url,
    name: version.doc.name,
    kind,
    level,
    changes,
  };
  if (id) out.id = id;
  return out;
}

/** Pairs old and new versions: by id first, then by key (the first of duplicate keys). */
function pair(
  before: ReadonlyArray<OperationVersion>,
  after: ReadonlyArray<OperationVersion>,
): Map<OperationVersion, OperationVersion> {
  const pairs = new Map<OperationVersion, OperationVersion>();
  const taken = new Set<OperationVersion>();
  const afterById = new Map<string, OperationVersion>();
  for (const op of after) if (op.id && !afterById.has(op.id)) afterById.set(op.id, op);
  for (const op of before) {
    const match = op.id ? afterById.get(op.id) : undefined;
    if (match && !taken.has(match)) {
      pairs.set(op, match);
      taken.add(match);
    }
  }
  const afterByKey = new Map<string, OperationVersion[]>();
  for (const op of after) {
    if (taken.has(op)) continue;
    const key = operationKey(op);
    const list = afterByKey.get(key);
    if (list) list.push(op);
    else afterByKey.set(key, [op]);
  }
  for (const op of before) {
    if (pairs.has(op)) continue;
    const match = afterByKey.get(operationKey(op))?.shift();
    if (match) pairs.set(op, match);
  }
  return pairs;
}

export function summarizeDiff(operations: ReadonlyArray<OperationDiff>): DiffSummary {
  const summary: DiffSummary = {
    operations: { added: 0, removed: 0, changed: 0 },
    levels: { breaking: 0, 'non-breaking': 0, docs: 0 },
    breakingOperations: 0,
  };
  for (const op of operations) {
    summary.operations[op.kind] += 1;
    for (const c of op.changes) summary.levels[c.level] += 1;
    if (op.level === 'breaking') summary.breakingOperations += 1;
  }
  return summary;
}

const LEVEL_ORDER = { breaking: 0, 'non-breaking': 1, docs: 2 } as const;

/** Every operation that changed from `before` to `after`, breaking ones first. */
export function compareOperations(
  before: ReadonlyArray<OperationVersion>,
  after: ReadonlyArray<OperationVersion>,
): ApiDiff {
  const pairs = pair(before, after);
  const matched = new Set(pairs.values());
  const operations: OperationDiff[] = [];
  for (const op of before) {
    const match = pairs.get(op);
    if (!match) {
      operations.push(
        entry(op, 'removed', [
          { rule: 'operation-removed', level: RULES['operation-removed'], where: 'operation', path: '' },
        ]),
      );
      continue;
    }
    const changes = compareOperation(op, match);
    // Named by the new version, known by whichever side has an id (a stored doc against an upload).
    if (changes.length) operations.push(entry(match, 'changed', changes, match.id ?? op.id));
  }
  for (const op of after)
    if (!matched.has(op))
      operations.push(
        entry(op, 'added', [
          { rule: 'operation-added', level: RULES['operation-added'], where: 'operation', path: '' },
        ]),
      );
  operations.sort((a, b) => LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] || a.key.localeCompare(b.key));
  return { operations, summary: summarizeDiff(operations) };
}
