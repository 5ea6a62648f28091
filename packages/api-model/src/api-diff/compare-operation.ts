/**
 * The changes between two versions of one operation, each decided by one rule of `rules.ts`. Request tables
 * (path, query, header, body) and the response are compared by path (`flatten.ts`), statuses by code.
 */
import type { ApiDoc } from '../model/api-doc.ts';
import { NOT_DEPRECATED, type ParamTable } from '../model/constants.ts';
import type { ParamRow } from '../model/param.ts';
import { type FlatRow, flattenTable, normalizeUrl, pathVariables } from './flatten.ts';
import { CHANGE_LEVELS, RULES, type RuleId } from './rules.ts';
import type { ApiChange, ChangeWhere, OperationVersion } from './types.ts';

type RequestWhere = 'path' | 'query' | 'header' | 'body';

const REQUEST_TABLES: ReadonlyArray<[RequestWhere, ParamTable]> = [
  ['path', 'pathParams'],
  ['query', 'queryParams'],
  ['header', 'headerParams'],
  ['body', 'requestParams'],
];

/** A response status among the error codes (`404`, `5XX`, `default`); other codes are business error codes. */
const HTTP_STATUS = /^([1-5]\d\d|[1-5]XX|default)$/i;

/** Scalar types a dictionary row (`enum`) may stand for: switching between them is not a type change. */
const SCALARS = new Set(['string', 'number', 'boolean', 'enum']);

function change(rule: RuleId, where: ChangeWhere, path: string, before?: string, after?: string): ApiChange {
  const out: ApiChange = { rule, level: RULES[rule], where, path };
  if (before !== undefined) out.before = before;
  if (after !== undefined) out.after = after;
  return out;
}

export function isDeprecated(doc: ApiDoc): boolean {
  return doc.deprecated !== NOT_DEPRECATED && doc.deprecated !== '';
}

function mediaType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

function keyFor(where: RequestWhere | 'response', doc: ApiDoc): (name: string) => string {
  if (where === 'header') return (name) => name.toLowerCase();
  if (where === 'path') {
    // A path variable is known by its place in the URL, so renaming `{id}` to `{userId}` changes nothing.
    const vars = pathVariables(doc.url);
    return (name) => {
      const at = vars.indexOf(name);
      return at >= 0 ? `{${at}}` : name;
    };
  }
  return (name) => name;
}

/** The bounds of the model's length text: `64`, `1-20`, `1-` or `-` (none). */
function lengthBounds(text: string): { min: number; max: number } {
  const [low = '', high] = text.includes('-') ? text.split('-') : ['', text];
  const number = (value: string | undefined, fallback: number) =>
    value && /^\d+$/.test(value.trim()) ? Number(value) : fallback;
  return { min: number(low, 0), max: number(high, Number.POSITIVE_INFINITY) };
}

function typeChanged(before: string, after: string): boolean {
  if (before === after) return false;
  return !(SCALARS.has(before) && SCALARS.has(after) && (before === 'enum' || after === 'enum'));
}

/** Rule names of a request place: params (path, query, header) or body fields. */
function requestRule(where: RequestWhere, param: string, field: string): RuleId {
  return (where === 'body' ? field : param) as RuleId;
}

function compareRequestRow(where: RequestWhere, a: FlatRow, b: FlatRow, out: ApiChange[]): void {
  const path = b.path;
  if (typeChanged(a.row.type, b.row.type))
    out.push(
      change(
        requestRule(where, 'request-param-type-changed', 'request-field-type-changed'),
        where,
        path,
        a.row.type,
        b.row.type,
      ),
    );
  if (where !== 'path' && a.row.required !== b.row.required)
    out.push(
      change(
        b.row.required
          ? requestRule(where, 'request-param-made-required', 'request-field-made-required')
          : requestRule(where, 'request-param-made-optional', 'request-field-made-optional'),
        where,
        path,
      ),
    );
  compareEnums(a, b, where, path, out);
  if (a.row.maxLength !== b.row.maxLength) {
    const was = lengthBounds(a.row.maxLength);
    const now = lengthBounds(b.row.maxLength);
    // Narrower bounds (a lower maximum, a higher minimum, a limit where there was none) refuse old values.
    const narrowed = now.max < was.max || now.min > was.min;
    out.push(
      change(
        narrowed ? 'request-max-length-decreased' : 'request-max-length-changed',
        where,
        path,
        a.row.maxLength,
        b.row.maxLength,
      ),
    );
  }
  compareTexts(a.row, b.row, where, path, out);
}

function compareResponseRow(a: FlatRow, b: FlatRow, out: ApiChange[]): void {
  const path = b.path;
  if (typeChanged(a.row.type, b.row.type))
    out.push(change('response-field-type-changed', 'response', path, a.row.type, b.row.type));
  if (a.row.required !== b.row.required)
    out.push(
      change(
        b.row.required ? 'response-field-made-required' : 'response-field-made-optional',
        'response',
        path,
      ),
    );
  compareEnums(a, b, 'response', path, out);
  compareTexts(a.row, b.row, 'response', path, out);
}

