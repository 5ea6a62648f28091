import { AppError } from './app-error.ts';

/**
 * Deepest JSON nesting a body may have. Param trees nest two levels per row (the children array and the row);
 * 80 leaves room for the model's own limit of 32 rows deep to answer with its precise message, and keeps
 * validation, which recurses, far from the stack's end.
 */
export const MAX_JSON_DEPTH = 80;

/** Refuses a parsed body nested deeper than `max` levels; walks with its own stack, never recursion. */
export function assertJsonDepth(body: unknown, max: number = MAX_JSON_DEPTH): void {
  const stack: Array<{ value: unknown; depth: number }> = [{ value: body, depth: 0 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value, depth } = item;
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= max) throw new AppError('doc.too_deep', { args: [max] });
    const children = Array.isArray(value) ? value : Object.values(value);
    for (const child of children) {
      if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: depth + 1 });
    }
  }
}
