/**
 * JSON Schema (OpenAPI flavour) -> param rows. Recursion is bounded: rows stop at the doc model's nesting
 * limit with a marker, allOf merging and reference chains are bounded, and a schema that refers to one of its
 * own ancestors is cut with a "circular" marker instead of expanding forever. A hostile 10,000-level schema
 * therefore costs 32 levels of work.
 */
import { DocLimits, type ParamType } from '../../model/constants.ts';
import type { ParamRow } from '../../model/param.ts';
import { escapeHtml, markdownToHtml } from '../markdown-html.ts';
import type { EnumCollector } from './enums.ts';
import { valueText } from './enums.ts';
import { isObject, type Json, type RefResolver, refName } from './refs.ts';

/** What rows of one doc share while they are built. */
export interface SchemaContext {
  refs: RefResolver;
  enums: EnumCollector;
  /** The dictionary each enum row links to; turned into `enumLinks` once the doc's tables are final. */
  enumOf: Map<ParamRow, string>;
  /** Rows left for this doc (the model's limit over all its tables). */
  budget: { left: number; cut: boolean };
  /**
   * Child expansions waiting their turn (see `drainRows`). With a queue, rows are built level by level over
   * all of a doc's tables, so a doc past the row limit loses its deepest rows, not its later top-level
   * properties or its whole response body. Without one, children are built at once.
   */
  queue?: Array<() => void> | undefined;
  /**
   * How many times each named schema's children were expanded in this doc. A schema met more often than
   * `REPEAT_MAX` becomes a reference row naming it: a description where every schema refers twice to the
   * next one (2^n copies) costs linear work, and normal reuse (an address twice, a user a dozen times) is
   * shown in full.
   */
  expansions?: Map<string, number> | undefined;
  /** Set when a schema was shown by reference because it repeated too often (reported on the doc). */
  repeated?: string[] | undefined;
}

/** Expansions of one named schema in one doc before later copies are shown by reference. */
export const REPEAT_MAX = 24;

/**
 * Named schemas nested in one another that a doc expands; a deeper one is a reference row naming it. Entity
 * graphs (Microsoft Graph: a user links to drives, which link to items, which link to users...) would
 * otherwise give every operation thousands of rows of other entities' fields.
 */
export const REF_DEPTH_MAX = 4;

/** Builds the queued child rows, breadth first (an expansion may queue more; they run after it). */
export function drainRows(ctx: SchemaContext): void {
  const queue = ctx.queue;
  if (!queue) return;
  for (let i = 0; i < queue.length; i++) queue[i]?.();
  queue.length = 0;
}

function later(ctx: SchemaContext, expand: () => void): void {
  if (ctx.queue) ctx.queue.push(expand);
  else expand();
}

/** A schema with references followed, allOf merged and the first oneOf/anyOf variant taken. */
export interface Flat {
  schema: Json;
  /** References on the way (the ancestors a child must not expand again). */
  refs: string[];
  /** The schema's own name, from its last reference. */
  name: string;
  /** Names of the oneOf/anyOf variants when there was a choice. */
  alternatives: string[];
  /** Why nothing below could be expanded (circular or unresolved reference). */
  cut?: string | undefined;
  /** A oneOf/anyOf of bare `required` lists ("send at least one of these fields"), said in words. */
  requiredChoice?: string | undefined;
}

const MAX_MERGE_DEPTH = 16;
export const DEPTH_MARKER = `nested deeper than ${DocLimits.depthMax} levels: the rest is not shown`;

/** A flattened schema kept for reuse, with every reference its flattening went through. */
interface SharedFlat {
  flat: Flat;
  touched: ReadonlySet<string>;
}

/**
 * Flattenings shared across the whole description, keyed by the schema object: an entity merged from allOf
 * parts (Microsoft Graph: every entity) is merged once, not at each of its thousands of uses. A result is
 * reused only where none of the references it went through is an ancestor (where it would be cut instead).
 */
