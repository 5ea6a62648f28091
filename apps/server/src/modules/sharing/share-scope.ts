/** A doc or folder of an application, as much as the share's reach needs. */
export interface ScopeRow {
  id: string;
  parentId: string;
  isFolder: number;
}

/** What a share holds: the whole application, or chosen docs and folders. */
export interface ShareChoice {
  isAll: boolean;
  content: ReadonlyArray<{ docId: string; isShareFolder: number }>;
}

/**
 * The docs (not folders) a share reaches among the application's live rows, computed on every call so a
 * folder shared with `isShareFolder` also reaches the docs added to it later, and deleted docs drop out. A
 * chosen doc reaches itself; a shared folder reaches every doc below it, at any depth. O(n).
 */
export function sharedDocIds(rows: ReadonlyArray<ScopeRow>, choice: ShareChoice): Set<string> {
  const docs = new Set<string>();
  if (choice.isAll) {
    for (const row of rows) if (row.isFolder !== 1) docs.add(row.id);
    return docs;
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  const sharedFolders = new Set<string>();
  for (const item of choice.content) {
    const row = byId.get(item.docId);
    if (!row) continue;
    if (row.isFolder !== 1) docs.add(row.id);
    else if (item.isShareFolder === 1) sharedFolders.add(row.id);
  }
  if (sharedFolders.size === 0) return docs;
  for (const row of rows) {
    if (row.isFolder === 1 || docs.has(row.id)) continue;
    // Walk up; a cycle in malformed data stops at the row count.
    let parent = row.parentId;
    for (let hops = 0; parent && hops < rows.length; hops++) {
      if (sharedFolders.has(parent)) {
        docs.add(row.id);
        break;
      }
      parent = byId.get(parent)?.parentId ?? '';
    }
  }
  return docs;
}

/** The shared docs and every folder above one of them: the rows the visitor's menu is built from. */
export function rowsWithAncestors<T extends ScopeRow>(
  rows: ReadonlyArray<T>,
  docIds: ReadonlySet<string>,
): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const keep = new Set<string>();
  for (const id of docIds) {
    keep.add(id);
    let parent = byId.get(id)?.parentId ?? '';
    for (let hops = 0; parent && hops < rows.length && !keep.has(parent); hops++) {
      keep.add(parent);
      parent = byId.get(parent)?.parentId ?? '';
    }
  }
  return rows.filter((row) => keep.has(row.id));
}
