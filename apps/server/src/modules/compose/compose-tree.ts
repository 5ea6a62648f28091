import { ViewNodeType, type ViewNodeWire } from '@quire/shared';
import type { LiveDocRow } from './compose.repository.ts';

/** An entry of a composed project, as much as its tree needs. */
export interface TreeEntry {
  id: string;
  docId: string;
  isFolder: number;
  folderName: string;
  parentId: string;
}

/**
 * The visitor's menu of a composed project: its own folders (type 2, by entry id) holding docs (type 3, by
 * doc id), in the entries' order. Entries whose doc is gone or hidden are left out, and so are folders left
 * empty; an entry whose folder is gone shows at the top. O(n).
 */
export function buildComposeMenu(
  entries: ReadonlyArray<TreeEntry>,
  docs: ReadonlyMap<string, LiveDocRow>,
): ViewNodeWire[] {
  const folders = new Map<string, { node: ViewNodeWire; children: ViewNodeWire[]; count: number }>();
  for (const entry of entries)
    if (entry.isFolder === 1)
      folders.set(entry.id, {
        node: { id: entry.id, type: ViewNodeType.folder, label: entry.folderName, isFolder: true },
        children: [],
        count: 0,
      });
  const top: ViewNodeWire[] = [];
  const placed: Array<{ entry: TreeEntry; node: ViewNodeWire }> = [];
  for (const entry of entries) {
    let node: ViewNodeWire | undefined;
    if (entry.isFolder === 1) node = folders.get(entry.id)?.node;
    else {
      const doc = docs.get(entry.docId);
      if (!doc || doc.isFolder === 1 || doc.isShow !== 1) continue;
      node = { id: doc.id, type: ViewNodeType.doc, label: doc.name };
      if (doc.url && doc.type <= 1) node.url = doc.url;
      if (doc.httpMethod && doc.type === 0) node.httpMethod = doc.httpMethod;
      if (doc.deprecated !== '$false$') node.deprecated = doc.deprecated;
      if (doc.type !== 0) node.docType = doc.type;
    }
    if (node) placed.push({ entry, node });
  }
  for (const { entry, node } of placed) {
    const parent = entry.parentId && entry.parentId !== entry.id ? folders.get(entry.parentId) : undefined;
    if (parent) parent.children.push(node);
    else top.push(node);
  }
  // Count docs bottom-up and drop empty folders; folders nest, so finish recursively with a depth guard.
  const finish = (nodes: ViewNodeWire[], depth: number): { kept: ViewNodeWire[]; count: number } => {
    let count = 0;
    const kept: ViewNodeWire[] = [];
    for (const node of nodes) {
      if (node.type !== ViewNodeType.folder) {
        count += 1;
        kept.push(node);
        continue;
      }
      const folder = folders.get(node.id);
      if (!folder || depth > 32) continue;
      const inner = finish(folder.children, depth + 1);
      if (inner.count === 0) continue;
      node.children = inner.kept;
      node.apiCount = inner.count;
      count += inner.count;
      kept.push(node);
    }
    return { kept, count };
  };
  return finish(top, 0).kept;
}
