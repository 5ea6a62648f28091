import { type ApiDoc, applyGlobals, DocType, Ordering, PARAM_TABLES, walkParams } from '@quire/api-model';
import type {
  DocApplied,
  DocDetail,
  DocSaveRequest,
  DocSaveResult,
  DocStaleData,
  RevisionSource,
} from '@quire/shared';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { nowIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { enumsWithItems } from '../enums/enums.service.ts';
import { type Globals, globalsForDoc, moduleGlobals } from '../environments/environment-globals.service.ts';
import { queueChange, signalChange, webChange } from '../messages/change-events.ts';
import { assertFolderOf, loadDocModule, loadDocRow } from './doc-access.ts';
import { changesBetween, columnsOf, documentOf, prepareDocument, readDocument } from './doc-document.ts';
import { findRevision, findRevisionRemark, insertRevision } from './doc-revisions.repository.ts';
import { presentDocDetail } from './docs.presenter.ts';
import {
  type DocRow,
  findDocRow,
  findDocRowAnyState,
  findHttpDoc,
  insertNewDoc,
  maxChildOrder,
  updateDocAtRevision,
} from './docs.repository.ts';
import { isPruneTurn, pruneRevisions } from './revision-retention.ts';

/** The order index of a new last child of a folder: 10 after the last, 10000 for the first. */
export async function nextChildOrder(c: Caller, moduleId: string, parentId: string): Promise<number> {
  const max = await maxChildOrder(c.db, moduleId, parentId);
  return max === undefined ? Ordering.initOrder : max + Ordering.step;
}

/** Refuses a second live HTTP doc with the same method and URL in a module. */
export async function assertHttpKeyFree(
  c: Caller,
  moduleId: string,
  doc: ApiDoc,
  selfId?: string,
): Promise<void> {
  if (doc.type !== DocType.http) return;
  const other = await findHttpDoc(c.db, moduleId, doc.httpMethod, doc.url);
  if (other && other.id !== selfId) {
    throw new AppError('doc.duplicate', { args: [doc.httpMethod, doc.url, other.name] });
  }
}

/** Turns a unique-index violation of a write into the clear duplicate answer. */
async function duplicateOnConflict<T>(doc: ApiDoc, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('doc.duplicate', { args: [doc.httpMethod, doc.url, doc.name] });
    throw error;
  }
}

/**
 * The 409 answer to a save that started from `baseRevision` when the doc has moved on: who saved last and
 * when, the current revision, and what changed since `baseRevision`.
 */
export async function staleError(c: Caller, docId: string, baseRevision: number): Promise<AppError> {
  const row = await findDocRow(c.db, docId);
  if (!row) return new AppError('doc.not_found');
  const base = await findRevision(c.db, docId, baseRevision);
  const changes = base ? changesBetween(readDocument(base.snapshot), readDocument(row.content)) : [];
  const data: DocStaleData = {
    updatedBy: row.modifierName ?? '',
    updatedAt: row.updatedAt,
    revision: row.revision,
    changes,
  };
  return new AppError('doc.stale', { args: [data.updatedBy, data.updatedAt, data.revision], data });
}

/** Creates a doc: revision 1, recorded with its remark. */
async function createDoc(
  c: Caller,
  input: z.output<typeof DocSaveRequest>,
  source: RevisionSource,
): Promise<DocSaveResult> {
  const module = await loadDocModule(c, input.moduleId, 'write');
  const parentId = input.parentId ?? '';
  await assertFolderOf(c, module.id, parentId);
  const doc = prepareDocument(documentOf(input), c.actor.user.nickname);
  await assertHttpKeyFree(c, module.id, doc);
  const id = newId();
  const now = nowIso();
  const orderIndex = input.orderIndex ?? (await nextChildOrder(c, module.id, parentId));
  const columns = columnsOf(doc);
  await duplicateOnConflict(doc, () =>
    c.db.transaction().execute(async (trx) => {
      await insertNewDoc(
        trx,
        { id, moduleId: module.id, parentId, orderIndex, actorId: c.actor.user.id, now },
        columns,
        { remark: input.remark, source, changes: changesBetween(null, doc) },
      );
      // Followers of the project hear of a new doc; the row commits with the doc (modules/messages).
      await queueChange(
        trx,
        webChange(c.actor.user, module.id, [{ id, name: doc.name, change: 'add', revision: 1 }], {
          remark: input.remark,
          at: now,
        }),
      );
    }),
  );
  signalChange();
  return { id, revision: 1, updateTime: now };
}

