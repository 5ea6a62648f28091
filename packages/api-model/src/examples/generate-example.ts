/**
 * Example values for parameter trees: what a reader sees as the sample request or response, and what the mock
 * server answers when a doc has no explicit example. Pure: no I/O, safe in the browser.
 */

/** The parameter fields example generation reads (a subset of the doc model's parameter row). */
export interface ExampleParam {
  name: string;
  type: string;
  example?: string;
  enumContent?: string;
  children?: ExampleParam[];
}

/** Default sample values per type when a row gives no example. */
export const DEFAULT_EXAMPLES = {
  string: 'string',
  number: 0,
  boolean: true,
} as const;

// Deep trees from hostile imports must not blow the stack; beyond this depth children are cut off.
const MAX_DEPTH = 32;

function parseNumber(raw: string): number {
  const value = Number(raw);
  return Number.isFinite(value) ? value : DEFAULT_EXAMPLES.number;
}

function parseBoolean(raw: string): boolean {
  return !['false', '0', 'no', 'off', ''].includes(raw.trim().toLowerCase());
}

/** Splits "a,b,c" (or a JSON array) into items. */
function splitList(raw: string): string[] {
  const trimmed = raw.trim();
  if (trimmed.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // not JSON: fall through to comma splitting
    }
  }
  return trimmed ? trimmed.split(',').map((s) => s.trim()) : [];
}

/** The example value of one parameter, recursing into children. */
export function exampleOf(param: ExampleParam, depth = 0): unknown {
  const raw = param.example?.trim() ?? '';
  const children = depth < MAX_DEPTH ? (param.children ?? []) : [];
  switch (param.type) {
    case 'number':
    case 'integer':
      return raw ? parseNumber(raw) : DEFAULT_EXAMPLES.number;
    case 'boolean':
      return raw ? parseBoolean(raw) : DEFAULT_EXAMPLES.boolean;
    case 'object':
      return exampleObject(children, depth + 1);
    case 'array':
      return children.length ? [exampleObject(children, depth + 1)] : splitList(raw);
    case 'num_array':
      return raw ? splitList(raw).map(parseNumber) : [DEFAULT_EXAMPLES.number];
    case 'str_array':
      return raw ? splitList(raw) : [DEFAULT_EXAMPLES.string];
    case 'enum':
      return raw || splitList(param.enumContent ?? '')[0] || DEFAULT_EXAMPLES.string;
    case 'file':
    case 'file[]':
      return raw;
    default:
      return raw || (children.length ? exampleObject(children, depth + 1) : DEFAULT_EXAMPLES.string);
  }
}

/** An object whose keys are the parameters' names and values their examples. */
export function exampleObject(params: ExampleParam[], depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const param of params) {
    // Names from imports are data, never object machinery.
    if (
      !param.name ||
      param.name === '__proto__' ||
      param.name === 'constructor' ||
      param.name === 'prototype'
    )
      continue;
    Object.defineProperty(out, param.name, {
      value: exampleOf(param, depth),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
