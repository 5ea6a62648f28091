/**
 * Bulk parameter import: a JSON sample becomes parameter rows. Types come from the values, objects and arrays
 * of objects create children, and a root array body reports its element type (requestArrayType /
 * responseArrayType). Pure and iterative: samples are pasted by people and may be deep or large.
 */
import {
  type ArrayElementType,
  DocLimits,
  ModelMessages as M,
  PARAM_NAME_PATTERN,
  type ParamType,
  RowDefaults,
} from './model/constants.ts';
import { limitMessage } from './model/fields.ts';
import type { ParamRow } from './model/param.ts';

type Json = Record<string, unknown>;

/** What a sample gives: rows, and whether the body is a root array of `arrayType` elements. */
export type InferResult =
  | { ok: true; params: ParamRow[]; isArray: boolean; arrayType: ArrayElementType }
  | {
      ok: false;
      /** i18n key (namespace `validation`, `key|arg`). */
      message: string;
      /** Dotted path of the offending key, when one key is at fault. */
      path?: string;
    };

/** Options of `inferParams`. */
export interface InferOptions {
  /** Gives each row an id (the editor's keys); rows get "" without it and the server assigns ids. */
  newId?: () => string;
}

// Elements of an array looked at to learn the keys of its objects: enough for optional keys, bounded for big samples.
const ELEMENTS_SAMPLED = 100;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function elementTypeOf(value: unknown): ArrayElementType {
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'string') return 'string';
  return 'object';
}

/** The row type of one value, and the objects whose keys become its children. */
function describe(values: unknown[]): { type: ParamType; example: string; objects: Json[] } {
  const value = values.find((v) => v !== null && v !== undefined);
  if (typeof value === 'number') return { type: 'number', example: String(value), objects: [] };
  if (typeof value === 'boolean') return { type: 'boolean', example: String(value), objects: [] };
  if (isObject(value)) return { type: 'object', example: '', objects: values.filter(isObject) };
  if (Array.isArray(value)) {
    const elements = values.filter(Array.isArray).flatMap((a) => a.slice(0, ELEMENTS_SAMPLED));
    const first = elements.find((v) => v !== null && v !== undefined);
    if (isObject(first)) return { type: 'array', example: '', objects: elements.filter(isObject) };
    const primitives = elements.filter((v) => typeof v !== 'object').slice(0, 3);
    const example = primitives.length ? JSON.stringify(primitives) : '';
    if (typeof first === 'number') return { type: 'num_array', example, objects: [] };
    if (typeof first === 'string') return { type: 'str_array', example, objects: [] };
    return { type: 'array', example, objects: [] };
  }
  return { type: 'string', example: typeof value === 'string' ? value : '', objects: [] };
}

interface Work {
  objects: Json[];
  depth: number;
  into: ParamRow[];
  path: string;
}

/** Rows from a JSON sample (text or an already parsed value). */
export function inferParams(sample: unknown, options: InferOptions = {}): InferResult {
  let root = sample;
  if (typeof sample === 'string') {
    try {
      root = JSON.parse(sample);
    } catch {
      return { ok: false, message: M.jsonSample };
    }
  }
  let isArray = false;
  let arrayType: ArrayElementType = 'object';
  let objects: Json[];
  if (Array.isArray(root)) {
    if (root.length === 0) return { ok: false, message: M.rootArray };
    isArray = true;
    arrayType = elementTypeOf(root[0]);
    objects = root.slice(0, ELEMENTS_SAMPLED).filter(isObject);
  } else if (isObject(root)) {
    objects = [root];
  } else {
    return { ok: false, message: M.jsonSample };
  }

  const params: ParamRow[] = [];
  const stack: Work[] = [{ objects, depth: 1, into: params, path: '' }];
  let rows = 0;
  for (let work = stack.pop(); work; work = stack.pop()) {
    const keys = new Set<string>();
    for (const object of work.objects) for (const key of Object.keys(object)) keys.add(key);
    for (const key of keys) {
      const path = work.path ? `${work.path}.${key}` : key;
      if (!PARAM_NAME_PATTERN.test(key) || key.length > DocLimits.paramNameMax) {
        return { ok: false, message: M.errorContent, path };
      }
      if (work.depth > DocLimits.depthMax) {
        return { ok: false, message: limitMessage(M.paramDepth, DocLimits.depthMax), path };
      }
      rows += 1;
      if (rows > DocLimits.rowsMax) return { ok: false, message: limitMessage(M.rowsMax, DocLimits.rowsMax) };
      const { type, example, objects: children } = describe(work.objects.map((o) => o[key]));
      const row: ParamRow = {
        id: options.newId?.() ?? '',
        name: key,
        type,
        required: RowDefaults.required === 1,
        maxLength: children.length ? '' : String(RowDefaults.maxLength),
        example: example.slice(0, DocLimits.paramExampleMax),
        description: '',
        enumId: '',
        enumContent: '',
        children: [],
      };
      work.into.push(row);
      if (children.length) stack.push({ objects: children, depth: work.depth + 1, into: row.children, path });
    }
  }
  return { ok: true, params, isArray, arrayType };
}