const shared = new WeakMap<RefResolver, WeakMap<object, SharedFlat>>();
let touching: Set<string> | null = null;
/** Set when a flattening cut a loop somewhere inside: its result depends on the stack and is not shared. */
let cutInside = false;

/** Follows references and flattens composition, refusing to enter a reference already in `stack`. */
export function flatten(raw: unknown, ctx: SchemaContext, stack: ReadonlyArray<string>, level = 0): Flat {
  if (level > 0 || !isObject(raw)) return flattenNow(raw, ctx, stack, level);
  let cache = shared.get(ctx.refs);
  if (!cache) {
    cache = new WeakMap();
    shared.set(ctx.refs, cache);
  }
  const hit = cache.get(raw);
  if (hit && !stack.some((ref) => hit.touched.has(ref))) {
    if (touching) for (const ref of hit.touched) touching.add(ref);
    return hit.flat;
  }
  const outer = touching;
  const outerCut = cutInside;
  touching = new Set();
  cutInside = false;
  try {
    const flat = flattenNow(raw, ctx, stack, level);
    for (const ref of flat.refs) touching.add(ref);
    if (!flat.cut && !cutInside) cache.set(raw, { flat, touched: touching });
    if (outer) for (const ref of touching) outer.add(ref);
    return flat;
  } finally {
    touching = outer;
    cutInside = outerCut || cutInside;
  }
}

function flattenNow(raw: unknown, ctx: SchemaContext, stack: ReadonlyArray<string>, level: number): Flat {
  const resolved = ctx.refs.resolve(raw);
  const refs = resolved.refs;
  if (touching) for (const ref of refs) touching.add(ref);
  const name = refs.length ? refName(refs[refs.length - 1] ?? '') : '';
  const loop = refs.find((ref) => stack.includes(ref));
  if (loop) cutInside = true;
  if (loop)
    return { schema: {}, refs, name, alternatives: [], cut: `circular reference to ${refName(loop)}` };
  if (resolved.broken) return { schema: {}, refs, name, alternatives: [], cut: resolved.broken };
  let schema = resolved.node;
  // OpenAPI 3.1 (and common 3.0 practice) puts a description, example or default beside a `$ref`: they win.
  if (isObject(raw) && typeof raw.$ref === 'string' && Object.keys(raw).length > 1) {
    const { $ref: _ref, ...siblings } = raw;
    schema = { ...schema, ...siblings };
  }
  const alternatives: string[] = [];
  const inner = [...stack, ...refs];
  if (level < MAX_MERGE_DEPTH && Array.isArray(schema.allOf)) {
    const merged: Json = { ...schema };
    delete merged.allOf;
    const properties: Json = {};
    const required = new Set<string>(stringList(schema.required));
    for (const part of schema.allOf) {
      const flat = flatten(part, ctx, inner, level + 1);
      if (flat.cut) continue;
      alternatives.push(...flat.alternatives);
      mergeInto(merged, flat.schema, properties, required);
    }
    if (isObject(schema.properties)) Object.assign(properties, schema.properties);
    if (Object.keys(properties).length) merged.properties = properties;
    if (required.size) merged.required = [...required];
    schema = merged;
  }
  const choice = Array.isArray(schema.oneOf)
    ? schema.oneOf
    : Array.isArray(schema.anyOf)
      ? schema.anyOf
      : null;
  const choiceNodes = choice?.map((variant) => ctx.refs.resolve(variant).node) ?? [];
  if (level < MAX_MERGE_DEPTH && choice && choice.length && choiceNodes.every(onlyRequired)) {
    // No variant is a shape of its own: taking the first would make its field required alone, which the
    // source does not say (GitHub: "at least one of build_type, source, cname ... must be given").
    const groups = choiceNodes.map((node) => stringList(node.required).join(' + '));
    const merged: Json = { ...schema };
    delete merged.oneOf;
    delete merged.anyOf;
    return {
      schema: merged,
      refs,
      name,
      alternatives,
      requiredChoice: `${Array.isArray(schema.oneOf) ? 'exactly' : 'at least'} one of ${groups.join(' | ')} is required`,
    };
  }
  let chosenRefs: string[] = [];
  let chosenName = '';
  if (level < MAX_MERGE_DEPTH && choice && choice.length) {
    for (const variant of choice) alternatives.push(variantName(variant, ctx));
    const first = flatten(choice[0], ctx, inner, level + 1);
    // The variant shown is what the row is (`manager: {anyOf: [$ref user]}` is a user): its references are
    // the row's, so its children see them as ancestors and its name counts as the row's schema.
    chosenRefs = first.refs;
    chosenName = first.name;
    const merged: Json = { ...schema };
    delete merged.oneOf;
    delete merged.anyOf;
    if (!first.cut) {
      const properties: Json = isObject(schema.properties) ? { ...schema.properties } : {};
      const required = new Set<string>(stringList(schema.required));
      mergeInto(merged, first.schema, properties, required);
      if (Object.keys(properties).length) merged.properties = properties;
      if (required.size) merged.required = [...required];
    }
    schema = merged;
  }
  return { schema, refs: [...refs, ...chosenRefs], name: name || chosenName, alternatives };
}

