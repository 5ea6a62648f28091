import type { ArrayElementType } from '../../model/constants.ts';
import type { ParamRow } from '../../model/param.ts';
import { exampleText, flatten, primaryType, propertyRows, rowOf, type SchemaContext } from './schema-rows.ts';

/** A request or response body as the doc model holds it. */
export interface BodyRows {
  rows: ParamRow[];
  isArray: boolean;
  arrayType: ArrayElementType;
  /** Facts about the body as a whole (alternatives, cuts), for the doc's description. */
  notes: string[];
}

function elementType(type: string): ArrayElementType {
  if (type === 'integer' || type === 'number') return 'number';
  if (type === 'string') return 'string';
  if (type === 'boolean') return 'boolean';
  return 'object';
}

/**
 * Rows of a body schema: an object's properties at the top; a root array sets `isArray` and its element's
 * properties are the rows (Torna's convention); anything else is one row named `body`.
 */
export function bodyRows(raw: unknown, ctx: SchemaContext): BodyRows {
  const notes: string[] = [];
  const flat = flatten(raw, ctx, []);
  if (flat.cut) return { rows: [], isArray: false, arrayType: 'object', notes: [`body: ${flat.cut}`] };
  if (flat.alternatives.length > 1)
    notes.push(`body is one of: ${flat.alternatives.join(' | ')} (first shown)`);
  if (flat.requiredChoice) notes.push(`body: ${flat.requiredChoice}`);
  const schema = flat.schema;
  const type = primaryType(schema);
  if (type === 'array') {
    const items = flatten(schema.items, ctx, flat.refs);
    if (items.cut) notes.push(`items: ${items.cut}`);
    if (items.alternatives.length > 1)
      notes.push(`items are one of: ${items.alternatives.join(' | ')} (first shown)`);
    const itemType = primaryType(items.schema);
    const rows =
      itemType === 'object' || itemType === ''
        ? propertyRows(items.schema, ctx, 1, [...flat.refs, ...items.refs])
        : [];
    if (!rows.length && itemType !== 'object' && itemType !== '')
      return {
        rows: [rowOf({ name: 'body', schema: raw, required: true, depth: 1, stack: [] }, ctx)],
        isArray: false,
        arrayType: 'object',
        notes,
      };
    return { rows, isArray: true, arrayType: elementType(itemType), notes };
  }
  if (type === 'object' || (type === '' && schema.properties)) {
    return { rows: propertyRows(schema, ctx, 1, flat.refs), isArray: false, arrayType: 'object', notes };
  }
  if (type === '' && !Object.keys(schema).length)
    return { rows: [], isArray: false, arrayType: 'object', notes };
  return {
    rows: [
      rowOf(
        { name: 'body', schema: raw, required: true, depth: 1, stack: [], example: exampleText(schema) },
        ctx,
      ),
    ],
    isArray: false,
    arrayType: 'object',
    notes,
  };
}
