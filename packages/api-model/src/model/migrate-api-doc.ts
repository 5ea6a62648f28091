import { API_DOC_VERSION, type ApiDoc, ApiDocSchema } from './api-doc.ts';
import { ModelMessages as M } from './constants.ts';
import type { ModelIssue } from './param-tree.ts';
import { normalizeParamType } from './param-types.ts';

type Json = Record<string, unknown>;

/** A stored or sent document that could not be read, with what is wrong where. */
export class ApiDocParseError extends Error {
  readonly issues: ModelIssue[];
  constructor(issues: ModelIssue[]) {
    super(`invalid API doc: ${issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    this.issues = issues;
  }
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A deep copy without `null` members (Torna writes every absent field as null), so defaults apply. */
function withoutNulls(value: Json): Json {
  // The reviver runs bottom-up: nulls leave holes in arrays first, then each array drops its holes.
  return JSON.parse(JSON.stringify(value), (_key, item: unknown) => {
    if (item === null) return undefined;
    return Array.isArray(item) ? item.filter(() => true) : item;
  }) as Json;
}

/** Rewrites every param row's type to a spec type (Torna stores Java names such as `List<User>`). */
function normalizeTypes(doc: Json): void {
  for (const table of ['pathParams', 'headerParams', 'queryParams', 'requestParams', 'responseParams']) {
    const rows: Json[] = [];
    const stack = Array.isArray(doc[table]) ? [...(doc[table] as unknown[])] : [];
    for (let row = stack.pop(); row !== undefined; row = stack.pop()) {
      if (!isObject(row)) continue;
      rows.push(row);
      if (Array.isArray(row.children)) stack.push(...row.children);
    }
    // Flat lists name their parent: a row is a parent when another row points at it.
    const parents = new Set(rows.map((row) => String(row.parentId ?? '')));
    for (const row of rows) {
      const nested = Array.isArray(row.children) && row.children.length > 0;
      const hasChildren = nested || (row.id !== undefined && parents.has(String(row.id)));
      if (typeof row.type === 'string') row.type = normalizeParamType(row.type, hasChildren);
    }
  }
}

/**
 * Version 0 is a document without `v`: Torna's doc detail (DocInfoDTO), as its snapshots and `doc.detail`
 * hold it. Nulls mean "absent", param lists are flat with `parentId`, types are Java names and error codes are
 * params with `name`/`description`/`example`; the schema reads the flat lists and the error-code names.
 */
function fromVersion0(raw: Json): Json {
  const doc = withoutNulls(raw);
  normalizeTypes(doc);
  return { ...doc, v: 1 };
}

/** Steps that bring a document of version `n` to `n + 1`. */
const MIGRATIONS: Record<number, (doc: Json) => Json> = { 0: fromVersion0 };

/** Reads a document of any known version, bringing it forward to the current one. */
export function safeParseApiDoc(
  raw: unknown,
): { success: true; data: ApiDoc } | { success: false; issues: ModelIssue[] } {
  if (!isObject(raw)) return { success: false, issues: [{ path: [], message: M.invalid }] };
  let doc: Json = raw;
  let version = typeof doc.v === 'number' ? doc.v : 0;
  if (!Number.isInteger(version) || version < 0 || version > API_DOC_VERSION) {
    return { success: false, issues: [{ path: ['v'], message: M.invalid }] };
  }
  while (version < API_DOC_VERSION) {
    const step = MIGRATIONS[version];
    if (!step) return { success: false, issues: [{ path: ['v'], message: M.invalid }] };
    doc = step(doc);
    version += 1;
  }
  const parsed = ApiDocSchema.safeParse(doc);
  if (parsed.success) return { success: true, data: parsed.data };
  return {
    success: false,
    issues: parsed.error.issues.map((issue) => ({
      path: issue.path.filter((p): p is string | number => typeof p !== 'symbol'),
      message: issue.message,
    })),
  };
}

/** Reads a document of any known version; throws `ApiDocParseError` naming each problem. */
export function parseApiDoc(raw: unknown): ApiDoc {
  const result = safeParseApiDoc(raw);
  if (!result.success) throw new ApiDocParseError(result.issues);
  return result.data;
}
