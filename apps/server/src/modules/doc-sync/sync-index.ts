import { Ordering, type SourceEntry } from '@quire/api-model';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  listDescriptionRevisions,
  listDocContents,
  listSyncDocs,
  type SyncDocRow,
} from './doc-sync.repository.ts';
import { docKeyOf, syncedUrl } from './sync-document.ts';
import type { SyncInput } from './sync-input.ts';
import { folderKey, namedDocKeys } from './sync-rows.ts';

/**
 * What an application holds when a sync begins (module-sync.ts): its folders by parent and name, its docs by
 * identity, each parent's children and highest order, the rows a lock keeps from the sync, and who wrote each
 * doc's description last. Read once, then updated in memory as the sync places new rows.
 */
export class HeldRows {
  readonly folders = new Map<string, SyncDocRow>();
  readonly docs = new Map<string, SyncDocRow>();
  readonly children = new Map<string, SyncDocRow[]>();
  readonly maxOrder = new Map<string, number>();
  /** Rows the sync must not touch: locked docs and folders and everything below a locked folder. */
  readonly frozen = new Set<string>();
  readonly descriptionBy = new Map<string, { revision: number; source: string }>();

  /** Docs whose document is not read yet (`readDocuments`). */
  private readonly unread = new Set<string>();

  /**
   * Reads the application once, without the docs' documents: `readDocuments` reads those of the docs the
   * source names as it comes. Who wrote each description is read for every doc, or for a tree held in memory
   * for the docs it names only (see `namedDocKeys`).
   */
  async load(db: Kysely<Database>, input: SyncInput): Promise<void> {
    const named = namedDocKeys(input);
    const rows = await listSyncDocs(db, input.moduleId);
    for (const row of rows) {
      const siblings = this.children.get(row.parentId) ?? [];
      siblings.push(row);
      this.children.set(row.parentId, siblings);
      this.maxOrder.set(row.parentId, Math.max(this.maxOrder.get(row.parentId) ?? -Infinity, row.orderIndex));
      if (row.isFolder === 1) {
        const key = folderKey(row.parentId, row.name);
        if (!this.folders.has(key)) this.folders.set(key, row);
      } else {
        const key = docKeyOf(row);
        if (!this.docs.has(key)) {
          this.docs.set(key, row);
          this.unread.add(row.id);
        }
      }
    }
    for (const row of rows) if (row.isLocked === 1) this.freeze(row.id);
    const matched = named ? [...named].flatMap((key) => this.docs.get(key)?.id ?? []) : undefined;
    const described = await listDescriptionRevisions(db, input.moduleId, matched);
    for (const entry of described) {
      const known = this.descriptionBy.get(entry.docId);
      if (!known || known.revision < entry.revision)
        this.descriptionBy.set(entry.docId, { revision: entry.revision, source: entry.source });
    }
  }

  /** Whether some doc's document is still to read: a sync then takes the source's entries a batch at a time. */
  hasUnread(): boolean {
    return this.unread.size > 0;
  }

  /**
   * Reads, in one query, the documents of the docs these entries match that were not read yet. A doc's
   * document is kept only until the sync compares it (module-sync.ts empties it then).
   */
  async readDocuments(db: Kysely<Database>, entries: ReadonlyArray<SourceEntry>): Promise<void> {
    const byId = new Map<string, SyncDocRow>();
    for (const { node } of entries) {
      if (node.kind !== 'doc') continue;
      const row = this.docs.get(docKeyOf({ ...node.doc, url: syncedUrl(node) }));
      // A locked doc is left as it is: its document is never compared.
      if (row && this.unread.delete(row.id) && !this.frozen.has(row.id)) byId.set(row.id, row);
    }
    if (byId.size === 0) return;
    for (const { id, content } of await listDocContents(db, [...byId.keys()])) {
      const row = byId.get(id);
      if (row) row.content = content;
    }
  }

  private freeze(id: string): void {
    const stack = [id];
    for (let at = stack.pop(); at !== undefined; at = stack.pop()) {
      if (this.frozen.has(at)) continue;
      this.frozen.add(at);
      for (const child of this.children.get(at) ?? []) stack.push(child.id);
    }
  }

  /** The order for a new row under `parentId`: after its last child. */
  nextOrder(parentId: string): number {
    const max = this.maxOrder.get(parentId);
    const next = max === undefined || max === -Infinity ? Ordering.initOrder : max + Ordering.step;
    this.maxOrder.set(parentId, next);
    return next;
  }
}
