import { DocLimits } from '../../model/constants.ts';
import type { ParamRow } from '../../model/param.ts';
import { valueText } from './enums.ts';
import { isObject, type RefResolver } from './refs.ts';

/** The example a media type gives: `example`, the first of `examples` (OpenAPI 3) or Swagger 2's `examples`. */
export function mediaExample(media: Record<string, unknown>, refs: RefResolver): unknown {
  if (media.example !== undefined) return media.example;
  if (isObject(media.examples)) {
    const first = refs.resolve(Object.values(media.examples)[0]).node;
    if (first.value !== undefined) return first.value;
  }
  return undefined;
}

/**
 * Fills empty row examples from a whole-body example: each row takes the value under its name (the first
 * element of arrays), level by level. Iterative, and bounded by the rows (which are bounded by the model).
 */
export function fillExamples(rows: ParamRow[], example: unknown, isArray: boolean): void {
  const root = isArray && Array.isArray(example) ? example[0] : example;
  if (!isObject(root)) return;
  const stack: Array<{ rows: ParamRow[]; value: Record<string, unknown> }> = [{ rows, value: root }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    for (const row of item.rows) {
      const value = item.value[row.name];
      if (value === undefined) continue;
      const inner = Array.isArray(value) ? value[0] : value;
      if (row.children.length && isObject(inner)) stack.push({ rows: row.children, value: inner });
      if (
        !row.example &&
        (!isObject(value) || !row.children.length) &&
        !(Array.isArray(value) && isObject(value[0]))
      )
        row.example = valueText(value).slice(0, DocLimits.paramExampleMax);
    }
  }
}