/**
 * Enum values: in a request, a value taken away (or a free value narrowed to a list) breaks callers that send
 * it; in a response, values come and go without breaking a reader (reported as non-breaking).
 */
function compareEnums(a: FlatRow, b: FlatRow, where: ChangeWhere, path: string, out: ApiChange[]): void {
  const request = where !== 'response';
  if (!a.values && !b.values) return;
  if (a.values && b.values) {
    const now = new Set(b.values);
    const was = new Set(a.values);
    for (const value of a.values)
      if (!now.has(value))
        out.push(
          change(request ? 'request-enum-value-removed' : 'response-enum-value-removed', where, path, value),
        );
    for (const value of b.values)
      if (!was.has(value))
        out.push(
          change(
            request ? 'request-enum-value-added' : 'response-enum-value-added',
            where,
            path,
            undefined,
            value,
          ),
        );
    return;
  }
  if (b.values) {
    // A free value now limited to a list: in a request every other value is refused.
    out.push(
      change(
        request ? 'request-enum-value-removed' : 'response-enum-value-removed',
        where,
        path,
        '*',
        b.values.join(','),
      ),
    );
  } else if (a.values) {
    out.push(
      change(
        request ? 'request-enum-value-added' : 'response-enum-value-added',
        where,
        path,
        a.values.join(','),
        '*',
      ),
    );
  }
}

function compareTexts(a: ParamRow, b: ParamRow, where: ChangeWhere, path: string, out: ApiChange[]): void {
  if (a.description !== b.description) out.push(change('description-changed', where, path));
  if (a.example !== b.example) out.push(change('example-changed', where, path, a.example, b.example));
}

/** True when an ancestor of `key` is also in `keys` (a removed object reports itself, not each child). */
function underAnother(key: string, keys: ReadonlySet<string>): boolean {
  for (let at = key.lastIndexOf('.'); at > 0; at = key.lastIndexOf('.', at - 1))
    if (keys.has(key.slice(0, at))) return true;
  return false;
}

interface Side {
  where: RequestWhere;
  key: string;
  row: FlatRow;
}

function compareRequest(before: OperationVersion, after: OperationVersion, out: ApiChange[]): void {
  const removed: Side[] = [];
  const added: Side[] = [];
  for (const [where, table] of REQUEST_TABLES) {
    const was = flattenTable(before.doc[table], before.enumValues, keyFor(where, before.doc));
    const now = flattenTable(after.doc[table], after.enumValues, keyFor(where, after.doc));
    const gone = new Set([...was.keys()].filter((key) => !now.has(key)));
    const fresh = new Set([...now.keys()].filter((key) => !was.has(key)));
    for (const key of gone)
      if (!underAnother(key, gone)) removed.push({ where, key, row: was.get(key) as FlatRow });
    for (const key of fresh)
      if (!underAnother(key, fresh)) added.push({ where, key, row: now.get(key) as FlatRow });
    for (const [key, row] of was) {
      const match = now.get(key);
      if (match) compareRequestRow(where, row, match, out);
    }
  }
  // A top-level name leaving one place for another moved (query -> header): one change, not two.
  const topName = (side: Side) => (side.row.path.includes('.') ? null : side.row.path.toLowerCase());
  for (const gone of [...removed]) {
    const name = topName(gone);
    if (name === null) continue;
    const moved = added.find((side) => side.where !== gone.where && topName(side) === name);
    if (!moved) continue;
    removed.splice(removed.indexOf(gone), 1);
    added.splice(added.indexOf(moved), 1);
    out.push(change('request-param-location-changed', moved.where, moved.row.path, gone.where, moved.where));
  }
  for (const side of removed)
    out.push(
      change(
        requestRule(side.where, 'request-param-removed', 'request-field-removed'),
        side.where,
        side.row.path,
      ),
    );
  for (const side of added) {
    const required = side.where === 'path' || side.row.row.required;
    const rule = required
      ? requestRule(side.where, 'request-param-added-required', 'request-field-added-required')
      : requestRule(side.where, 'request-param-added', 'request-field-added');
    out.push(change(rule, side.where, side.row.path));
  }
}

function compareResponse(before: OperationVersion, after: OperationVersion, out: ApiChange[]): void {
  const was = flattenTable(before.doc.responseParams, before.enumValues);
  const now = flattenTable(after.doc.responseParams, after.enumValues);
  const gone = new Set([...was.keys()].filter((key) => !now.has(key)));
  const fresh = new Set([...now.keys()].filter((key) => !was.has(key)));
  for (const key of gone)
    if (!underAnother(key, gone))
      out.push(change('response-field-removed', 'response', (was.get(key) as FlatRow).path));
  for (const key of fresh)
    if (!underAnother(key, fresh))
      out.push(change('response-field-added', 'response', (now.get(key) as FlatRow).path));
  for (const [key, row] of was) {
    const match = now.get(key);
    if (match) compareResponseRow(row, match, out);
  }
}

