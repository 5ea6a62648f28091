/**
 * Field- and parameter-level differences between two versions of a doc: the changelog, the comparison of two
 * revisions, and the "someone saved first" answer of a stale save. Rows are followed by id (so a rename is
 * an update, not a removal and an addition), then by their name path for rows without a shared id.
 */
import { type ApiDoc, DOC_SCALAR_FIELDS, type DocScalarField } from './model/api-doc.ts';
import { PARAM_TABLES, type ParamTable } from './model/constants.ts';
import type { DubboInfo, ErrorCodeRow, ParamRow } from './model/param.ts';

/** The compared attributes of a param row; `path` is the dotted names from the top (`data.items.sku`). */
export const PARAM_ATTRS = [
  'name',
  'type',
  'required',
  'maxLength',
  'example',
  'description',
  'enumId',
  'enumContent',
  'path',
] as const;
export type ParamAttr = (typeof PARAM_ATTRS)[number];
export type ParamAttrs = { [K in ParamAttr]: K extends 'required' ? boolean : string };

const DUBBO_FIELDS = ['interfaceName', 'version', 'protocol', 'author', 'dependency'] as const;
type DubboField = (typeof DUBBO_FIELDS)[number];

/** One difference. For updates `before`/`after` hold only what changed; additions and removals hold all. */
export type DocChange =
  | { target: 'doc'; kind: 'add' | 'remove' }
  | { target: 'field'; kind: 'update'; field: DocScalarField; before: unknown; after: unknown }
  | { target: 'dubbo'; kind: 'update'; field: DubboField; before: string; after: string }
  | {
      target: 'param';
      kind: 'add' | 'remove' | 'update';
      table: ParamTable;
      id: string;
      path: string;
      before: Partial<ParamAttrs> | null;
      after: Partial<ParamAttrs> | null;
    }
  | {
      target: 'errorCode';
      kind: 'add' | 'remove' | 'update';
      code: string;
      before: Partial<Omit<ErrorCodeRow, 'id'>> | null;
      after: Partial<Omit<ErrorCodeRow, 'id'>> | null;
    }
  | { target: 'order'; kind: 'update'; table: ParamTable | 'errorCodeParams' };

interface Entry {
  id: string;
  attrs: ParamAttrs;
}

function entriesOf(rows: ReadonlyArray<ParamRow>): Entry[] {
  const entries: Entry[] = [];
  // Its own walk, carrying each row's path down the stack (cheaper than looking parents' paths up).
  const stack: Array<{ row: ParamRow; prefix: string }> = [];
  for (let i = rows.length - 1; i >= 0; i--) stack.push({ row: rows[i] as ParamRow, prefix: '' });
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { row } = item;
    const path = item.prefix + row.name;
    entries.push({
      id: row.id,
      attrs: {
        name: row.name,
        type: row.type,
        required: row.required,
        maxLength: row.maxLength,
        example: row.example,
        description: row.description,
        enumId: row.enumId,
        enumContent: row.enumContent,
        path,
      },
    });
    for (let i = row.children.length - 1; i >= 0; i--) {
      stack.push({ row: row.children[i] as ParamRow, prefix: `${path}.` });
    }
  }
  return entries;
}

/** Pairs rows of two versions: by id first, then by unique name path. */
function matchRows(before: Entry[], after: Entry[]): Map<Entry, Entry> {
  const pairs = new Map<Entry, Entry>();
  const afterById = new Map<string, Entry>();
  for (const entry of after) if (entry.id && !afterById.has(entry.id)) afterById.set(entry.id, entry);
  const taken = new Set<Entry>();
  for (const entry of before) {
    const match = entry.id ? afterById.get(entry.id) : undefined;
    if (match && !taken.has(match)) {
      pairs.set(entry, match);
      taken.add(match);
    }
  }
  const uniqueByPath = (entries: Entry[]) => {
    const map = new Map<string, Entry | null>();
    for (const entry of entries) map.set(entry.attrs.path, map.has(entry.attrs.path) ? null : entry);
    return map;
  };
  const freeAfter = uniqueByPath(after.filter((e) => !taken.has(e)));
  const freeBefore = uniqueByPath(before.filter((e) => !pairs.has(e)));
  for (const [path, entry] of freeBefore) {
    const match = freeAfter.get(path);
    if (entry && match) pairs.set(entry, match);
  }
  return pairs;
}