/** How an update is recorded. */
export interface UpdateOptions {
  baseRevision: number;
  remark: string;
  source: RevisionSource;
  restoredFrom?: number | null;
  /** A new parent folder ("" = top), when the save moves the doc. */
  parentId?: string;
}

/**
 * Writes a new version of a doc in one transaction: the row (compare-and-set on the revision) and the
 * revision record. Nothing is written when nothing changed. A concurrent save answers 409 `doc.stale`.
 */
export async function writeDocUpdate(
  c: Caller,
  row: DocRow,
  next: ApiDoc,
  options: UpdateOptions,
): Promise<DocSaveResult> {
  if (row.revision !== options.baseRevision) throw await staleError(c, row.id, options.baseRevision);
  const current = readDocument(row.content);
  const changes = changesBetween(current, next);
  const moves = options.parentId !== undefined && options.parentId !== row.parentId;
  if (changes.length === 0 && !moves)
    return { id: row.id, revision: row.revision, updateTime: row.updatedAt };
  if (moves) await assertFolderOf(c, row.moduleId, options.parentId ?? '');
  await assertHttpKeyFree(c, row.moduleId, next, row.id);
  const now = nowIso();
  const revision = options.baseRevision + 1;
  // Computed before the transaction: SQLite has one connection, which the transaction holds.
  const place = moves
    ? {
        parentId: options.parentId,
        orderIndex: await nextChildOrder(c, row.moduleId, options.parentId ?? ''),
      }
    : {};
  const columns = columnsOf(next);
  const written = await duplicateOnConflict(next, () =>
    c.db.transaction().execute(async (trx) => {
      const updated = await updateDocAtRevision(trx, row.id, options.baseRevision, {
        ...columns,
        ...place,
        updatedBy: c.actor.user.id,
        updatedAt: now,
      });
      if (!updated) return false;
      await insertRevision(trx, {
        docId: row.id,
        revision,
        snapshot: columns.content,
        remark: options.remark,
        source: options.source,
        changes: JSON.stringify(changes),
        restoredFrom: options.restoredFrom ?? null,
        createdBy: c.actor.user.id,
        createdAt: now,
      });
      await queueChange(
        trx,
        webChange(c.actor.user, row.moduleId, [{ id: row.id, name: next.name, change: 'update', revision }], {
          via: options.source === 'restore' ? 'restore' : 'web',
          remark: options.remark,
          restoredFrom: options.restoredFrom,
          at: now,
        }),
      );
      return true;
    }),
  );
  if (!written) throw await staleError(c, row.id, options.baseRevision);
  signalChange();
  // History is bounded (revision-retention.ts): pruned after the commit, on every tenth revision only.
  if (isPruneTurn(revision)) await pruneRevisions(c.db, row.id, revision);
  return { id: row.id, revision, updateTime: now };
}

/** `POST /api/doc/save`: creates when `id` is empty, else updates from the revision the edit started from. */
export async function saveDoc(
  c: Caller,
  input: z.output<typeof DocSaveRequest>,
  source: RevisionSource = 'web',
): Promise<DocSaveResult> {
  if (!input.id) return createDoc(c, input, source);
  const row = await loadDocRow(c, input.id, 'write');
  if (row.isFolder === 1) throw new AppError('doc.is_folder');
  const next = prepareDocument(documentOf(input), row.author || c.actor.user.nickname);
  return writeDocUpdate(c, row, next, {
    baseRevision: input.revision ?? row.revision,
    remark: input.remark,
    source,
    parentId: input.parentId,
  });
}