/** A schema that only lists required fields (with at most a title or description). */
function onlyRequired(node: Json): boolean {
  const keys = Object.keys(node);
  return (
    stringList(node.required).length > 0 &&
    keys.every((key) => key === 'required' || key === 'description' || key === 'title')
  );
}

function mergeInto(target: Json, part: Json, properties: Json, required: Set<string>): void {
  for (const [key, value] of Object.entries(part)) {
    if (key === 'properties' && isObject(value)) Object.assign(properties, value);
    else if (key === 'required') for (const r of stringList(value)) required.add(r);
    else if (!(key in target)) target[key] = value;
  }
}

function variantName(variant: unknown, ctx: SchemaContext): string {
  if (isObject(variant) && typeof variant.$ref === 'string') return refName(variant.$ref);
  const node = ctx.refs.resolve(variant).node;
  if (typeof node.title === 'string' && node.title) return node.title;
  const type = primaryType(node);
  return type || 'schema';
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The schema's type, the first non-null one of a 3.1 type list, or what its keywords imply. */
export function primaryType(schema: Json): string {
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return String(type.find((t) => t !== 'null') ?? type[0] ?? '');
  if (isObject(schema.properties) || isObject(schema.additionalProperties)) return 'object';
  if (schema.items !== undefined) return 'array';
  return '';
}

/** The row type of a flattened schema (its items flattened when it is an array). */
function rowType(schema: Json, items: Json | null): ParamType {
  const type = primaryType(schema);
  if (Array.isArray(schema.enum) && type !== 'array' && type !== 'object') return 'enum';
  if (type === 'integer' || type === 'number') return 'number';
  if (type === 'boolean') return 'boolean';
  if (type === 'file') return 'file';
  if (type === 'string') return schema.format === 'binary' ? 'file' : 'string';
  if (type === 'array') {
    const inner = items ? primaryType(items) : '';
    if (inner === 'string' || inner === 'enum') return items?.format === 'binary' ? 'file[]' : 'str_array';
    if (inner === 'file') return 'file[]';
    if (inner === 'integer' || inner === 'number') return 'num_array';
    return 'array';
  }
  if (type === 'object') return 'object';
  return 'string';
}

/** An example as text: `example`, the first of 3.1's `examples`, or Swagger 2's `x-example`. */
export function exampleText(schema: Json): string {
  let value: unknown = schema.example;
  if (value === undefined && Array.isArray(schema.examples)) value = schema.examples[0];
  if (value === undefined) value = schema['x-example'];
  if (value === undefined) return '';
  return valueText(value).slice(0, DocLimits.paramExampleMax);
}

/** The model's `maxLength` text: `64`, `1-20`, or `-` when the source gives none. */
function lengthText(schema: Json): string {
  const max = schema.maxLength ?? schema.maxItems;
  const min = schema.minLength ?? schema.minItems;
  if (typeof max === 'number') return typeof min === 'number' && min > 0 ? `${min}-${max}` : String(max);
  if (typeof min === 'number' && min > 0) return `${min}-`;
  return '-';
}

/** Facts without a column of their own, kept in the description so nothing of the source is lost. */
function notesOf(schema: Json, flat: Flat): string[] {
  const notes: string[] = [];
  if (typeof schema.format === 'string' && schema.format !== 'binary') notes.push(`format: ${schema.format}`);
  if (schema.default !== undefined) notes.push(`default: ${valueText(schema.default)}`);
  if (schema.minimum !== undefined || schema.maximum !== undefined)
    notes.push(`range: ${valueText(schema.minimum ?? '')}..${valueText(schema.maximum ?? '')}`);
  if (typeof schema.pattern === 'string') notes.push(`pattern: ${schema.pattern}`);
  if (schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes('null')))
    notes.push('nullable');
  if (schema.readOnly === true) notes.push('read-only');
  if (schema.writeOnly === true) notes.push('write-only');
  if (schema.deprecated === true) notes.push('deprecated');
  if (flat.alternatives.length > 1) notes.push(`one of: ${flat.alternatives.join(' | ')} (first shown)`);
  if (flat.requiredChoice) notes.push(flat.requiredChoice);
  if (flat.cut) notes.push(flat.cut);
  return notes;
}

