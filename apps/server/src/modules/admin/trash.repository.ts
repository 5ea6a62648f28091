import type { TrashType } from '@quire/shared';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

/** The organisation kinds this file handles (docs have their own, `docs/doc-trash.*`). */
type OrgTrashType = Exclude<TrashType, 'doc'>;

/** A soft-deleted space, project or module with what the trash list shows. */
export interface TrashRow {
  type: OrgTrashType;
  id: string;
  name: string;
  parentName: string;
  deletedAt: string;
  deletedByName: string | null;
}

/** Everything deleted at or after `since`, newest first. */
export async function listTrash(db: Executor, since: string): Promise<TrashRow[]> {
  const [spaces, projects, modules] = await Promise.all([
    db
      .selectFrom('spaces')
      .leftJoin('users', 'users.id', 'spaces.deletedBy')
      .select(['spaces.id', 'spaces.name', 'spaces.deletedAt', 'users.nickname as deletedByName'])
      .where('spaces.deletedAt', '>=', since)
      .execute(),
    db
      .selectFrom('projects')
      .innerJoin('spaces', 'spaces.id', 'projects.spaceId')
      .leftJoin('users', 'users.id', 'projects.deletedBy')
      .select([
        'projects.id',
        'projects.name',
        'spaces.name as parentName',
        'projects.deletedAt',
        'users.nickname as deletedByName',
      ])
      .where('projects.deletedAt', '>=', since)
      .execute(),
    db
      .selectFrom('modules')
      .innerJoin('projects', 'projects.id', 'modules.projectId')
      .leftJoin('users', 'users.id', 'modules.deletedBy')
      .select([
        'modules.id',
        'modules.name',
        'projects.name as parentName',
        'modules.deletedAt',
        'users.nickname as deletedByName',
      ])
      .where('modules.deletedAt', '>=', since)
      // A first import's hidden application is not in the trash (doc-sync/staged-sync.ts).
      .where('modules.stagedJobId', 'is', null)
      .execute(),
  ]);
  const rows: TrashRow[] = [
    ...spaces.map((r) => ({ type: 'space' as const, parentName: '', ...r, deletedAt: r.deletedAt ?? '' })),
    ...projects.map((r) => ({ type: 'project' as const, ...r, deletedAt: r.deletedAt ?? '' })),
    ...modules.map((r) => ({ type: 'module' as const, ...r, deletedAt: r.deletedAt ?? '' })),
  ];
  return rows.sort((a, b) => b.deletedAt.localeCompare(a.deletedAt));
}

/** A deleted item of a kind, with its name and parent id (space of a project, project of a module). */
export interface DeletedItem {
  id: string;
  name: string;
  parentId: string | null;
  deletedAt: string | null;
}

/** Finds a soft-deleted space, project or module. */
export async function findDeleted(
  db: Executor,
  type: OrgTrashType,
  id: string,
): Promise<DeletedItem | undefined> {
  if (type === 'space') {
    const row = await db
      .selectFrom('spaces')
      .select(['id', 'name', 'deletedAt'])
      .where('id', '=', id)
      .where('deletedAt', 'is not', null)
      .executeTakeFirst();
    return row && { ...row, parentId: null };
  }
  if (type === 'project') {
    return db
      .selectFrom('projects')
      .select(['id', 'name', 'spaceId as parentId', 'deletedAt'])
      .where('id', '=', id)
      .where('deletedAt', 'is not', null)
      .executeTakeFirst();
  }
  return db
    .selectFrom('modules')
    .select(['id', 'name', 'projectId as parentId', 'deletedAt'])
    .where('id', '=', id)
    .where('deletedAt', 'is not', null)
    .where('stagedJobId', 'is', null)
    .executeTakeFirst();
}

/** Clears the deletion mark of a space, project or module. */
export async function undelete(db: Executor, type: OrgTrashType, id: string, now: string): Promise<void> {
  const changes = { deletedAt: null, deletedBy: null, updatedAt: now };
  if (type === 'space') await db.updateTable('spaces').set(changes).where('id', '=', id).execute();
  else if (type === 'project') await db.updateTable('projects').set(changes).where('id', '=', id).execute();
  else await db.updateTable('modules').set(changes).where('id', '=', id).execute();
}
