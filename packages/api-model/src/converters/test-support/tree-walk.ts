import type { ApiDoc } from '../../model/api-doc.ts';
import { PARAM_TABLES } from '../../model/constants.ts';
import type { ParamRow } from '../../model/param.ts';
import type { SourceDocNode, SourceNode, SourceTree } from '../../sync/source-tree.ts';

/** Every doc node of a tree, depth first. */
export function docsOf(tree: SourceTree | SourceNode[]): SourceDocNode[] {
  const out: SourceDocNode[] = [];
  const stack = [...(Array.isArray(tree) ? tree : tree.nodes)].reverse();
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.kind === 'doc') out.push(node);
    else stack.push(...[...node.children].reverse());
  }
  return out;
}

/** Every row of a doc's tables (all levels). */
export function rowsOf(doc: ApiDoc): ParamRow[] {
  const out: ParamRow[] = [];
  for (const table of PARAM_TABLES) {
    const stack = [...doc[table]];
    for (let row = stack.pop(); row; row = stack.pop()) {
      out.push(row);
      stack.push(...row.children);
    }
  }
  return out;
}

/** The deepest nesting of a row list (1 for flat rows). */
export function depthOf(rows: ReadonlyArray<ParamRow>): number {
  let max = 0;
  const stack = rows.map((row) => ({ row, depth: 1 }));
  for (let item = stack.pop(); item; item = stack.pop()) {
    max = Math.max(max, item.depth);
    for (const child of item.row.children) stack.push({ row: child, depth: item.depth + 1 });
  }
  return max;
}