/** A description in HTML: the source's Markdown, then the notes. */
export function describe(text: unknown, notes: ReadonlyArray<string>): string {
  const html = typeof text === 'string' ? markdownToHtml(text) : '';
  if (!notes.length) return html.slice(0, DocLimits.paramDescriptionMax);
  const tail = escapeHtml(`(${notes.join('; ')})`);
  return (html ? `${html} ${tail}` : tail).slice(0, DocLimits.paramDescriptionMax);
}

/** Options of one row. */
export interface RowInput {
  name: string;
  schema: unknown;
  required: boolean;
  /** A description that wins over the schema's (a parameter's own). */
  description?: unknown;
  example?: string | undefined;
  extraNotes?: string[] | undefined;
  depth: number;
  stack: ReadonlyArray<string>;
}

/** One row for a named schema, with its children. */
export function rowOf(input: RowInput, ctx: SchemaContext): ParamRow {
  ctx.budget.left--;
  const flat = flatten(input.schema, ctx, input.stack);
  const schema = flat.schema;
  const itemsFlat =
    primaryType(schema) === 'array' && !flat.cut
      ? flatten(schema.items, ctx, [...input.stack, ...flat.refs])
      : null;
  const items = itemsFlat && !itemsFlat.cut ? itemsFlat.schema : null;
  const notes = [...(input.extraNotes ?? []), ...notesOf(schema, flat)];
  if (itemsFlat?.cut) notes.push(`items: ${itemsFlat.cut}`);
  if (itemsFlat && itemsFlat.alternatives.length > 1)
    notes.push(`items one of: ${itemsFlat.alternatives.join(' | ')} (first shown)`);
  const row: ParamRow = {
    id: '',
    name: cleanName(input.name),
    type: rowType(schema, items),
    required: input.required,
    maxLength: lengthText(schema),
    example: input.example ?? exampleText(schema),
    description: '',
    enumId: '',
    enumContent: '',
    children: [],
  };
  const enumValues = Array.isArray(schema.enum)
    ? schema.enum
    : Array.isArray(items?.enum)
      ? items.enum
      : null;
  if (enumValues && items && Array.isArray(items.enum)) {
    row.enumContent = enumValues.map(valueText).join(',').slice(0, DocLimits.paramExampleMax);
    ctx.enumOf.set(row, ctx.enums.add(itemsFlat?.name || input.name, items, enumValues, !!itemsFlat?.name));
  } else if (enumValues) {
    row.enumContent = enumValues.map(valueText).join(',').slice(0, DocLimits.paramExampleMax);
    ctx.enumOf.set(row, ctx.enums.add(flat.name || input.name, schema, enumValues, !!flat.name));
  }
  const holder = row.type === 'object' ? schema : row.type === 'array' ? items : null;
  if (holder) {
    const childStack = [...input.stack, ...flat.refs, ...(itemsFlat?.refs ?? [])];
    if (row.type === 'array' && items && primaryType(items) === 'array') {
      // An array of arrays: the inner array is one child row.
      if (input.depth >= DocLimits.depthMax) notes.push(DEPTH_MARKER);
      else
        later(ctx, () => {
          if (ctx.budget.left <= 0) {
            ctx.budget.cut = true;
            return;
          }
          row.children = [
            rowOf(
              { name: '[items]', schema: items, required: false, depth: input.depth + 1, stack: childStack },
              ctx,
            ),
          ];
        });
    } else if (hasChildren(holder)) {
      const named = (row.type === 'array' ? itemsFlat?.name : flat.name) || '';
      if (input.depth >= DocLimits.depthMax) notes.push(DEPTH_MARKER);
      else if (named && ctx.expansions && childStack.length > REF_DEPTH_MAX) {
        notes.push(`fields of ${named} not shown: nested in more than ${REF_DEPTH_MAX} schemas`);
        if (ctx.repeated && !ctx.repeated.includes(named)) ctx.repeated.push(named);
      } else if (named && ctx.expansions && (ctx.expansions.get(named) ?? 0) >= REPEAT_MAX) {
        notes.push(`same fields as ${named} above (repeated more than ${REPEAT_MAX} times in this doc)`);
        if (ctx.repeated && !ctx.repeated.includes(named)) ctx.repeated.push(named);
      } else {
        if (named && ctx.expansions) ctx.expansions.set(named, (ctx.expansions.get(named) ?? 0) + 1);
        later(ctx, () => {
          row.children = propertyRows(holder, ctx, input.depth + 1, childStack);
        });
      }
    }
  }
  row.description = describe(input.description ?? schema.description ?? items?.description, notes);
  return row;
}

