import type { ErrorCodeRow, SourceEnum, SourceEnvironment } from '@quire/api-model';
import type { Insertable, Kysely } from 'kysely';
import type { Database, DocRevisionsTable, DocsTable } from '../../db/schema.ts';
import {
  type DocChanges,
  insertDocRows,
  insertRevisionRows,
  softDeleteDocs,
  updateDoc,
  updateDocAtRevision,
} from '../docs/docs.service.ts';
import { type Stamp, syncEnums, syncEnvironments, syncErrorCodes } from './sync-extras.ts';
import { orderTopLevel } from './sync-streamed.ts';

type Executor = Kysely<Database>;

/**
 * Where new rows go: by default the sync's own transaction; a staged import writes them in short
 * transactions of its own (staged-writer.ts).
 */
export type RowWriter = (
  docs: Insertable<DocsTable>[],
  revisions: Insertable<DocRevisionsTable>[],
) => Promise<void>;

/**
 * Every write a sync makes (module-sync.ts). `directWrites` runs each in the sync's transaction as it comes;
 * a re-import on SQLite records them and runs them all in one short transaction at the end
 * (deferred-writes.ts), so nobody's save waits for the whole re-import.
 */
export interface SyncWrites {
  /** The source's dictionaries; answers the ids of all the application's dictionaries by name. */
  enums(
    moduleId: string,
    enums: ReadonlyArray<SourceEnum>,
    stamp: Stamp,
    chosenIds?: ReadonlyMap<string, string>,
  ): Promise<Map<string, string>>;
  environments(
    moduleId: string,
    environments: ReadonlyArray<SourceEnvironment>,
    stamp: Stamp,
    warn: (message: string) => void,
  ): Promise<void>;
  errorCodes(moduleId: string, codes: ReadonlyArray<Omit<ErrorCodeRow, 'id'>>, stamp: Stamp): Promise<void>;
  rows: RowWriter;
  /** A row's new place or columns, revision untouched. */
  update(id: string, changes: DocChanges): Promise<void>;
  /** A doc's new document as revision `base + 1`; false when someone saved or removed it meanwhile. */
  updateAtRevision(id: string, base: number, changes: DocChanges): Promise<boolean>;
  softDelete(ids: ReadonlyArray<string>, at: string, by: string): Promise<void>;
  orderTopLevel(moduleId: string, folderOrder: ReadonlyArray<string>): Promise<void>;
}

/** Each write in `trx` as the sync makes it; new rows through `rows` (a staged import's slices). */
export function directWrites(trx: Executor, rows?: RowWriter): SyncWrites {
  return {
    enums: (moduleId, enums, stamp, chosenIds) => syncEnums(trx, moduleId, enums, stamp, chosenIds),
    environments: (moduleId, environments, stamp, warn) =>
      syncEnvironments(trx, moduleId, environments, stamp, warn),
    errorCodes: (moduleId, codes, stamp) => syncErrorCodes(trx, moduleId, codes, stamp),
    rows:
      rows ??
      (async (docs, revisions) => {
        await insertDocRows(trx, docs);
        await insertRevisionRows(trx, revisions);
      }),
    update: (id, changes) => updateDoc(trx, id, changes),
    updateAtRevision: (id, base, changes) => updateDocAtRevision(trx, id, base, changes),
    softDelete: (ids, at, by) => softDeleteDocs(trx, ids, at, by),
    orderTopLevel: (moduleId, folderOrder) => orderTopLevel(trx, moduleId, folderOrder),
  };
}
