import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { authorizeDoc, type DocAction } from '../../policies/doc.policy.ts';
import { findLiveModule, type ModuleRow } from '../modules/modules.service.ts';
import { projectRefOf } from '../projects/projects.presenter.ts';
import { type DocRef, type DocRow, findDocRef, findDocRow } from './docs.repository.ts';

/** Loads a live module and checks the caller may read or write its docs: 404 when missing, 403 when not allowed. */
export async function loadDocModule(c: Caller, moduleId: string, action: DocAction): Promise<ModuleRow> {
  const module = await findLiveModule(c.db, moduleId);
  if (!module) throw new AppError('module.not_found');
  authorizeDoc(
    c.access,
    projectRefOf({ id: module.projectId, spaceId: module.spaceId, isPrivate: module.isPrivate }),
    action,
  );
  return module;
}

/** Loads a live doc or folder (without its document) the caller may act on. */
export async function loadDocRef(c: Caller, id: string, action: DocAction): Promise<DocRef> {
  const ref = await findDocRef(c.db, id);
  if (!ref) throw new AppError('doc.not_found');
  authorizeDoc(
    c.access,
    projectRefOf({ id: ref.projectId, spaceId: ref.spaceId, isPrivate: ref.isPrivate }),
    action,
  );
  return ref;
}

/** Loads a live doc or folder with its document. */
export async function loadDocRow(c: Caller, id: string, action: DocAction): Promise<DocRow> {
  const row = await findDocRow(c.db, id);
  if (!row) throw new AppError('doc.not_found');
  authorizeDoc(
    c.access,
    projectRefOf({ id: row.projectId, spaceId: row.spaceId, isPrivate: row.isPrivate }),
    action,
  );
  return row;
}

/** A folder of the module to put something in ("" is the top); anything else is 404 `doc.folder_not_found`. */
export async function assertFolderOf(c: Caller, moduleId: string, parentId: string): Promise<void> {
  if (!parentId) return;
  const parent = await findDocRef(c.db, parentId);
  if (!parent || parent.moduleId !== moduleId || parent.isFolder !== 1)
    throw new AppError('doc.folder_not_found');
}
