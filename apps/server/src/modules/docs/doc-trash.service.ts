import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { AppError } from '../../http/app-error.ts';
import type { Actor } from '../../http/types.ts';
import { nowIso } from '../../lib/clock.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findLiveModule } from '../modules/modules.service.ts';
import {
  type DeletedDoc,
  findDeletedDoc,
  isLiveFolder,
  listDeletedTogether,
  undeleteDocs,
} from './doc-trash.repository.ts';
import { findFolderByName, findHttpDoc } from './docs.repository.ts';

/** The rows deleted with `root`: root and, for a folder, its subtree deleted at the same moment. */
function subtreeOf(root: DeletedDoc, together: ReadonlyArray<DeletedDoc>): DeletedDoc[] {
  const children = new Map<string, DeletedDoc[]>();
  for (const row of together) {
    const list = children.get(row.parentId) ?? [];
    list.push(row);
    children.set(row.parentId, list);
  }
  const out: DeletedDoc[] = [];
  const stack = [root];
  for (let row = stack.pop(); row; row = stack.pop()) {
    out.push(row);
    if (row.isFolder === 1) stack.push(...(children.get(row.id) ?? []));
  }
  return out;
}

/** Refuses the restore when a restored HTTP doc's method and URL now belong to another live doc. */
async function assertKeysFree(db: Db, rows: ReadonlyArray<DeletedDoc>): Promise<void> {
  for (const row of rows) {
    if (row.isFolder === 1 || row.type !== 0) continue;
    const other = await findHttpDoc(db, row.moduleId, row.httpMethod, row.url);
    if (other) {
      throw new AppError('trash.doc_taken', { args: [row.name, row.httpMethod, row.url, other.name] });
    }
  }
}

/**
 * Restores a deleted doc or folder (with the subtree deleted with it). It returns to its folder, or to the
 * top of the application when that folder is gone. Refused, changing nothing, when its application is
 * deleted, when a restored HTTP doc's method and URL now belong to another live doc, or when a folder of the
 * same name now stands in its place.
 */
export async function restoreDeletedDoc(db: Db, actor: Actor, id: string, since: string): Promise<void> {
  const root = await findDeletedDoc(db, id);
  if (!root?.deletedAt || root.deletedAt < since) throw new AppError('trash.not_found');
  if (!(await findLiveModule(db, root.moduleId))) throw new AppError('trash.module_deleted');
  const rows = subtreeOf(root, await listDeletedTogether(db, root.moduleId, root.deletedAt));
  const parentId =
    root.parentId && (await isLiveFolder(db, root.moduleId, root.parentId)) ? root.parentId : '';
  if (root.isFolder === 1 && (await findFolderByName(db, root.moduleId, parentId, root.name))) {
    throw new AppError('doc.folder_name_taken', { args: [root.name] });
  }
  await assertKeysFree(db, rows);
  const now = nowIso();
  try {
    await db.transaction().execute(async (trx) => {
      await undeleteDocs(
        trx,
        rows.map((row) => row.id),
        { id: root.id, parentId },
        now,
        actor.user.id,
      );
      await recordAudit(
        trx,
        actor.user.id,
        'trash.restore',
        { type: 'doc', id: root.id },
        { name: root.name, count: rows.length },
      );
    });
  } catch (error) {
    // Someone took a method and URL between the check and the write: name it.
    if (isUniqueViolation(error)) await assertKeysFree(db, rows);
    throw error;
  }
}

// What other modules may use of this module's data (docs/architecture.md: modules meet through services).
export { listDeletedDocs } from './doc-trash.repository.ts';