function diffTable(
  table: ParamTable,
  before: ReadonlyArray<ParamRow>,
  after: ReadonlyArray<ParamRow>,
): DocChange[] {
  const changes: DocChange[] = [];
  const oldEntries = entriesOf(before);
  const newEntries = entriesOf(after);
  const pairs = matchRows(oldEntries, newEntries);
  const matchedNew = new Set(pairs.values());
  for (const entry of oldEntries) {
    const match = pairs.get(entry);
    if (!match) {
      changes.push({
        target: 'param',
        kind: 'remove',
        table,
        id: entry.id,
        path: entry.attrs.path,
        before: entry.attrs,
        after: null,
      });
      continue;
    }
    const was: Partial<ParamAttrs> = {};
    const now: Partial<ParamAttrs> = {};
    for (const attr of PARAM_ATTRS) {
      if (entry.attrs[attr] !== match.attrs[attr]) {
        (was as Record<string, unknown>)[attr] = entry.attrs[attr];
        (now as Record<string, unknown>)[attr] = match.attrs[attr];
      }
    }
    if (Object.keys(now).length) {
      changes.push({
        target: 'param',
        kind: 'update',
        table,
        id: match.id,
        path: match.attrs.path,
        before: was,
        after: now,
      });
    }
  }
  for (const entry of newEntries) {
    if (!matchedNew.has(entry)) {
      changes.push({
        target: 'param',
        kind: 'add',
        table,
        id: entry.id,
        path: entry.attrs.path,
        before: null,
        after: entry.attrs,
      });
    }
  }
  // Rows present in both, read in order: a different sequence means rows were reordered.
  const oldOrder = oldEntries.filter((e) => pairs.has(e)).map((e) => pairs.get(e));
  const newOrder = newEntries.filter((e) => matchedNew.has(e));
  if (oldOrder.some((entry, i) => entry !== newOrder[i]))
    changes.push({ target: 'order', kind: 'update', table });
  return changes;
}

function diffErrorCodes(
  before: ReadonlyArray<ErrorCodeRow>,
  after: ReadonlyArray<ErrorCodeRow>,
): DocChange[] {
  const changes: DocChange[] = [];
  const newByCode = new Map(after.map((row) => [row.code, row]));
  const oldCodes = new Set(before.map((row) => row.code));
  for (const row of before) {
    const match = newByCode.get(row.code);
    if (!match) {
      changes.push({
        target: 'errorCode',
        kind: 'remove',
        code: row.code,
        before: { code: row.code, description: row.description, solution: row.solution },
        after: null,
      });
      continue;
    }
    const was: Partial<Omit<ErrorCodeRow, 'id'>> = {};
    const now: Partial<Omit<ErrorCodeRow, 'id'>> = {};
    for (const field of ['description', 'solution'] as const) {
      if (row[field] !== match[field]) {
        was[field] = row[field];
        now[field] = match[field];
      }
    }
    if (Object.keys(now).length)
      changes.push({ target: 'errorCode', kind: 'update', code: row.code, before: was, after: now });
  }
  for (const row of after) {
    if (!oldCodes.has(row.code)) {
      changes.push({
        target: 'errorCode',
        kind: 'add',
        code: row.code,
        before: null,
        after: { code: row.code, description: row.description, solution: row.solution },
      });
    }
  }
  const kept = before.filter((row) => newByCode.has(row.code)).map((row) => row.code);
  const keptAfter = after.filter((row) => oldCodes.has(row.code)).map((row) => row.code);
  if (kept.some((code, i) => code !== keptAfter[i]))
    changes.push({ target: 'order', kind: 'update', table: 'errorCodeParams' });
  return changes;
}

function dubboOf(info: DubboInfo | null): DubboInfo {
  return info ?? { interfaceName: '', version: '', protocol: '', author: '', dependency: '' };
}

/** Every difference from `before` to `after`; a missing side means the doc was created or deleted. */
export function diffDocs(before: ApiDoc | null, after: ApiDoc | null): DocChange[] {
  if (!before && !after) return [];
  if (!before) return [{ target: 'doc', kind: 'add' }];
  if (!after) return [{ target: 'doc', kind: 'remove' }];
  const changes: DocChange[] = [];
  for (const field of DOC_SCALAR_FIELDS) {
    if (before[field] !== after[field]) {
      changes.push({ target: 'field', kind: 'update', field, before: before[field], after: after[field] });
    }
  }
  const oldDubbo = dubboOf(before.dubboInfo);
  const newDubbo = dubboOf(after.dubboInfo);
  for (const field of DUBBO_FIELDS) {
    if (oldDubbo[field] !== newDubbo[field]) {
      changes.push({
        target: 'dubbo',
        kind: 'update',
        field,
        before: oldDubbo[field],
        after: newDubbo[field],
      });
    }
  }
  for (const table of PARAM_TABLES) changes.push(...diffTable(table, before[table], after[table]));
  changes.push(...diffErrorCodes(before.errorCodeParams, after.errorCodeParams));
  return changes;
}
