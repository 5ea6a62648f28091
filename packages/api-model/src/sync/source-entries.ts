import type { SourceNode } from './source-tree.ts';

/**
 * A source tree flattened depth first: each node with the index of its parent folder (folders are numbered in
 * the order they come; -1 is the top) and without its children. This is the form a tree crosses threads in
 * and the form a sync walks, so a sync can start on the first docs while the rest are still on their way.
 */
export interface SourceEntry {
  parent: number;
  node: SourceNode;
}

/** The entries of `nodes`, depth first; folders come without their children. */
export function sourceEntries(nodes: ReadonlyArray<SourceNode>): SourceEntry[] {
  const entries: SourceEntry[] = [];
  let folders = 0;
  const visit = (list: ReadonlyArray<SourceNode>, parent: number) => {
    for (const node of list) {
      if (node.kind === 'folder') {
        const index = folders++;
        entries.push({ parent, node: { ...node, children: [] } });
        visit(node.children, index);
      } else entries.push({ parent, node });
    }
  };
  visit(nodes, -1);
  return entries;
}

/** Docs among entries (folders not counted). */
export function countEntryDocs(entries: ReadonlyArray<SourceEntry>): number {
  let count = 0;
  for (const entry of entries) if (entry.node.kind === 'doc') count++;
  return count;
}
