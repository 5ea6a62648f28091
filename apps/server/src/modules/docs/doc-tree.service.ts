import { API_DOC_VERSION, type ApiDoc, DocType, newApiDoc, Ordering } from '@quire/api-model';
import type {
  DocCopyRequest,
  DocMoveRequest,
  DocProps,
  DocSaveResult,
  FolderAddRequest,
  FolderUpdateRequest,
} from '@quire/shared';
import type { z } from 'zod';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { nowIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type ChangedDoc, queueChange, signalChange, webChange } from '../messages/change-events.ts';
import { findLiveModule, type ModuleRow } from '../modules/modules.service.ts';
import { assertFolderOf, loadDocModule, loadDocRef, loadDocRow } from './doc-access.ts';
import { changesBetween, columnsOf, readDocument } from './doc-document.ts';
import {
  type DocRef,
  findDocRow,
  findFolderByName,
  findHttpDoc,
  folderRevisionRow,
  insertDocRows,
  insertNewDoc,
  insertRevisionRows,
  listTree,
  newDocRow,
  orderTaken,
  shiftSiblings,
  softDeleteDocs,
  type TreeRow,
  updateDoc,
} from './docs.repository.ts';
import { assertHttpKeyFree, nextChildOrder } from './docs.service.ts';

/** The tree of an application: light rows only (`GET /api/doc/list`). */
export async function listDocTree(c: Caller, moduleId: string): Promise<TreeRow[]> {
  const module = await loadDocModule(c, moduleId, 'read');
  return listTree(c.db, module.id);
}

async function assertFolderNameFree(
  c: Caller,
  moduleId: string,
  parentId: string,
  name: string,
  selfId?: string,
): Promise<void> {
  const other = await findFolderByName(c.db, moduleId, parentId, name);
  if (other && other.id !== selfId) throw new AppError('doc.folder_name_taken', { args: [name] });
}

/** Adds a folder at the end of its parent; sibling folders have distinct names. */
export async function addFolder(c: Caller, input: z.output<typeof FolderAddRequest>): Promise<TreeRow> {
  const module = await loadDocModule(c, input.moduleId, 'write');
  await assertFolderOf(c, module.id, input.parentId);
  await assertFolderNameFree(c, module.id, input.parentId, input.name);
  const dubboInfo = input.dubboInfo ?? null;
  const doc = newApiDoc(input.name, {
    type: dubboInfo ? DocType.dubbo : DocType.http,
    dubboInfo,
    httpMethod: '',
  });
  const columns = columnsOf(doc);
  const place = {
    id: newId(),
    moduleId: module.id,
    parentId: input.parentId,
    isFolder: 1 as const,
    orderIndex: await nextChildOrder(c, module.id, input.parentId),
    actorId: c.actor.user.id,
    now: nowIso(),
  };
  const row = newDocRow(place, columns);
  await c.db.transaction().execute(async (trx) => {
    await insertDocRows(trx, [row]);
    await insertRevisionRows(trx, [
      folderRevisionRow(place.id, columns.content, 'web', place.actorId, place.now),
    ]);
  });
  return row;
}

/** The ids of a folder and everything below it, from the module's tree. */
function subtreeIds(tree: ReadonlyArray<TreeRow>, rootId: string): string[] {
  const children = new Map<string, string[]>();
  for (const row of tree) {
    const list = children.get(row.parentId) ?? [];
    list.push(row.id);
    children.set(row.parentId, list);
  }
  const ids: string[] = [];
  const stack = [rootId];
  const seen = new Set<string>();
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue; // stored trees have no cycles; this only guards the walk
    seen.add(id);
    ids.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  return ids;
}

/**
 * Puts a doc or folder under `parentId` at `orderIndex` (or at the end). A folder cannot go into itself or
 * below itself. When a sibling holds that order index, it and the ones after it move down one step.
 */
