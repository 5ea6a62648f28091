import { ViewNodeType, type ViewNodeWire } from '@quire/shared';
import type { ViewModuleRow, ViewRow } from './view.repository.ts';

/** A node while it is being built: children collected, doc count pending. */
interface Draft {
  node: ViewNodeWire;
  children: Draft[];
  folder: boolean;
}

function docNode(row: ViewRow): ViewNodeWire {
  const node: ViewNodeWire = { id: row.id, type: ViewNodeType.doc, label: row.name };
  // Defaults are left out (see ViewNodeWire): most docs are live HTTP docs, so most nodes are small.
  // Only HTTP docs have a method; custom and Markdown pages have neither method nor URL worth showing.
  if (row.url && row.type <= 1) node.url = row.url;
  if (row.httpMethod && row.type === 0) node.httpMethod = row.httpMethod;
  if (row.deprecated !== '$false$') node.deprecated = row.deprecated;
  if (row.type !== 0) node.docType = row.type;
  return node;
}

/** Counts docs below each folder, drops folders without any, and attaches children; answers the doc count. */
function finish(draft: Draft): number {
  if (!draft.folder) return 1;
  let count = 0;
  const kept: ViewNodeWire[] = [];
  for (const child of draft.children) {
    const below = finish(child);
    if (child.folder && below === 0) continue; // an empty folder tells a reader nothing
    count += below;
    kept.push(child.node);
  }
  if (kept.length > 0) draft.node.children = kept;
  if (count > 0) draft.node.apiCount = count;
  return count;
}

/**
 * The reader's tree of some modules: one node per module (type 1) holding its folders (2) and docs (3), in
 * display order; folders count the docs below them and empty ones are left out. A doc whose folder is gone
 * (a stale parent id) shows at the top of its module rather than disappearing. O(n).
 */
export function buildModuleNodes(modules: ReadonlyArray<ViewModuleRow>, rows: ReadonlyArray<ViewRow>) {
  const drafts = new Map<string, Draft>();
  for (const row of rows) {
    const folder = row.isFolder === 1;
    const node: ViewNodeWire = folder
      ? { id: row.id, type: ViewNodeType.folder, label: row.name, isFolder: true }
      : docNode(row);
    if (folder && row.type !== 0) node.docType = row.type; // a Dubbo folder carries the Dubbo popover
    drafts.set(row.id, { node, children: [], folder });
  }
  const moduleDrafts = new Map<string, Draft>();
  for (const module of modules) {
    moduleDrafts.set(module.id, {
      node: { id: module.id, type: ViewNodeType.module, label: module.name, isFolder: true },
      children: [],
      folder: true,
    });
  }
  for (const row of rows) {
    const draft = drafts.get(row.id);
    if (!draft) continue;
    const parent = (row.parentId && drafts.get(row.parentId)) || moduleDrafts.get(row.moduleId);
    // A folder never sits under a doc; guard against a malformed row pointing at itself.
    if (parent && parent !== draft && parent.folder) parent.children.push(draft);
    else moduleDrafts.get(row.moduleId)?.children.push(draft);
  }
  const out = new Map<string, ViewNodeWire>();
  for (const module of modules) {
    const draft = moduleDrafts.get(module.id);
    if (!draft) continue;
    finish(draft);
    out.set(module.id, draft.node);
  }
  return out;
}
