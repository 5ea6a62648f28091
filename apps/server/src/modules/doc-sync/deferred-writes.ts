import type { ErrorCodeRow, SourceEnum, SourceEnvironment } from '@quire/api-model';
import type { Insertable, Kysely } from 'kysely';
import type { Database, DocRevisionsTable, DocsTable } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { type DocChanges, replaceCurrentSnapshots, softDeleteDocs } from '../docs/docs.service.ts';
import { listEnums } from '../enums/enums.service.ts';
import type { SearchColumns } from '../view/search-index.service.ts';
import { inSlices } from './staged-writer.ts';
import {
  type DocUpdate,
  deletePendingRevisions,
  insertPendingRevisions,
  insertSwitchedRows,
  updateDocsTogether,
} from './switch.repository.ts';
import { type Stamp, syncEnums, syncEnvironments, syncErrorCodes } from './sync-extras.ts';
import { orderTopLevel } from './sync-streamed.ts';
import type { SyncWrites } from './sync-writes.ts';

type Executor = Kysely<Database>;

/** The switch found a doc someone saved or removed after the sync read it: the plan is stale. */
export class StaleSwitch extends Error {
  constructor(readonly skipped: number) {
    super(`${skipped} docs changed while the re-import was being prepared`);
  }
}

/** Revisions per statement written ahead: a Graph doc's snapshot runs to tens of KB. */
const AHEAD_ROWS = 16;

/**
 * A sync's writes, recorded while it reads and compares (deferred-sync.ts), then run together by `apply` in
 * one short transaction. Only the dictionaries' ids are needed before that (docs link them): existing
 * dictionaries keep theirs, new ones get an id now, and the switch creates them with it.
 *
 * The new revisions of docs that already exist are written ahead instead, in short transactions while the
 * sync plans: each is numbered one past its doc's revision, which every reader of revisions skips
 * (docs/doc-revisions.repository.ts), so it shows only once the switch bumps the doc to it. A changed doc's
 * snapshot is as large as the doc; written in the switch they were a fifth of its time, all of it holding
 * SQLite's one writer. A save of such a doc meanwhile takes that number and replaces the row
 * (`insertRevision`); `discardAhead` removes what a stale or failed plan wrote, and every start what a crash
 * left (`deleteAllPendingRevisions`).
 */
export class DeferredWrites implements SyncWrites {
  private enumsWanted?: { enums: ReadonlyArray<SourceEnum>; stamp: Stamp; chosen: Map<string, string> };
  private environmentsWanted?: {
    environments: ReadonlyArray<SourceEnvironment>;
    stamp: Stamp;
    warn: (message: string) => void;
  };
  private errorCodesWanted?: { codes: ReadonlyArray<Omit<ErrorCodeRow, 'id'>>; stamp: Stamp };
  private readonly docs: Insertable<DocsTable>[] = [];
  private readonly revisions: Insertable<DocRevisionsTable>[] = [];
  /** Docs with a revision written ahead. */
  private readonly ahead = new Set<string>();
  private readonly updates = new Map<string, DocUpdate>();
  /** New documents of docs whose revision stays (folders). */
  private readonly documents = new Map<string, string>();
  private readonly removals: Array<{ ids: ReadonlyArray<string>; at: string; by: string }> = [];
  private folderOrder?: ReadonlyArray<string>;
  /** The search columns the switch writes empty, written after it (`searchColumns`). */
  private readonly search: SearchColumns[] = [];

  /** `reader` answers the reads of the planning (outside any transaction). */
  constructor(
    private readonly reader: Executor,
    private readonly moduleId: string,
    private readonly signal?: AbortSignal,
  ) {}

  async enums(
    moduleId: string,
    enums: ReadonlyArray<SourceEnum>,
    stamp: Stamp,
    chosenIds?: ReadonlyMap<string, string>,
  ): Promise<Map<string, string>> {
    const ids = new Map((await listEnums(this.reader, moduleId)).map((row) => [row.name, row.id]));
    const chosen = new Map<string, string>();
    for (const item of enums) {
      const name = item.name.trim();
      if (!name || ids.has(name)) continue;
      const id = chosenIds?.get(name) ?? newId();
      chosen.set(name, id);
      ids.set(name, id);
    }
    this.enumsWanted = { enums, stamp, chosen };
    return ids;
  }

  async environments(
    _moduleId: string,
    environments: ReadonlyArray<SourceEnvironment>,
    stamp: Stamp,
    warn: (message: string) => void,
  ): Promise<void> {
    this.environmentsWanted = { environments, stamp, warn };
  }

  async errorCodes(_moduleId: string, codes: ReadonlyArray<Omit<ErrorCodeRow, 'id'>>, stamp: Stamp) {
    this.errorCodesWanted = { codes, stamp };
  }

