import { ViewNodeType, type ViewNodeWire } from '@quire/shared';

/**
 * The reader's tree in the browser: the server's nodes read once into linked items, then a visible-row list
 * computed from the expanded set and the filter. Everything here is O(n) over the nodes and allocation-light,
 * so a keystroke in the filter stays within a few milliseconds at 5,000 docs.
 */
export interface TreeItem {
  id: string;
  type: number;
  label: string;
  url: string;
  httpMethod: string;
  deprecated: string;
  docType: number;
  apiCount: number;
  isFolder: boolean;
  depth: number;
  parent: TreeItem | null;
  children: TreeItem[];
  /** Lower-cased id, label and URL, what the filter matches. */
  key: string;
}

/** One row on screen. */
export interface TreeRowView {
  item: TreeItem;
  expanded: boolean;
}

/** Reads the server's nodes (compact, see `ViewNodeWire`) into linked items. */
export function readTree(nodes: ReadonlyArray<ViewNodeWire>): TreeItem[] {
  const read = (node: ViewNodeWire, parent: TreeItem | null, depth: number): TreeItem => {
    const item: TreeItem = {
      id: node.id,
      type: node.type,
      label: node.label,
      url: node.url ?? '',
      httpMethod: node.httpMethod ?? '',
      deprecated: node.deprecated ?? '$false$',
      docType: node.docType ?? 0,
      apiCount: node.apiCount ?? 0,
      isFolder: node.type !== ViewNodeType.doc,
      depth,
      parent,
      children: [],
      key: `${node.id}\n${node.label}\n${node.url ?? ''}`.toLowerCase(),
    };
    item.children = (node.children ?? []).map((child) => read(child, item, depth + 1));
    return item;
  };
  return nodes.map((node) => read(node, null, 0));
}

/** Every item, depth first. */
export function allItems(roots: ReadonlyArray<TreeItem>): TreeItem[] {
  const out: TreeItem[] = [];
  const walk = (items: ReadonlyArray<TreeItem>) => {
    for (const item of items) {
      out.push(item);
      walk(item.children);
    }
  };
  walk(roots);
  return out;
}

/** Ids of every item with children (what "expand all" opens). */
export function parentIds(roots: ReadonlyArray<TreeItem>): string[] {
  return allItems(roots)
    .filter((item) => item.children.length > 0)
    .map((item) => item.id);
}

/** The ids of an item's ancestors, nearest last (to reveal it). */
export function ancestorIds(item: TreeItem): string[] {
  const out: string[] = [];
  for (let p = item.parent; p; p = p.parent) out.unshift(p.id);
  return out;
}

/** The doc with this id, if the tree holds it. */
export function findItem(roots: ReadonlyArray<TreeItem>, id: string): TreeItem | undefined {
  const stack = [...roots];
  for (let item = stack.pop(); item; item = stack.pop()) {
    if (item.id === id) return item;
    stack.push(...item.children);
  }
  return undefined;
}

/**
 * The rows to show. Without a filter: items whose ancestors are all expanded. With a filter (Torna's rule):
 * an item that matches (id, name or URL, case-insensitively) is shown with everything below it, expanded;
 * a folder that does not match is shown, expanded, only when something below it matches.
 */
export function visibleRows(
  roots: ReadonlyArray<TreeItem>,
  expanded: ReadonlySet<string>,
  filter: string,
): TreeRowView[] {
  const out: TreeRowView[] = [];
  const needle = filter.trim().toLowerCase();
  if (!needle) {
    const walk = (items: ReadonlyArray<TreeItem>) => {
      for (const item of items) {
        const open = item.children.length > 0 && expanded.has(item.id);
        out.push({ item, expanded: open });
        if (open) walk(item.children);
      }
    };
    walk(roots);
    return out;
  }
  const showAll = (item: TreeItem) => {
    out.push({ item, expanded: item.children.length > 0 });
    for (const child of item.children) showAll(child);
  };
  // Answers whether anything in the subtree matched; rows are pushed in order, a folder's row first.
  const search = (item: TreeItem): boolean => {
    if (item.key.includes(needle)) {
      showAll(item);
      return true;
    }
    if (item.children.length === 0) return false;
    const at = out.length;
    out.push({ item, expanded: true });
    let found = false;
    for (const child of item.children) found = search(child) || found;
    if (!found) out.length = at;
    return found;
  };
  for (const root of roots) search(root);
  return out;
}