async function placeNode(
  c: Caller,
  ref: DocRef,
  parentId: string,
  orderIndex: number | undefined,
): Promise<void> {
  await assertFolderOf(c, ref.moduleId, parentId);
  if (ref.isFolder === 1 && parentId) {
    const below = subtreeIds(await listTree(c.db, ref.moduleId), ref.id);
    if (below.includes(parentId)) throw new AppError('doc.move_cycle');
  }
  const now = nowIso();
  if (orderIndex === undefined) {
    if (parentId === ref.parentId) return;
    await updateDoc(c.db, ref.id, {
      parentId,
      orderIndex: await nextChildOrder(c, ref.moduleId, parentId),
      updatedAt: now,
    });
    return;
  }
  const shift = await orderTaken(c.db, ref.moduleId, parentId, orderIndex, ref.id);
  await c.db.transaction().execute(async (trx) => {
    if (shift) await shiftSiblings(trx, ref.moduleId, parentId, orderIndex, Ordering.step);
    await updateDoc(trx, ref.id, { parentId, orderIndex, updatedAt: now });
  });
}

/** `POST /api/doc/move`. */
export async function moveDoc(c: Caller, input: z.output<typeof DocMoveRequest>): Promise<void> {
  const ref = await loadDocRef(c, input.id, 'write');
  await placeNode(c, ref, input.parentId, input.orderIndex);
}

/** `POST /api/doc/folder/update`: rename, Dubbo facts, and a move when `parentId` is sent. */
export async function updateFolder(c: Caller, input: z.output<typeof FolderUpdateRequest>): Promise<void> {
  const row = await loadDocRow(c, input.id, 'write');
  if (row.isFolder !== 1) throw new AppError('doc.not_folder');
  const parentId = input.parentId ?? row.parentId;
  await assertFolderNameFree(c, row.moduleId, parentId, input.name, row.id);
  if (parentId !== row.parentId) await placeNode(c, row, parentId, undefined);
  const current = readDocument(row.content);
  const dubboInfo = input.dubboInfo === undefined ? current.dubboInfo : input.dubboInfo;
  const next: ApiDoc = {
    ...current,
    name: input.name,
    dubboInfo,
    type: dubboInfo ? DocType.dubbo : current.type,
  };
  await updateDoc(c.db, row.id, { ...columnsOf(next), updatedBy: c.actor.user.id, updatedAt: nowIso() });
}

/** `POST /api/doc/delete`: soft-deletes a doc, or a folder with everything below it; audited. */
export async function deleteDoc(c: Caller, id: string): Promise<number> {
  const ref = await loadDocRef(c, id, 'write');
  const tree = ref.isFolder === 1 ? await listTree(c.db, ref.moduleId) : [];
  const ids = ref.isFolder === 1 ? subtreeIds(tree, ref.id) : [ref.id];
  const gone = new Set(ids);
  // The docs (not folders) removed: what their followers hear about.
  const docs: ChangedDoc[] =
    ref.isFolder === 1
      ? tree
          .filter((row) => gone.has(row.id) && row.isFolder !== 1)
          .map((row) => ({ id: row.id, name: row.name, change: 'delete' }))
      : [{ id: ref.id, name: ref.name, change: 'delete' }];
  const now = nowIso();
  await c.db.transaction().execute(async (trx) => {
    await softDeleteDocs(trx, ids, now, c.actor.user.id);
    if (docs.length > 0) await queueChange(trx, webChange(c.actor.user, ref.moduleId, docs, { at: now }));
    await recordAudit(
      trx,
      c.actor.user.id,
      'doc.delete',
      { type: 'doc', id: ref.id },
      {
        name: ref.name,
        moduleId: ref.moduleId,
        isFolder: ref.isFolder === 1,
        count: ids.length,
      },
    );
  });
  signalChange();
  return ids.length;
}