  /**
   * A row's columns with its search columns empty, kept for after the switch: they are the rest of a doc's
   * text in its row (about 6 KB a Graph doc), read on SQLite by nothing but the full-text triggers, which the
   * switch pauses. Written empty, the row the switch rewrites is a few hundred bytes
   * (view/search-index.service.ts writes them after it, and rebuilds a listed doc's from its document if a
   * crash came first).
   */
  private withoutSearch<T extends { searchText?: unknown; searchWords?: unknown }>(id: string, row: T): T {
    if (typeof row.searchText !== 'string' || typeof row.searchWords !== 'string') return row;
    this.search.push({ id, searchText: row.searchText, searchWords: row.searchWords });
    return { ...row, searchText: '', searchWords: '' };
  }

  /** The search columns the switch wrote empty, a doc's last write last. */
  searchColumns(): ReadonlyArray<SearchColumns> {
    return this.search;
  }

  rows = async (docs: Insertable<DocsTable>[], revisions: Insertable<DocRevisionsTable>[]) => {
    for (const row of docs) this.docs.push(this.withoutSearch(row.id, row));
    const fresh = new Set(this.docs.map((row) => row.id));
    // A new doc's first revision waits for its row (the switch inserts both); the others go now.
    const now: Insertable<DocRevisionsTable>[] = [];
    for (const row of revisions) (fresh.has(row.docId) ? this.revisions : now).push(row);
    await this.writeAhead(now);
  };

  private async writeAhead(rows: ReadonlyArray<Insertable<DocRevisionsTable>>): Promise<void> {
    if (rows.length === 0) return;
    for (const row of rows) this.ahead.add(row.docId);
    let at = 0;
    await inSlices(
      this.reader,
      async () => {},
      async (trx) => {
        await insertPendingRevisions(trx, rows.slice(at, at + AHEAD_ROWS));
        at += AHEAD_ROWS;
        return at >= rows.length;
      },
      this.signal,
    );
  }

  /** Deletes the revisions this plan wrote ahead that no switch published, a few docs per transaction. */
  async discardAhead(): Promise<void> {
    const ids = [...this.ahead];
    this.ahead.clear();
    if (ids.length === 0) return;
    let at = 0;
    await inSlices(
      this.reader,
      async () => {},
      async (trx) => {
        await deletePendingRevisions(trx, ids.slice(at, at + AHEAD_ROWS * 4));
        at += AHEAD_ROWS * 4;
        return at >= ids.length;
      },
    );
  }

  async update(id: string, changes: DocChanges): Promise<void> {
    // A folder's new document without a new revision: its current revision's snapshot (docs.repository.ts).
    const { content, ...row } = changes;
    if (content !== undefined) this.documents.set(id, content);
    const known = this.updates.get(id);
    const own = this.withoutSearch(id, row);
    this.updates.set(id, { id, base: known?.base ?? null, changes: { ...known?.changes, ...own } });
  }

  /** Taken as done: the switch runs only on the rows as read (deferred-sync.ts checks nobody wrote since). */
  async updateAtRevision(id: string, base: number, changes: DocChanges): Promise<boolean> {
    // The document is the revision written ahead at `base + 1`, which the switch publishes.
    const { content: _document, ...row } = changes;
    this.documents.delete(id);
    const known = this.updates.get(id);
    this.updates.set(id, { id, base, changes: { ...known?.changes, ...this.withoutSearch(id, row) } });
    return true;
  }

  async softDelete(ids: ReadonlyArray<string>, at: string, by: string): Promise<void> {
    this.removals.push({ ids, at, by });
  }

  async orderTopLevel(_moduleId: string, folderOrder: ReadonlyArray<string>): Promise<void> {
    this.folderOrder = folderOrder;
  }

  /** Runs every recorded write in `trx`, in the order a direct sync makes them depend on each other. */
  async apply(trx: Executor): Promise<void> {
    const { moduleId } = this;
    if (this.enumsWanted) {
      const { enums, stamp, chosen } = this.enumsWanted;
      const ids = await syncEnums(trx, moduleId, enums, stamp, chosen);
      // The docs link the ids chosen while planning: a dictionary made meanwhile under one of those names
      // would leave them dangling (the caller's version check should have seen it first).
      for (const [name, id] of chosen) if (ids.get(name) !== id) throw new StaleSwitch(0);
    }
    if (this.environmentsWanted) {
      const { environments, stamp, warn } = this.environmentsWanted;
      await syncEnvironments(trx, moduleId, environments, stamp, warn);
    }
    if (this.errorCodesWanted)
      await syncErrorCodes(trx, moduleId, this.errorCodesWanted.codes, this.errorCodesWanted.stamp);
    await insertSwitchedRows(trx, this.docs, []);
    const skipped = await updateDocsTogether(trx, [...this.updates.values()]);
    if (skipped > 0) throw new StaleSwitch(skipped);
    await insertSwitchedRows(trx, [], this.revisions);
    // After the new rows' revisions: a folder this sync made may have changed again since.
    await replaceCurrentSnapshots(
      trx,
      [...this.documents].map(([id, content]) => ({ id, content })),
    );
    for (const { ids, at, by } of this.removals) await softDeleteDocs(trx, ids, at, by);
    if (this.folderOrder) await orderTopLevel(trx, moduleId, this.folderOrder);
  }
}
