import type { DocTreeRow } from '@quire/shared';

/** A node of the doc tree: the row, its children in order, and the number of docs below a folder. */
export interface DocNode {
  row: DocTreeRow;
  children: DocNode[];
  /** Docs (not folders) in the subtree; 1 for a doc. */
  count: number;
}

function byOrder(a: DocTreeRow, b: DocTreeRow): number {
  return a.orderIndex - b.orderIndex || a.name.localeCompare(b.name);
}

/** Nests flat rows (`parentId` "" = top) in one pass; rows whose parent is missing go to the top. */
export function buildDocTree(rows: ReadonlyArray<DocTreeRow>): DocNode[] {
  const nodes = new Map<string, DocNode>();
  for (const row of rows) nodes.set(row.id, { row, children: [], count: row.isFolder ? 0 : 1 });
  const roots: DocNode[] = [];
  for (const row of [...rows].sort(byOrder)) {
    const node = nodes.get(row.id) as DocNode;
    const parent = row.parentId ? nodes.get(row.parentId) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  const countOf = (node: DocNode): number => {
    if (!node.row.isFolder) return 1;
    node.count = node.children.reduce((sum, child) => sum + countOf(child), 0);
    return node.count;
  };
  for (const root of roots) countOf(root);
  return roots;
}

/**
 * Torna's client filter: a folder whose name matches keeps all its children; otherwise its children are
 * searched and the folder is kept holding only the matches. Docs match on name, url or id, case-insensitively.
 */
export function filterDocTree(nodes: ReadonlyArray<DocNode>, text: string): DocNode[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...nodes];
  const out: DocNode[] = [];
  for (const node of nodes) {
    const { row } = node;
    const hit =
      row.name.toLowerCase().includes(needle) ||
      row.id.toLowerCase() === needle ||
      (!row.isFolder && row.url.toLowerCase().includes(needle));
    if (hit) out.push(node);
    else if (row.isFolder) {
      const children = filterDocTree(node.children, needle);
      if (children.length) out.push({ ...node, children });
    }
  }
  return out;
}

/** Ids of every folder in the trees (to expand a filtered result). */
export function folderIds(nodes: ReadonlyArray<DocNode>): string[] {
  const ids: string[] = [];
  const stack = [...nodes];
  while (stack.length) {
    const node = stack.pop() as DocNode;
    if (node.row.isFolder) {
      ids.push(node.row.id);
      stack.push(...node.children);
    }
  }
  return ids;
}

/**
 * Where a drop puts a node, as `POST /api/doc/move` wants it: into a folder (at the end), or before/after a
 * sibling (`orderIndex` of the row it lands before; none = at the end).
 */
export function moveTarget(
  siblingsOfTarget: ReadonlyArray<DocTreeRow>,
  target: DocTreeRow,
  dragged: DocTreeRow,
  position: 'into' | 'before' | 'after',
): { id: string; parentId: string; orderIndex?: number } {
  if (position === 'into') return { id: dragged.id, parentId: target.id };
  if (position === 'before')
    return { id: dragged.id, parentId: target.parentId, orderIndex: target.orderIndex };
  const others = siblingsOfTarget.filter((row) => row.id !== dragged.id);
  const index = others.findIndex((row) => row.id === target.id);
  const next = others[index + 1];
  return next
    ? { id: dragged.id, parentId: target.parentId, orderIndex: next.orderIndex }
    : { id: dragged.id, parentId: target.parentId };
}

/** The editor's path of a doc: custom and Markdown docs use `edit_custom`. */
export function editPath(moduleId: string, row: { id: string; type: number }): string {
  return row.type === 2 || row.type === 3
    ? `/doc/edit_custom/${moduleId}/${row.id}`
    : `/doc/edit/${moduleId}/${row.id}`;
}

/** The copy path of a doc. */
export function copyPath(moduleId: string, row: { id: string; type: number }): string {
  return row.type === 2 || row.type === 3
    ? `/doc/copy_custom/${moduleId}/${row.id}`
    : `/doc/copy/${moduleId}/${row.id}`;
}

/** localStorage key of an application's expanded folders (Torna's name). */
export function expandKey(moduleId: string): string {
  return `torna.doc.table.trigger.${moduleId}`;
}
