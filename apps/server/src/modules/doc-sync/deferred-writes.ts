import type { ErrorCodeRow, SourceEnum, SourceEnvironment } from '@quire/api-model';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, DocRevisionsTable, DocsTable } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { softDeleteDocs } from '../docs/docs.service.ts';
import { listEnums } from '../enums/enums.service.ts';
import { type DocUpdate, insertSwitchedRows, updateDocsTogether } from './switch.repository.ts';
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

/**
 * A sync's writes, recorded while it reads and compares (deferred-sync.ts), then run together by `apply` in
 * one short transaction. Only the dictionaries' ids are needed before that (docs link them): existing
 * dictionaries keep theirs, new ones get an id now, and the switch creates them with it.
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
  private readonly updates = new Map<string, DocUpdate>();
  private readonly removals: Array<{ ids: ReadonlyArray<string>; at: string; by: string }> = [];
  private folderOrder?: ReadonlyArray<string>;

  /** `reader` answers the reads of the planning (outside any transaction). */
  constructor(
    private readonly reader: Executor,
    private readonly moduleId: string,
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

  rows = async (docs: Insertable<DocsTable>[], revisions: Insertable<DocRevisionsTable>[]) => {
    for (const row of docs) this.docs.push(row);
    for (const row of revisions) this.revisions.push(row);
  };

  async update(id: string, changes: Updateable<DocsTable>): Promise<void> {
    const known = this.updates.get(id);
    this.updates.set(id, { id, base: known?.base ?? null, changes: { ...known?.changes, ...changes } });
  }

  /** Taken as done: the switch runs only on the rows as read (deferred-sync.ts checks nobody wrote since). */
  async updateAtRevision(id: string, base: number, changes: Updateable<DocsTable>): Promise<boolean> {
    const known = this.updates.get(id);
    this.updates.set(id, { id, base, changes: { ...known?.changes, ...changes } });
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
    for (const { ids, at, by } of this.removals) await softDeleteDocs(trx, ids, at, by);
    if (this.folderOrder) await orderTopLevel(trx, moduleId, this.folderOrder);
  }
}
