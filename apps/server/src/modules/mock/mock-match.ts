// Which configuration answers a request at `/mock/<path>`: Torna's lookup (the configuration's id, then the path
// with its query, then without), then the request-data conditions Quire adds (query or form fields, JSON body, headers).
import type { MockNameValue } from '@quire/shared';

/** What matching reads of an incoming request. */
export interface IncomingRequest {
  /** Query and form fields (a repeated field keeps every value). */
  fields: Record<string, string[]>;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
  /** Lower-case names. */
  headers: Record<string, string | string[] | undefined>;
}

/** The conditions of a configuration, parsed from its row. */
export interface MockConditions {
  requestDataType: number;
  dataKv: MockNameValue[];
  /** Parsed `dataJson`, undefined when empty. */
  dataJson: unknown;
  requestHeaders: MockNameValue[];
}

/** How many conditions a configuration sets: a more specific configuration is preferred. */
export function conditionCount(c: MockConditions): number {
  const json =
    c.requestDataType === 1 && c.dataJson && typeof c.dataJson === 'object'
      ? Object.keys(c.dataJson).length
      : 0;
  return (c.requestDataType === 0 ? c.dataKv.length : 0) + json + c.requestHeaders.length;
}

/** `expected` deeply contained in `actual`: every key of an object, every item of an array (in order). */
export function containsJson(actual: unknown, expected: unknown, depth = 0): boolean {
  if (depth > 32) return false;
  if (expected === null || typeof expected !== 'object') return actual === expected;
  if (actual === null || typeof actual !== 'object') return false;
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length < expected.length) return false;
    return expected.every((item, i) => containsJson(actual[i], item, depth + 1));
  }
  const have = actual as Record<string, unknown>;
  return Object.entries(expected as Record<string, unknown>).every(
    ([key, value]) => Object.hasOwn(have, key) && containsJson(have[key], value, depth + 1),
  );
}

/** An empty expected value only asks for presence. */
function valueMatches(values: ReadonlyArray<string>, expected: string): boolean {
  return expected === '' ? values.length > 0 : values.includes(expected);
}

/** Whether the request meets every condition of the configuration. */
export function conditionsMatch(c: MockConditions, request: IncomingRequest): boolean {
  if (c.requestDataType === 0) {
    for (const { name, value } of c.dataKv) {
      const fromJson =
        request.json && typeof request.json === 'object' && !Array.isArray(request.json)
          ? (request.json as Record<string, unknown>)[name]
          : undefined;
      const values = [...(Object.hasOwn(request.fields, name) ? (request.fields[name] ?? []) : [])];
      if (fromJson !== undefined && fromJson !== null && typeof fromJson !== 'object')
        values.push(String(fromJson));
      if (!valueMatches(values, value)) return false;
    }
  } else if (c.dataJson !== undefined && !containsJson(request.json, c.dataJson)) {
    return false;
  }
  for (const { name, value } of c.requestHeaders) {
    const raw = request.headers[name.toLowerCase()];
    const values = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    if (!valueMatches(values, value)) return false;
  }
  return true;
}

/**
 * The path keys a request is looked up by, most specific first: the path with its query, then the path alone
 * (each also percent-decoded, since a typed path may hold characters a client encodes).
 */
export function pathKeys(path: string, query: string): string[] {
  const decode = (text: string): string => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  const keys = query
    ? [`${path}?${query}`, `${decode(path)}?${decode(query)}`, path, decode(path)]
    : [path, decode(path)];
  return [...new Set(keys)].filter((key) => key !== '');
}

/**
 * Picks the configuration for a request among `candidates` (newest first): the configuration whose id is the
 * path first (ids are made by the server, so nobody can take another's), then by path key order, and within
 * one key the matching configuration with the most conditions. The caller passes only configurations of the
 * application holding each key (mock.repository.ts `findServable`).
 */
export function pickMock<T extends { id: string; pathKey: string; conditions: MockConditions }>(
  candidates: ReadonlyArray<T>,
  keys: ReadonlyArray<string>,
  id: string,
  request: IncomingRequest,
): T | undefined {
  const groups: T[][] = [
    candidates.filter((c) => c.id === id),
    ...keys.map((key) => candidates.filter((c) => c.pathKey === key)),
  ];
  for (const group of groups) {
    const matching = group.filter((c) => conditionsMatch(c.conditions, request));
    if (matching.length === 0) continue;
    // Stable sort: equal specificity keeps newest first.
    return [...matching].sort((a, b) => conditionCount(b.conditions) - conditionCount(a.conditions))[0];
  }
  return undefined;
}

/** A path key without its query (`orders?page=2` -> `orders`). */
export function bareKey(key: string): string {
  const mark = key.indexOf('?');
  return mark < 0 ? key : key.slice(0, mark);
}

/**
 * Whether an application may answer at a path key it holds: a key with a query (`orders?page=2`) only when the
 * same path without the query is not held by another application, since that application's front end calls
 * its URL with queries too.
 */
export function answersAt(key: string, moduleId: string, owners: ReadonlyMap<string, string>): boolean {
  if (!key || owners.get(key) !== moduleId) return false;
  const bare = bareKey(key);
  const bareOwner = bare === key ? moduleId : owners.get(bare);
  return bareOwner === undefined || bareOwner === moduleId;
}