/**
 * Replaces the description of a doc and nothing else (the MCP server's `save_doc_description`): the same
 * write rights, sanitizing, history and compare-and-set on the revision as a save from the web.
 */
export async function saveDocDescription(
  c: Caller,
  input: { id: string; description: string; revision?: number | undefined; remark: string },
): Promise<DocSaveResult> {
  const row = await loadDocRow(c, input.id, 'write');
  if (row.isFolder === 1) throw new AppError('doc.is_folder');
  const current = readDocument(row.content);
  const next = prepareDocument({ ...current, description: input.description }, row.author);
  return writeDocUpdate(c, row, next, {
    baseRevision: input.revision ?? row.revision,
    remark: input.remark,
    source: 'web',
  });
}

/** Ids of the dictionaries a doc's params link. */
export function linkedEnumIds(doc: ApiDoc): string[] {
  const ids = new Set<string>();
  for (const table of PARAM_TABLES) {
    walkParams(doc[table], (param) => {
      if (param.enumId) ids.add(param.enumId);
    });
  }
  return [...ids];
}

/** `GET /api/doc/detail`: the doc with its globals, linked dictionaries and current remark. */
export async function getDocDetail(c: Caller, id: string): Promise<DocDetail> {
  const row = await loadDocRow(c, id, 'read');
  const doc = readDocument(row.content);
  const [globals, enums, remark] = await Promise.all([
    moduleGlobals(c, row.moduleId),
    enumsWithItems(c, row.moduleId, linkedEnumIds(doc)),
    findRevisionRemark(c.db, row.id, row.revision),
  ]);
  return presentDocDetail(row, doc, { globals, enums, remark });
}

/**
 * A doc as a release froze it, read by whoever the release's project was authorized for (no access check
 * here): `content` is the frozen document at `revision`, and the doc may have been deleted since. With
 * `anonymous`, nobody's name is told (a share's visitors). Undefined when the doc's application is gone.
 */
export async function frozenDocDetail(
  db: Db,
  id: string,
  frozen: { revision: number; content: string },
  globalsOf: (moduleId: string) => Promise<Globals> = (moduleId) => moduleGlobals({ db }, moduleId),
): Promise<DocDetail | undefined> {
  const row = await findDocRowAnyState(db, id);
  if (!row || row.isFolder === 1) return undefined;
  const doc = readDocument(frozen.content);
  const [globals, enums, remark] = await Promise.all([
    globalsOf(row.moduleId),
    enumsWithItems({ db }, row.moduleId, linkedEnumIds(doc)),
    findRevisionRemark(db, row.id, frozen.revision),
  ]);
  return presentDocDetail({ ...row, revision: frozen.revision }, doc, { globals, enums, remark });
}

/**
 * `GET /api/doc/applied`: the doc's header, query, body and response tables with the globals of an
 * environment (the first one unless named) applied as its isUseGlobal* flags say (api-model `applyGlobals`).
 */
export async function getDocApplied(c: Caller, id: string, environmentId?: string): Promise<DocApplied> {
  const row = await loadDocRow(c, id, 'read');
  const { environmentId: envId, ...globals } = await globalsForDoc(c, row.moduleId, environmentId);
  return { environmentId: envId, ...applyGlobals(readDocument(row.content), globals) };
}

export type { DocRef, DocWithPeople } from './docs.repository.ts';
// What other modules may use of this module's data (docs/architecture.md: modules meet through services).
export {
  type DocChanges,
  findDocRef,
  findDocRow,
  findFolderByName,
  folderRevisionRow,
  insertDocRows,
  insertRevisionRows,
  listModuleDocsWithPeople,
  listTree,
  newDocRow,
  replaceCurrentSnapshots,
  revisionRow,
  softDeleteDocs,
  updateDoc,
  updateDocAtRevision,
} from './docs.repository.ts';