function hasChildren(schema: Json): boolean {
  return (
    (isObject(schema.properties) && Object.keys(schema.properties).length > 0) ||
    (isObject(schema.additionalProperties) && Object.keys(schema.additionalProperties).length > 0)
  );
}

/** Rows for the properties of an object schema (`additionalProperties` as one `{key}` row). */
export function propertyRows(
  schema: Json,
  ctx: SchemaContext,
  depth: number,
  stack: ReadonlyArray<string>,
): ParamRow[] {
  const rows: ParamRow[] = [];
  const required = new Set(stringList(schema.required));
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const [name, child] of Object.entries(properties)) {
    if (ctx.budget.left <= 0) {
      ctx.budget.cut = true;
      break;
    }
    rows.push(rowOf({ name, schema: child, required: required.has(name), depth, stack }, ctx));
  }
  if (
    isObject(schema.additionalProperties) &&
    Object.keys(schema.additionalProperties).length &&
    ctx.budget.left > 0
  )
    rows.push(
      rowOf(
        {
          name: '{key}',
          schema: schema.additionalProperties,
          required: false,
          depth,
          stack,
          extraNotes: ['any key'],
        },
        ctx,
      ),
    );
  return rows;
}

/** A row name the model accepts: one line, at most its length limit. */
export function cleanName(name: string): string {
  const line = name.replace(/\p{Cc}/gu, ' ').trim();
  return (line || '(unnamed)').slice(0, DocLimits.paramNameMax);
}