/** Locks or unlocks a doc: a locked doc is left alone by pushes and imports; people still edit it. */
export async function setDocLocked(c: Caller, id: string, locked: boolean): Promise<void> {
  const row = await loadDocRow(c, id, 'write');
  if ((row.isLocked === 1) === locked) return; // nothing changes, nobody hears
  const now = nowIso();
  await c.db.transaction().execute(async (trx) => {
    await updateDoc(trx, row.id, { isLocked: locked ? 1 : 0, updatedAt: now });
    if (row.isFolder !== 1) {
      const change = locked ? 'lock' : 'unlock';
      await queueChange(
        trx,
        webChange(c.actor.user, row.moduleId, [{ id: row.id, name: row.name, change }], { at: now }),
      );
    }
  });
  signalChange();
}

/** A URL no live HTTP doc of the module uses with this method: `url-copy`, `url-copy-2`, ... */
async function freeCopyUrl(c: Caller, moduleId: string, doc: ApiDoc): Promise<string> {
  for (let n = 1; ; n++) {
    const url = `${doc.url}-copy${n === 1 ? '' : `-${n}`}`;
    if (!(await findHttpDoc(c.db, moduleId, doc.httpMethod, url))) return url;
  }
}

/**
 * `POST /api/doc/copy`: a new doc with the same document, next to the original (or in `parentId`), named
 * "<name> Copy" unless named. An HTTP copy gets a free URL (`-copy`), since method and URL are unique.
 */
export async function copyDoc(c: Caller, input: z.output<typeof DocCopyRequest>): Promise<DocSaveResult> {
  const row = await loadDocRow(c, input.id, 'write');
  if (row.isFolder === 1) throw new AppError('doc.is_folder');
  const parentId = input.parentId ?? row.parentId;
  await assertFolderOf(c, row.moduleId, parentId);
  const source = readDocument(row.content);
  const doc: ApiDoc = {
    ...source,
    v: API_DOC_VERSION,
    name: input.name ?? `${source.name} Copy`.slice(0, 128),
  };
  if (doc.type === DocType.http) doc.url = await freeCopyUrl(c, row.moduleId, source);
  await assertHttpKeyFree(c, row.moduleId, doc);
  const id = newId();
  const now = nowIso();
  const orderIndex = await nextChildOrder(c, row.moduleId, parentId);
  const columns = columnsOf(doc);
  await c.db.transaction().execute(async (trx) => {
    await insertNewDoc(
      trx,
      { id, moduleId: row.moduleId, parentId, orderIndex, actorId: c.actor.user.id, now },
      columns,
      { remark: '', source: 'web', changes: changesBetween(null, doc) },
    );
    await queueChange(
      trx,
      webChange(c.actor.user, row.moduleId, [{ id, name: doc.name, change: 'add', revision: 1 }], {
        at: now,
      }),
    );
  });
  signalChange();
  return { id, revision: 1, updateTime: now };
}

/** `GET /api/module/infoByDocId`: the application of a doc, for readers of the doc. */
export async function moduleOfDoc(c: Caller, docId: string): Promise<ModuleRow> {
  const ref = await loadDocRef(c, docId, 'read');
  const module = await findLiveModule(c.db, ref.moduleId);
  if (!module) throw new AppError('doc.not_found');
  return module;
}

const NO_PROPS: DocProps = { interfaceName: '', version: '', protocol: '', author: '', dependency: '' };

/** `GET /api/prop/getDocProps`: the Dubbo facts of a doc, else of its nearest folder that has them (Torna keeps them there). */
export async function docProps(c: Caller, id: string): Promise<DocProps> {
  let row = await loadDocRow(c, id, 'read');
  for (let hops = 0; hops < 64; hops++) {
    const info = readDocument(row.content).dubboInfo;
    if (info) return info;
    const parent = row.parentId ? await findDocRow(c.db, row.parentId) : undefined;
    if (!parent) break;
    row = parent;
  }
  return NO_PROPS;
}
