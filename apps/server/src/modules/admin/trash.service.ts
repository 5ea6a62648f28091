import { TRASH_RETENTION_DAYS, type TrashItem, type TrashType } from '@quire/shared';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { AppError } from '../../http/app-error.ts';
import type { Actor } from '../../http/types.ts';
import { isoFromNow, nowIso } from '../../lib/clock.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { listDeletedDocs, restoreDeletedDoc } from '../docs/doc-trash.service.ts';
import { findLiveModuleByName } from '../modules/modules.service.ts';
import { findLiveProject, findLiveProjectByName } from '../projects/projects.service.ts';
import { findLiveSpace, findLiveSpaceByName } from '../spaces/spaces.service.ts';
import { type DeletedItem, findDeleted, listTrash, undelete } from './trash.repository.ts';

const RETENTION_MS = TRASH_RETENTION_DAYS * 24 * 3600_000;

type OrgType = Exclude<TrashType, 'doc'>;

const NAME_TAKEN = {
  space: 'space.name_taken',
  project: 'project.name_taken',
  module: 'module.name_taken',
} as const;

/** What was deleted in the last 30 days, newest first, with when each stops being restorable. */
export async function listRestorable(db: Db): Promise<TrashItem[]> {
  const since = isoFromNow(-RETENTION_MS);
  const [rows, docs] = await Promise.all([listTrash(db, since), listDeletedDocs(db, since)]);
  const expireTime = (deletedAt: string) => new Date(Date.parse(deletedAt) + RETENTION_MS).toISOString();
  const items: TrashItem[] = [
    ...rows.map((row) => ({
      type: row.type,
      id: row.id,
      name: row.name,
      parentName: row.parentName,
      isFolder: false,
      deletedAt: row.deletedAt,
      deletedByName: row.deletedByName ?? '',
      expireTime: expireTime(row.deletedAt),
    })),
    ...docs.map((row) => ({
      type: 'doc' as const,
      id: row.id,
      name: row.name,
      parentName: row.moduleName,
      isFolder: row.isFolder === 1,
      deletedAt: row.deletedAt,
      deletedByName: row.deletedByName ?? '',
      expireTime: expireTime(row.deletedAt),
    })),
  ];
  return items.sort((a, b) => b.deletedAt.localeCompare(a.deletedAt));
}

/** Refuses a restore into a deleted parent (restore the parent first) or under a name now used by another. */
async function assertRestorable(db: Db, type: OrgType, item: DeletedItem): Promise<void> {
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

/** Restores a space, project, application or doc deleted less than 30 days ago (super admin). */
export async function restoreDeleted(db: Db, actor: Actor, type: TrashType, id: string): Promise<void> {
  if (type === 'doc') return restoreDeletedDoc(db, actor, id, isoFromNow(-RETENTION_MS));
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
