import { TRASH_RETENTION_DAYS, type TrashItem, type TrashType } from '@quire/shared';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { AppError } from '../../http/app-error.ts';
import type { Actor } from '../../http/types.ts';
import { isoFromNow, nowIso } from '../../lib/clock.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findLiveModuleByName } from '../modules/modules.repository.ts';
import { findLiveProject, findLiveProjectByName } from '../projects/projects.repository.ts';
import { findLiveSpace, findLiveSpaceByName } from '../spaces/spaces.repository.ts';
import { type DeletedItem, findDeleted, listTrash, undelete } from './trash.repository.ts';

const RETENTION_MS = TRASH_RETENTION_DAYS * 24 * 3600_000;

const NAME_TAKEN = {
  space: 'space.name_taken',
  project: 'project.name_taken',
  module: 'module.name_taken',
} as const;

/** What was deleted in the last 30 days, newest first, with when each stops being restorable. */
export async function listRestorable(db: Db): Promise<TrashItem[]> {
  const rows = await listTrash(db, isoFromNow(-RETENTION_MS));
  return rows.map((row) => ({
    type: row.type,
    id: row.id,
    name: row.name,
    parentName: row.parentName,
    deletedAt: row.deletedAt,
    deletedByName: row.deletedByName ?? '',
    expireTime: new Date(Date.parse(row.deletedAt) + RETENTION_MS).toISOString(),
  }));
}

/** Refuses a restore into a deleted parent (restore the parent first) or under a name now used by another. */
async function assertRestorable(db: Db, type: TrashType, item: DeletedItem): Promise<void> {
  const parentId = item.parentId ?? '';
  if (type === 'project') {
    if (!(await findLiveSpace(db, parentId))) throw new AppError('trash.parent_deleted');
    if (await findLiveProjectByName(db, parentId, item.name)) {
      throw new AppError('project.name_taken', { args: [item.name] });
    }
  } else if (type === 'module') {
    if (!(await findLiveProject(db, parentId))) throw new AppError('trash.parent_deleted');
    if (await findLiveModuleByName(db, parentId, item.name)) {
      throw new AppError('module.name_taken', { args: [item.name] });
    }
  } else if (await findLiveSpaceByName(db, item.name)) {
    throw new AppError('space.name_taken', { args: [item.name] });
  }
}

/** Restores a space, project or application deleted less than 30 days ago (super admin). */
export async function restoreDeleted(db: Db, actor: Actor, type: TrashType, id: string): Promise<void> {
  const item = await findDeleted(db, type, id);
  if (!item?.deletedAt || Date.parse(item.deletedAt) < Date.now() - RETENTION_MS) {
    throw new AppError('trash.not_found');
  }
  await assertRestorable(db, type, item);
  try {
    await db.transaction().execute(async (trx) => {
      await undelete(trx, type, item.id, nowIso());
      await recordAudit(trx, actor.user.id, 'trash.restore', { type, id: item.id }, { name: item.name });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(NAME_TAKEN[type], { args: [item.name] });
    throw error;
  }
}
