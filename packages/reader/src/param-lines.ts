import type { ParamRow } from '@quire/api-model';

/**
 * A param tree of the doc page as the lines on screen: pre-order, a collapsed row's descendants left out. Pure
 * and O(n), so expanding, collapsing and every keystroke of the grid's keyboard work recompute it freely.
 */
export interface ParamLine {
  /** The row's id, else its position path (`0.3.1`): stable while the doc is open, unique in its table. */
  key: string;
  row: ParamRow;
  /** 0 at the top level. */
  depth: number;
  hasChildren: boolean;
  /** Position among its siblings (1-based) and their number, for `aria-posinset` / `aria-setsize`. */
  position: number;
  siblings: number;
}

function keyOf(row: ParamRow, prefix: string, index: number): string {
  return row.id || `${prefix}${index}`;
}

/** The visible lines of `params` when the rows whose keys are in `collapsed` are closed. */
export function paramLines(params: ReadonlyArray<ParamRow>, collapsed: ReadonlySet<string>): ParamLine[] {
  const out: ParamLine[] = [];
  const walk = (rows: ReadonlyArray<ParamRow>, prefix: string, depth: number) => {
    rows.forEach((row, index) => {
      const key = keyOf(row, prefix, index);
      const hasChildren = row.children.length > 0;
      out.push({ key, row, depth, hasChildren, position: index + 1, siblings: rows.length });
      if (hasChildren && !collapsed.has(key)) walk(row.children, `${key}.`, depth + 1);
    });
  };
  walk(params, '', 0);
  return out;
}

/** Keys of every row with children: what "collapse all" closes. */
export function parentKeys(params: ReadonlyArray<ParamRow>): string[] {
  const out: string[] = [];
  const walk = (rows: ReadonlyArray<ParamRow>, prefix: string) => {
    rows.forEach((row, index) => {
      if (!row.children.length) return;
      const key = keyOf(row, prefix, index);
      out.push(key);
      walk(row.children, `${key}.`);
    });
  };
  walk(params, '');
  return out;
}

/** Rows in the whole tree, collapsed or not. */
export function countRows(params: ReadonlyArray<ParamRow>): number {
  let n = 0;
  for (const row of params) n += 1 + countRows(row.children);
  return n;
}

/** Index of the line's parent line (the nearest earlier line one level up), or -1 at the top level. */
export function parentIndex(lines: ReadonlyArray<ParamLine>, index: number): number {
  const depth = lines[index]?.depth ?? 0;
  if (depth === 0) return -1;
  for (let i = index - 1; i >= 0; i--) if ((lines[i]?.depth ?? 0) < depth) return i;
  return -1;
}
