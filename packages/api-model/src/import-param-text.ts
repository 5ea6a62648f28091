/**
 * Bulk parameter import from what Postman, Apifox and browser users paste: a JSON sample (`inferParams`),
 * `key: value` lines (Postman's bulk edit, a header block copied from devtools or a raw request),
 * `key=value` lines, tab-separated columns copied from a table, or a query / form-urlencoded string
 * (`a=1&b=2`, `?a=1`, a whole URL). Pure; every refusal names the line or pair at fault.
 */
import { type InferOptions, type InferResult, inferParams } from './infer-params.ts';
import {
  DocLimits,
  ModelMessages,
  PARAM_NAME_PATTERN,
  type ParamType,
  RowDefaults,
} from './model/constants.ts';
import { limitMessage } from './model/fields.ts';
import type { ParamRow } from './model/param.ts';

/** The formats `importParamText` recognises. */
export type ParamTextFormat = 'json' | 'lines' | 'form';

/** Messages of this importer (namespace `validation`, `key|arg|arg`). */
export const ImportMessages = {
  empty: 'validation.param_text',
  line: 'validation.param_line',
  nameAtLine: 'validation.param_name_line',
  name: 'validation.param_name',
  encoding: 'validation.param_encoding',
} as const;

/** Rows (as `inferParams` gives them) and the format that was read. */
export type ParamTextResult =
  | (InferResult & { ok: true; format: ParamTextFormat })
  | (InferResult & { ok: false });

interface Pair {
  /** Name path: `a.b` and `a[b]` nest, `a[]` marks an array. */
  path: string[];
  isArray: boolean;
  value: string;
  /** Where the pair came from, for messages: a line number, or the pair itself. */
  line?: number;
  raw: string;
}

// A raw HTTP request line (`GET /path HTTP/1.1`) or response status line at the top of a pasted header block.
const START_LINE = /^(?:[A-Z]+\s+\S+\s+HTTP\/[\d.]+|HTTP\/[\d.]+\s+\d{3}.*)$/;
const NUMBER = /^-?\d+(?:\.\d+)?$/;

function typeOf(values: string[], isArray: boolean): ParamType {
  if (isArray) return values.every((v) => NUMBER.test(v)) ? 'num_array' : 'str_array';
  const value = values[0] ?? '';
  if (NUMBER.test(value) && value.length < 16) return 'number';
  if (value === 'true' || value === 'false') return 'boolean';
  return 'string';
}

/** `a.b`, `a[b]`, `a[]`: the segments of a form key. */
function splitKey(key: string): { path: string[]; isArray: boolean } {
  const isArray = key.endsWith('[]');
  const base = isArray ? key.slice(0, -2) : key;
  const path = base
    .replace(/\[([^\]]*)\]/g, '.$1')
    .split('.')
    .filter((segment, index) => segment !== '' || index === 0);
  return { path, isArray };
}