/**
 * The primary success status of an imported operation: the model keeps its body as the response params and
 * the converter notes `response 200: …` in the description (an OpenAPI response always has a description).
 */
const PRIMARY_NOTE = /<p>Note: response ([1-5](?:\d\d|XX)): /;

function primaryStatus(doc: ApiDoc): string | null {
  return PRIMARY_NOTE.exec(doc.description)?.[1] ?? null;
}

function compareStatuses(before: ApiDoc, after: ApiDoc, out: ApiChange[]): void {
  const now = new Map(after.errorCodeParams.map((row) => [row.code, row]));
  const was = new Set(before.errorCodeParams.map((row) => row.code));
  for (const row of before.errorCodeParams) {
    const match = now.get(row.code);
    const status = HTTP_STATUS.test(row.code);
    if (!match) {
      // A status that became the primary success response is not gone.
      if (row.code !== primaryStatus(after))
        out.push(change(status ? 'response-status-removed' : 'error-code-removed', 'status', row.code));
    } else if (match.description !== row.description || match.solution !== row.solution)
      out.push(change('error-code-description-changed', 'status', row.code));
  }
  for (const row of after.errorCodeParams)
    if (!was.has(row.code) && row.code !== primaryStatus(before))
      out.push(
        change(HTTP_STATUS.test(row.code) ? 'response-status-added' : 'error-code-added', 'status', row.code),
      );
  // The primary success status, when both versions name one: 200 becoming 201 removes 200.
  const oldPrimary = primaryStatus(before);
  const newPrimary = primaryStatus(after);
  if (oldPrimary && newPrimary && oldPrimary !== newPrimary) {
    if (!now.has(oldPrimary)) out.push(change('response-status-removed', 'status', oldPrimary));
    if (!was.has(newPrimary)) out.push(change('response-status-added', 'status', newPrimary));
  }
}

function compareOperationFields(a: ApiDoc, b: ApiDoc, out: ApiChange[]): void {
  if (a.httpMethod !== b.httpMethod)
    out.push(change('method-changed', 'operation', '', a.httpMethod, b.httpMethod));
  if (normalizeUrl(a.url) !== normalizeUrl(b.url))
    out.push(change('path-changed', 'operation', '', a.url, b.url));
  if (isDeprecated(a) !== isDeprecated(b))
    out.push(change(isDeprecated(b) ? 'operation-deprecated' : 'operation-undeprecated', 'operation', ''));
  const hasBody = a.requestParams.length > 0 && b.requestParams.length > 0;
  if (hasBody && a.contentType && b.contentType && mediaType(a.contentType) !== mediaType(b.contentType))
    out.push(change('request-content-type-changed', 'operation', '', a.contentType, b.contentType));
  if (
    a.isRequestArray !== b.isRequestArray ||
    (a.isRequestArray && a.requestArrayType !== b.requestArrayType)
  )
    out.push(
      change('request-body-type-changed', 'body', '', arrayText(a, 'request'), arrayText(b, 'request')),
    );
  if (
    a.isResponseArray !== b.isResponseArray ||
    (a.isResponseArray && a.responseArrayType !== b.responseArrayType)
  )
    out.push(
      change(
        'response-body-type-changed',
        'response',
        '',
        arrayText(a, 'response'),
        arrayText(b, 'response'),
      ),
    );
  if (a.name !== b.name) out.push(change('operation-name-changed', 'operation', '', a.name, b.name));
  if (a.description !== b.description) out.push(change('operation-description-changed', 'operation', ''));
  if (a.author !== b.author)
    out.push(change('operation-author-changed', 'operation', '', a.author, b.author));
  if (a.isShow !== b.isShow)
    out.push(change('operation-visibility-changed', 'operation', '', String(a.isShow), String(b.isShow)));
}

function arrayText(doc: ApiDoc, side: 'request' | 'response'): string {
  const isArray = side === 'request' ? doc.isRequestArray : doc.isResponseArray;
  return isArray ? `array<${side === 'request' ? doc.requestArrayType : doc.responseArrayType}>` : 'object';
}

/** Breaking first, then non-breaking, then docs; the order found within each level. */
export function byLevel(changes: ApiChange[]): ApiChange[] {
  return CHANGE_LEVELS.flatMap((level) => changes.filter((c) => c.level === level));
}

/** Every change from `before` to `after` of one operation, breaking first. */
export function compareOperation(before: OperationVersion, after: OperationVersion): ApiChange[] {
  const out: ApiChange[] = [];
  compareOperationFields(before.doc, after.doc, out);
  compareRequest(before, after, out);
  compareResponse(before, after, out);
  compareStatuses(before.doc, after.doc, out);
  return byLevel(out);
}
