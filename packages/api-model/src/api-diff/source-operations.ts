/**
 * The operations of a SourceTree (a converted description or a Torna push) in the form the semantic diff
 * reads: every doc of the tree, with its dictionary-linked rows' values taken from the tree's enums.
 */
import type { ParamRow } from '../model/param.ts';
import type { SourceNode, SourceTree } from '../sync/source-tree.ts';
import type { OperationVersion } from './types.ts';

/** The row an `enumLinks` path names (`requestParams.0.children.2`), or undefined. */
function rowAt(doc: object, path: string): ParamRow | undefined {
  let node: unknown = doc;
  for (const part of path.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node && typeof node === 'object' ? (node as ParamRow) : undefined;
}

export function operationsOfTree(tree: SourceTree): OperationVersion[] {
  const values = new Map(tree.enums.map((e) => [e.name, e.items.map((item) => item.value)]));
  const out: OperationVersion[] = [];
  const stack: SourceNode[] = [...tree.nodes].reverse();
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.kind === 'folder') {
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as SourceNode);
      continue;
    }
    const linked = new Map<ParamRow, string[]>();
    for (const [path, name] of Object.entries(node.enumLinks ?? {})) {
      const row = rowAt(node.doc, path);
      const list = values.get(name);
      if (row && list) linked.set(row, list);
    }
    out.push({ doc: node.doc, enumValues: linked.size ? (row) => linked.get(row) : undefined });
  }
  return out;
}