function decode(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

function looksLikeForm(text: string): boolean {
  if (/^(?:https?:\/\/|\/|\?)/i.test(text)) return true;
  if (text.includes('\n')) return false;
  const eq = text.indexOf('=');
  const colon = text.indexOf(':');
  const tab = text.indexOf('\t');
  return eq > 0 && (colon < 0 || eq < colon) && tab < 0;
}

function formPairs(text: string): Pair[] | { message: string } {
  let query = text;
  const question = query.indexOf('?');
  if (question >= 0) query = query.slice(question + 1);
  else if (/^(?:https?:\/\/|\/)/i.test(query)) query = '';
  query = query.split('#')[0] ?? '';
  const pairs: Pair[] = [];
  for (const raw of query.split('&')) {
    if (raw.trim() === '') continue;
    const eq = raw.indexOf('=');
    const key = decode(eq < 0 ? raw : raw.slice(0, eq));
    const value = decode(eq < 0 ? '' : raw.slice(eq + 1));
    if (key === undefined || value === undefined) return { message: `${ImportMessages.encoding}|${raw}` };
    pairs.push({ ...splitKey(key.trim()), value, raw });
  }
  return pairs;
}

function linePairs(text: string): Pair[] | { message: string } {
  const pairs: Pair[] = [];
  const lines = text.split(/\r?\n/);
  for (const [index, full] of lines.entries()) {
    const line = full.trim();
    const number = index + 1;
    // Blank lines, Postman's disabled rows (`//key:value`), comments and the request line are skipped.
    if (line === '' || line.startsWith('//') || line.startsWith('#') || START_LINE.test(line)) continue;
    const separators = [line.indexOf(':'), line.indexOf('='), line.indexOf('\t')].filter((i) => i > 0);
    if (separators.length === 0) return { message: `${ImportMessages.line}|${number}` };
    const at = Math.min(...separators);
    const name = line.slice(0, at).trim();
    pairs.push({ path: [name], isArray: false, value: line.slice(at + 1).trim(), line: number, raw: name });
  }
  return pairs;
}

function newRow(name: string, options: InferOptions): ParamRow {
  return {
    id: options.newId?.() ?? '',
    name,
    type: 'string',
    required: RowDefaults.required === 1,
    maxLength: String(RowDefaults.maxLength),
    example: '',
    description: '',
    enumId: '',
    enumContent: '',
    children: [],
  };
}

/** Builds rows from pairs: repeated names keep their first row (arrays collect every value). */
function rowsOf(pairs: Pair[], options: InferOptions): ParamRow[] | { message: string } {
  const params: ParamRow[] = [];
  const values = new Map<ParamRow, { values: string[]; isArray: boolean }>();
  // Rows by name per level: a linear search made a 20,000-pair paste quadratic.
  const byName = new Map<ParamRow[], Map<string, ParamRow>>();
  let count = 0;
  for (const pair of pairs) {
    let into = params;
    for (const [depth, name] of pair.path.entries()) {
      if (!PARAM_NAME_PATTERN.test(name) || name.length > DocLimits.paramNameMax) {
        return pair.line
          ? { message: `${ImportMessages.nameAtLine}|${pair.line}|${name}` }
          : { message: `${ImportMessages.name}|${name || pair.raw}` };
      }
      const isLeaf = depth === pair.path.length - 1;
      const names = byName.get(into) ?? new Map<string, ParamRow>();
      byName.set(into, names);
      let row = names.get(name);
      if (!row) {
        count += 1;
        if (count > DocLimits.rowsMax)
          return { message: limitMessage(ModelMessages.rowsMax, DocLimits.rowsMax) };
        row = newRow(name, options);
        into.push(row);
        names.set(name, row);
        if (!isLeaf) {
          row.type = 'object';
          row.maxLength = '';
        }
      }
      if (isLeaf) {
        const seen = values.get(row);
        if (!seen) values.set(row, { values: [pair.value], isArray: pair.isArray });
        else if (seen.isArray) seen.values.push(pair.value);
      }
      into = row.children;
    }
  }
  for (const [row, seen] of values) {
    if (row.children.length) continue;
    row.type = typeOf(seen.values, seen.isArray);
    const example = seen.isArray ? JSON.stringify(seen.values.slice(0, 3)) : (seen.values[0] ?? '');
    row.example = example.slice(0, DocLimits.paramExampleMax);
  }
  return params;
}

/** Rows from pasted text in any of the recognised formats. */
export function importParamText(text: string, options: InferOptions = {}): ParamTextResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: ImportMessages.empty };
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    const result = inferParams(trimmed, options);
    return result.ok ? { ...result, format: 'json' } : result;
  }
  const format: ParamTextFormat = looksLikeForm(trimmed) ? 'form' : 'lines';
  const pairs = format === 'form' ? formPairs(trimmed) : linePairs(trimmed);
  if (!Array.isArray(pairs)) return { ok: false, message: pairs.message };
  if (pairs.length === 0) return { ok: false, message: ImportMessages.empty };
  const params = rowsOf(pairs, options);
  if (!Array.isArray(params)) return { ok: false, message: params.message };
  return { ok: true, params, isArray: false, arrayType: 'object', format };
}
