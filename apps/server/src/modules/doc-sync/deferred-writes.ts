import type { ErrorCodeRow, SourceEnum, SourceEnvironment } from '@quire/api-model';
import type { Insertable, Kysely } from 'kysely';
import type { Database, DocRevisionsTable, DocsTable } from '../../db/schema.ts';
import { readModuleWriteVersion } from '../../db/cache-versions.ts';
import { type DocChanges, replaceCurrentSnapshots, softDeleteDocs } from '../docs/docs.service.ts';
import { pauseSearchIndex, resumeSearchIndex, type SearchColumns } from '../view/search-index.service.ts';
import { inSlices } from './staged-writer.ts';
import {
  type DocUpdate,
  deletePendingRevisions,
  emptySearchColumns,
  insertPendingRevisions,
  runStatements,
  type SwitchStatements,
  switchStatements,
  updateDocsTogether,
} from './switch.repository.ts';
import { type EnumsPlan, planEnums, type Stamp, syncEnvironments, syncErrorCodes } from './sync-extras.ts';
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
/** Docs per statement whose search columns are emptied ahead (a row of Graph's: about 6 KB rewritten). */
const EMPTIED_ROWS = 40;

/**
 * A sync's writes, recorded while it reads and compares (deferred-sync.ts), then run together by `apply` in
 * one short transaction. Only the dictionaries' ids are needed before that (docs link them): existing
 * dictionaries keep theirs, new ones get an id now, and the switch creates them with it (what they need is
 * worked out while planning, `planEnums`).
 *
 * The new revisions of docs that already exist are written ahead instead, in short transactions while the
 * sync plans: each is numbered one past its doc's revision, which every reader of revisions skips
 * (docs/doc-revisions.repository.ts), so it shows only once the switch bumps the doc to it. A changed doc's
 * snapshot is as large as the doc; written in the switch they were a fifth of its time, all of it holding
 * SQLite's one writer. A save of such a doc meanwhile takes that number and replaces the row
 * (`insertRevision`); `discardAhead` removes what a stale or failed plan wrote, and every start what a crash
 * left (`deleteAllPendingRevisions`).
 *
 * Those docs' search columns are emptied ahead too (`emptySearchColumns`): the switch's time was the rewrite
 * of each changed doc's row, and a row's size, its search columns most of it, made that time. Users keep
 * finding what they found (the full-text tables are left as they are), and the docs are listed for the
 * catch-up, which fills the columns back from the documents if the switch never comes (a failure, a crash).
 * Those writes move the application's write version: the plan expects the version its own last write left
 * (`version`), and a version it did not leave means someone else wrote (the plan is stale at once).
 */
export class DeferredWrites implements SyncWrites {
  private enumsPlan?: EnumsPlan;
  private environmentsWanted?: {
    environments: ReadonlyArray<SourceEnvironment>;
    stamp: Stamp;
    warn: (message: string) => void;
  };
  private errorCodesWanted?: { codes: ReadonlyArray<Omit<ErrorCodeRow, 'id'>>; stamp: Stamp };
  private readonly docs: Insertable<DocsTable>[] = [];
  /** The ids of `docs`, kept as they come (every flush asks). */
  private readonly fresh = new Set<string>();
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
  /** The switch's statements, built by `prepare`. */
  private statements?: SwitchStatements;

  /**
   * `reader` answers the reads of the planning (outside any transaction); `version`: the application's write
   * version as the plan began (db/cache-versions.ts `readModuleWriteVersion`).
   */
  constructor(
    private readonly reader: Executor,
    private readonly moduleId: string,
    private version: string,
    private readonly signal?: AbortSignal,
  ) {}

  /** The application's write version the switch expects: as the plan began, or as its own last write left it. */
  expectedVersion(): string {
    return this.version;
  }

  async enums(
    moduleId: string,
    enums: ReadonlyArray<SourceEnum>,
    stamp: Stamp,
    chosenIds?: ReadonlyMap<string, string>,
  ): Promise<Map<string, string>> {
    // Worked out now, written by the switch: its version check proves the dictionaries did not change since
    // (`a:` counts their writes), so the docs' links to the ids chosen here hold.
    this.enumsPlan = await planEnums(this.reader, moduleId, enums, stamp, chosenIds);
    return this.enumsPlan.ids;
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
    for (const row of docs) {
      this.docs.push(this.withoutSearch(row.id, row));
      this.fresh.add(row.id);
    }
    // A new doc's first revision waits for its row (the switch inserts both); the others go now.
    const now: Insertable<DocRevisionsTable>[] = [];
    for (const row of revisions) (this.fresh.has(row.docId) ? this.revisions : now).push(row);
    await this.writeAhead(now);
    await this.emptyAhead(now.map((row) => row.docId));
  };

  /** Empties the search columns of docs the switch will rewrite (see the class), a few per statement. */
  private async emptyAhead(ids: ReadonlyArray<string>): Promise<void> {
    if (ids.length === 0) return;
    let at = 0;
    await inSlices(
      this.reader,
      async (trx) => {
        if ((await readModuleWriteVersion(trx, this.moduleId)) !== this.version) throw new StaleSwitch(0);
      },
      async (trx) => {
        await pauseSearchIndex(trx);
        await emptySearchColumns(trx, ids.slice(at, at + EMPTIED_ROWS));
        await resumeSearchIndex(trx);
        at += EMPTIED_ROWS;
        this.version = await readModuleWriteVersion(trx, this.moduleId);
        return at >= ids.length;
      },
      this.signal,
    );
  }

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

  /**
   * Builds the statements of the docs' rows and revisions once the plan is done, before the switch's
   * transaction: then the switch only runs them.
   */
  prepare(): void {
    this.statements = switchStatements(this.reader, this.docs, [...this.updates.values()], this.revisions);
  }

  /** Runs every recorded write in `trx`, in the order a direct sync makes them depend on each other. */
  async apply(trx: Executor): Promise<void> {
    this.statements ??= switchStatements(trx, this.docs, [...this.updates.values()], this.revisions);
    const { statements } = this;
    const { moduleId } = this;
    await this.enumsPlan?.write(trx);
    if (this.environmentsWanted) {
      const { environments, stamp, warn } = this.environmentsWanted;
      await syncEnvironments(trx, moduleId, environments, stamp, warn);
    }
    if (this.errorCodesWanted)
      await syncErrorCodes(trx, moduleId, this.errorCodesWanted.codes, this.errorCodesWanted.stamp);
    await runStatements(trx, statements.docs);
    const skipped = await updateDocsTogether(trx, statements.updates);
    if (skipped > 0) throw new StaleSwitch(skipped);
    await runStatements(trx, statements.revisions);
    // After the new rows' revisions: a folder this sync made may have changed again since.
    await replaceCurrentSnapshots(
      trx,
      [...this.documents].map(([id, content]) => ({ id, content })),
    );
    for (const { ids, at, by } of this.removals) await softDeleteDocs(trx, ids, at, by);
    if (this.folderOrder) await orderTopLevel(trx, moduleId, this.folderOrder);
  }
}
