import type { SyncDocRow } from './doc-sync.repository.ts';

/** A doc a replacing sync soft-deleted. */
export interface RemovedDoc {
  id: string;
  name: string;
  httpMethod: string;
  url: string;
}

/** What a sync knows once it walked its source (doc-sync.service.ts `ModuleSync`). */
export interface WalkedApplication {
  /** The application's docs as they were, by identity. */
  docs: ReadonlyMap<string, SyncDocRow>;
  /** Its rows by parent id ('' for the root). */
  children: ReadonlyMap<string, ReadonlyArray<SyncDocRow>>;
  /** Rows the source named. */
  claimed: ReadonlySet<string>;
  /** Locked rows and everything below a locked folder. */
  frozen: ReadonlySet<string>;
  /** Parents of the rows the sync created. */
  newParents: ReadonlySet<string>;
}

/**
 * Replace: the docs a sync created (`sync_origin`) that the source did not name, then the folders left empty
 * by that, and empty folders a sync created that the source no longer names (a controller pushed without
 * endpoints, then removed: Torna's replace dropped every pushed row). Folders people made stay, empty or not.
 * Answers the removed docs and every row id to soft-delete (those docs, then the emptied folders, deepest first).
 */
export function unnamedRows(app: WalkedApplication): { removed: RemovedDoc[]; ids: string[] } {
  const { claimed, frozen, children } = app;
  const removed: RemovedDoc[] = [];
  const gone = new Set<string>();
  for (const row of app.docs.values()) {
    if (claimed.has(row.id) || frozen.has(row.id) || !row.syncOrigin) continue;
    removed.push({ id: row.id, name: row.name, httpMethod: row.httpMethod, url: row.url });
    gone.add(row.id);
  }
  const emptied: string[] = [];
  const liveChildren = (id: string): boolean =>
    app.newParents.has(id) || (children.get(id) ?? []).some((child) => !gone.has(child.id));
  const visit = (id: string, synced: boolean): boolean => {
    let lost = false;
    for (const child of children.get(id) ?? []) {
      if (child.isFolder === 1 && visit(child.id, child.syncOrigin !== null)) lost = true;
      if (gone.has(child.id)) lost = true;
    }
    if (id && (lost || synced) && !claimed.has(id) && !frozen.has(id) && !liveChildren(id)) {
      gone.add(id);
      emptied.push(id);
      return true;
    }
    return lost;
  };
  visit('', false);
  return { removed, ids: [...removed.map((doc) => doc.id), ...emptied] };
}
