import {
  type ApiDoc,
  type DocChange,
  DocType,
  diffDocs,
  newApiDoc,
  type PreparedDocRow,
  type PreparedSearch,
  type SourceDocNode,
  type SourceEntry,
  type SourceFolder,
  type SyncCounts,
  sourceEntries,
} from '@quire/api-model';
import type { Insertable, Kysely } from 'kysely';
import type { Database, DocRevisionsTable, DocsTable } from '../../db/schema.ts';
import { nowIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { columnsOf, type DocColumns, readDocument } from '../docs/doc-document.ts';
import { folderRevisionRow, newDocRow, revisionRow } from '../docs/docs.service.ts';
import { isPruneTurn } from '../docs/revision-retention.ts';
import { listEnums } from '../enums/enums.service.ts';
import type { ChangedDoc } from '../messages/change-events.ts';
import { listDocContents, type SyncDocRow } from './doc-sync.repository.ts';
import { buildSyncedDocument, docKeyOf, syncedUrl } from './sync-document.ts';
import { recordSync } from './sync-record.ts';
import type { Stamp } from './sync-extras.ts';
import type { StreamedTail, SyncedContent, SyncInput, SyncResult } from './sync-input.ts';
import { type RemovedDoc, unnamedRows } from './sync-removal.ts';
import { batchesOf, changedColumns, countTreeDocs, folderKey, withoutDocument } from './sync-rows.ts';
import { HeldRows } from './sync-index.ts';
import { namedLinks, type TreeHead } from './sync-streamed.ts';
import { directWrites, type RowWriter, type SyncWrites } from './sync-writes.ts';

/** A transaction, or the root handle when a staged import writes in short transactions of its own (staged-sync.ts). */
type Trx = Kysely<Database>;

/** The changes of a doc's first revision (what `diffDocs(null, doc)` answers for any doc). */
const ADDED: DocChange[] = [{ target: 'doc', kind: 'add' }];

/** Docs handled between two yields to the event loop, so a sync of thousands of docs never stalls requests. */
const YIELD_EVERY = 5;
/**
 * New rows (docs and revisions) are written once this many wait: while a streamed source's next batch is
 * still being prepared by the import's worker, its rows before are already inserted, instead of every insert
 * (half a second of GitHub's 1,223 docs) waiting until the last batch arrived.
 */
const FLUSH_ROWS = 200;

/**
 * Entries taken together when the application holds docs: their documents are read in one query, and at most
 * this many are held at once (a Graph doc's runs to tens of KB).
 */
const READ_BATCH = 50;

/** Revision sources that mean a person wrote the text (a restore brings back what a person chose). */
const BY_HAND = new Set(['web', 'restore']);

/** What a sync did, and the revisions to prune once it committed. */
export type SyncOutcome = { result: SyncResult; pruneTurns: Array<{ docId: string; revision: number }> };

export type { RowWriter } from './sync-writes.ts';

/** One sync's state: what the application holds, what the source claimed, and what to write. */
export class ModuleSync {
  private removed: RemovedDoc[] = [];
  private readonly stamp: Stamp;
  private readonly counts: SyncCounts = { added: 0, updated: 0, deleted: 0, unchanged: 0 };
  private readonly warnings: string[] = [];
  /** What the application holds (sync-index.ts). */
  private readonly held = new HeldRows();
  /** Rows the source named (matched or created). */
  private readonly claimed = new Set<string>();
  /** Rows to insert at the next flush; parents of every row inserted, for the replace's empty-folder check. */
  private newRows: Insertable<DocsTable>[] = [];
  private readonly newParents = new Set<string>();
  private revisions: Insertable<DocRevisionsTable>[] = [];
  /** Revisions written on a pruning turn (revision-retention.ts): pruned after the commit. */
  private readonly pruneTurns: Array<{ docId: string; revision: number }> = [];
  /** Docs whose document changed (added, rewritten or removed): what followers hear about. */
  private readonly changed: ChangedDoc[] = [];
  /** With `keepContents`: the documents of the changed docs, before and after. */
  private readonly contents: SyncedContent[] = [];
  private enumIds: ReadonlyMap<string, string> = new Map();

  /** Where the writes go (sync-writes.ts); reads always go to `trx`. */
  private readonly writes: SyncWrites;

  constructor(
    private readonly trx: Trx,
    private readonly input: SyncInput,
    rows?: RowWriter,
    writes?: SyncWrites,
  ) {
    this.stamp = { actorId: input.actorId, now: nowIso() };
    this.writes = writes ?? directWrites(trx, rows);
  }

  private warn = (message: string): void => {
    if (this.warnings.length < 200) this.warnings.push(message);
  };

  async run(): Promise<SyncOutcome> {
    await this.write();
    return this.finish(this.trx);
  }

  /** Writes the docs, folders, dictionaries and removals: everything but the sync's outbox and audit rows. */
  async write(): Promise<void> {
    const { input } = this;
    if (input.streamed) await this.writeStreamed(input.streamed);
    else {
      await this.held.load(this.trx, this.input);
      await this.writeTree(input.tree, input.entries ?? sourceEntries(input.tree.nodes));
    }
    await this.flush();
    this.removed = input.mode.replace ? await this.removeUnnamed() : [];
    for (const doc of this.removed) this.changed.push({ id: doc.id, name: doc.name, change: 'delete' });
    if (input.keepContents && this.removed.length > 0)
      for (const { id, content } of await listDocContents(
        this.trx,
        this.removed.map((doc) => doc.id),
      ))
        this.contents.push({ id, before: content, after: null });
  }

  /**
   * The outbox row (what followers hear) and the audit record, in the transaction that commits the sync: its
   * own for an ordinary sync, the publishing one for a staged import (staged-sync.ts).
   */
  async finish(trx: Trx): Promise<SyncOutcome> {
    const { input, removed } = this;
    await recordSync(trx, input, this.counts, this.changed, this.stamp.now);
    const result: SyncResult = { ...this.counts, removed, warnings: this.warnings };
    if (input.keepContents) result.contents = this.contents;
    return { result, pruneTurns: this.pruneTurns };
  }

  /** The tree's head (dictionaries first, to link), then its folders and docs; after `held.load`. */
  private async writeTree(head: TreeHead, entries: AsyncIterable<SourceEntry> | Iterable<SourceEntry>) {
    const { input } = this;
    this.warnings.push(...head.warnings.slice(0, 100));
    this.enumIds = await this.writes.enums(input.moduleId, head.enums, this.stamp);
    await this.writeHeadRest(head);
    // Every doc will be new: the import's worker may build their rows (a re-import matches most and builds none).
    if (this.held.docs.size === 0) input.onEnumIds?.(this.enumIds);
    await this.walk(entries);
  }

  private async writeHeadRest(head: TreeHead): Promise<void> {
    const { input } = this;
    await this.writes.environments(input.moduleId, head.environments, this.stamp, this.warn);
    if (head.commonErrorCodes)
      await this.writes.errorCodes(input.moduleId, head.commonErrorCodes, this.stamp);
  }

  /**
   * A tree whose docs come while it still converts (an import's first sync, sync-input.ts `streamed`): into an
   * application that holds nothing, every doc is new and its row arrives built, linked to dictionary ids the
   * worker chose, so the docs are written as they come and the dictionaries, environments and the folders'
   * order follow from the tail. An application someone wrote to meanwhile gets the tree synced as any other,
   * once all of it came (the worker's ids and rows are dropped then).
   */
  private async writeStreamed(streamed: Promise<StreamedTail>): Promise<void> {
    const { trx, input } = this;
    const entries = input.entries ?? [];
    await this.held.load(this.trx, this.input);
    if (
      this.held.docs.size > 0 ||
      this.held.folders.size > 0 ||
      (await listEnums(trx, input.moduleId)).length > 0
    ) {
      const buffered: SourceEntry[] = [];
      for await (const entry of entries) buffered.push(entry);
      const tail = await streamed;
      await this.writeTree(tail.head, namedLinks(buffered, tail.names));
      return;
    }
    await this.walk(entries);
    const tail = await streamed;
    this.warnings.unshift(...tail.head.warnings.slice(0, 100));
    this.enumIds = await this.writes.enums(
      input.moduleId,
      tail.head.enums,
      this.stamp,
      new Map(tail.enumIds),
    );
    await this.writeHeadRest(tail.head);
    await this.flush();
    await this.writes.orderTopLevel(input.moduleId, tail.folderOrder);
  }

  /**
   * Walks the source's entries (depth first, each naming its parent folder by number): a folder the sync
   * skips (nameless, or locked here) takes its whole subtree with it. Into an application that holds docs,
   * the entries come a batch at a time, and the documents of the docs a batch matches are read together
   * (sync-index.ts `readDocuments`).
   */
  private async walk(entries: AsyncIterable<SourceEntry> | Iterable<SourceEntry>): Promise<void> {
    const SKIPPED = null;
    const folderIds: Array<string | typeof SKIPPED> = [];
    for await (const batch of batchesOf(entries, this.held.hasUnread() ? READ_BATCH : 1)) {
      await this.held.readDocuments(this.trx, batch);
      for (const { parent, node } of batch) {
        const parentId = parent < 0 ? '' : folderIds[parent];
        if (parentId === undefined) throw new Error(`source entry names folder ${parent} before it came`);
        if (node.kind === 'folder') {
          folderIds.push(parentId === SKIPPED ? SKIPPED : await this.folder(node, parentId));
          continue;
        }
        if (parentId === SKIPPED) continue;
        await this.doc(node, parentId);
        if (this.newRows.length + this.revisions.length >= FLUSH_ROWS) await this.flush();
        await this.step();
      }
    }
  }

  /**
   * Inserts the rows waiting, docs before their revisions. A folder is always flushed with or before its
   * children (entries come parents first), and a row is matched in memory (`docs`, `folders`) whether or not
   * it was flushed yet.
   */
  private async flush(): Promise<void> {
    const rows = this.newRows;
    const revisions = this.revisions;
    this.newRows = [];
    this.revisions = [];
    for (const row of rows) this.newParents.add(row.parentId as string);
    for (const row of revisions)
      if (isPruneTurn(row.revision)) this.pruneTurns.push({ docId: row.docId, revision: row.revision });
    if (rows.length + revisions.length > 0) await this.writes.rows(rows, revisions);
  }

  private walked = 0;
  private totalDocs = -1;

  /**
   * After each doc: every few docs, yield to the event loop (a database driver's promises resolve as
   * microtasks, so without this a sync of 11,000 docs would hold the thread for its whole run), report progress
   * and stop if aborted.
   */
  private async step(): Promise<void> {
    this.walked++;
    if (this.walked % YIELD_EVERY !== 0) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.input.signal?.throwIfAborted();
    if (this.input.onProgress) {
      if (this.totalDocs < 0) this.totalDocs = this.input.docCount ?? countTreeDocs(this.input.tree.nodes);
      this.input.onProgress(this.walked, this.totalDocs);
    }
  }

  /** Matches or creates a folder (children come as later entries): its id, or null when it is skipped. */
  private async folder(node: SourceFolder, parentId: string): Promise<string | null> {
    const name = node.name.trim();
    if (!name) {
      this.warn('a folder without a name was skipped with its contents');
      return null;
    }
    const key = folderKey(parentId, name);
    const row = this.held.folders.get(key);
    if (row && this.held.frozen.has(row.id)) return null; // a locked folder: its subtree is left as it is
    let id: string;
    if (row) {
      id = row.id;
      this.claimed.add(row.id);
      const current = readDocument(row.content);
      const next = { ...current };
      if (node.description !== undefined) next.description = node.description;
      if (node.dubboInfo) Object.assign(next, { type: DocType.dubbo, dubboInfo: node.dubboInfo });
      if (JSON.stringify(next) !== JSON.stringify(current)) {
        await this.flush(); // the folder may be a row of this sync still waiting to be inserted
        await this.writes.update(row.id, {
          ...columnsOf(next),
          updatedBy: this.stamp.actorId,
          updatedAt: this.stamp.now,
        });
      }
    } else {
      id = newId();
      const doc = newApiDoc(name, {
        httpMethod: '',
        description: node.description ?? '',
        ...(node.dubboInfo ? { type: DocType.dubbo, dubboInfo: node.dubboInfo } : {}),
      });
      const inserted = this.insertRow(id, parentId, 1, columnsOf(doc));
      this.held.folders.set(key, inserted);
      this.claimed.add(id);
    }
    return id;
  }

  /** Search columns the import's worker computed ahead: trusted only on a tree the server prepared. */
  private searchAhead(node: SourceDocNode): PreparedSearch | undefined {
    return this.input.sanitized ? node.search : undefined;
  }

  private insertRow(id: string, parentId: string, isFolder: 0 | 1, columns: DocColumns): SyncDocRow {
    const row = newDocRow(
      {
        id,
        moduleId: this.input.moduleId,
        parentId,
        isFolder,
        orderIndex: this.held.nextOrder(parentId),
        actorId: this.stamp.actorId,
        now: this.stamp.now,
        syncOrigin: this.input.source,
      },
      columns,
    );
    this.newRows.push(row);
    // A folder's document goes in its first revision, as a doc's does (`doc` adds that one with its changes).
    if (isFolder === 1)
      this.revisions.push(
        folderRevisionRow(id, columns.content, this.input.source, this.stamp.actorId, this.stamp.now),
      );
    return { ...row, content: columns.content };
  }

  /** A new doc's row built ahead by the import's worker: trusted only on a tree the server prepared. */
  private readyRow(node: SourceDocNode): PreparedDocRow | undefined {
    return this.input.sanitized ? node.ready : undefined;
  }

  private async doc(node: SourceDocNode, parentId: string): Promise<void> {
    const key = docKeyOf({ ...node.doc, url: syncedUrl(node) });
    const row = this.held.docs.get(key);
    if (row && this.claimed.has(row.id)) {
      this.warn(`${key} (${node.doc.name}) appears twice in the source; the first is kept`);
      return;
    }
    if (!row) {
      const ready = this.readyRow(node);
      for (const warning of ready?.warnings ?? []) this.warn(warning);
      const columns =
        ready?.columns ??
        columnsOf(buildSyncedDocument(node, this.context(null, false)), this.searchAhead(node));
      const id = newId();
      const inserted = this.insertRow(id, parentId, 0, columns);
      // Kept without its document: a doc of this sync is only matched again to be refused as a repeat, and
      // 22,000 documents held to the end of a sync were a third of a large import's memory.
      this.held.docs.set(key, withoutDocument(inserted));
      this.claimed.add(id);
      this.revision(id, 1, inserted.content, ADDED);
      if (this.input.keepContents) this.contents.push({ id, before: null, after: inserted.content });
      this.changed.push({ id, name: columns.name, change: 'add', revision: 1 });
      this.counts.added += 1;
      return;
    }
    this.claimed.add(row.id);
    if (this.held.frozen.has(row.id)) {
      this.counts.unchanged += 1;
      return;
    }
    const current = readDocument(row.content);
    // An empty description has nothing to protect, even on a doc a person created.
    const handWritten =
      current.description !== '' && BY_HAND.has(this.held.descriptionBy.get(row.id)?.source ?? '');
    const next = buildSyncedDocument(node, this.context(current, handWritten && !this.input.mode.override));
    const columns = columnsOf(next, this.searchAhead(node));
    // The stored text is the JSON of the document built the same way, so an unchanged source gives the same
    // text: a string comparison spares the diff for the common case of a re-push.
    const changes = columns.content === row.content ? [] : diffDocs(current, next);
    const before = row.content;
    row.content = ''; // claimed: never read again in this sync, and no longer held to its end
    const moves = row.parentId !== parentId;
    if (changes.length === 0 && !moves) {
      this.counts.unchanged += 1;
      return;
    }
    const place = moves ? { parentId, orderIndex: this.held.nextOrder(parentId) } : {};
    if (changes.length === 0) {
      await this.writes.update(row.id, { ...place, updatedAt: this.stamp.now });
    } else {
      const saved = await this.writes.updateAtRevision(row.id, row.revision, {
        ...changedColumns(row, columns),
        ...place,
        updatedBy: this.stamp.actorId,
        updatedAt: this.stamp.now,
      });
      if (!saved) {
        this.warn(`${next.name}: changed by someone during the sync; left as they saved it`);
        this.counts.unchanged += 1;
        return;
      }
      this.revision(row.id, row.revision + 1, columns.content, changes);
      if (this.input.keepContents) this.contents.push({ id: row.id, before, after: columns.content });
      this.changed.push({ id: row.id, name: next.name, change: 'update', revision: row.revision + 1 });
    }
    this.counts.updated += 1;
  }

  private context(current: ApiDoc | null, keepDescription: boolean) {
    return {
      current,
      keepDescription,
      enumIds: this.enumIds,
      author: this.input.author,
      sanitized: this.input.sanitized === true,
      warn: this.warn,
    };
  }

  private revision(docId: string, revision: number, snapshot: string, changes: unknown[]): void {
    this.revisions.push(
      revisionRow({
        docId,
        revision,
        snapshot,
        remark: '',
        source: this.input.source,
        changes,
        actorId: this.stamp.actorId,
        now: this.stamp.now,
      }),
    );
  }

  /** Replace: soft-deletes what the source no longer names (sync-removal.ts). */
  private async removeUnnamed(): Promise<RemovedDoc[]> {
    const { claimed, newParents } = this;
    const { docs, children, frozen } = this.held;
    const { removed, ids } = unnamedRows({ docs, children, claimed, frozen, newParents });
    if (ids.length > 0) await this.writes.softDelete(ids, this.stamp.now, this.stamp.actorId);
    this.counts.deleted = removed.length;
    return removed;
  }
}
