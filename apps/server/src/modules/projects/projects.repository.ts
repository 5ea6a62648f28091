import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared.ts';
import type { Database, ProjectsTable } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

/** A project with its creator's nickname and its space's name. */
export type ProjectRow = Selectable<ProjectsTable> & { creatorName: string | null; spaceName: string };

/** Live projects in live spaces: a project of a deleted space is hidden with it. */
function selectLiveProjects(db: Executor) {
  return db
    .selectFrom('projects')
    .innerJoin('spaces', 'spaces.id', 'projects.spaceId')
    .leftJoin('users', 'users.id', 'projects.creatorId')
    .selectAll('projects')
    .select(['users.nickname as creatorName', 'spaces.name as spaceName'])
    .where('projects.deletedAt', 'is', null)
    .where('spaces.deletedAt', 'is', null);
}

/** Prepared (db/prepared.ts): most calls of the reader and the editor check their project first. */
const selectLiveProject = preparedQuery((db, id: string) =>
  selectLiveProjects(db).where('projects.id', '=', id),
);

/** A live project by id. */
export async function findLiveProject(db: Executor, id: string): Promise<ProjectRow | undefined> {
  return (await selectLiveProject(db, id))[0];
}

/** Live projects by ids (missing and deleted ones are left out). */
export function findLiveProjects(db: Executor, ids: ReadonlyArray<string>): Promise<ProjectRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectLiveProjects(db)
    .where('projects.id', 'in', [...ids])
    .execute();
}

/** A live project of a space by exact name, for the uniqueness check. */
export function findLiveProjectByName(
  db: Executor,
  spaceId: string,
  name: string,
): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('projects')
    .select('id')
    .where('spaceId', '=', spaceId)
    .where('name', '=', name)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

/** Live projects of the given spaces (all live projects when `spaceIds` is undefined), oldest first. */
export function listLiveProjects(db: Executor, spaceIds?: ReadonlyArray<string>): Promise<ProjectRow[]> {
  if (spaceIds && spaceIds.length === 0) return Promise.resolve([]);
  let query = selectLiveProjects(db);
  if (spaceIds) query = query.where('projects.spaceId', 'in', [...spaceIds]);
  return query.orderBy('projects.createdAt').orderBy('projects.id').execute();
}

/** What the project policy reads of a project. */
export interface ProjectPolicyRow {
  id: string;
  spaceId: string;
  isPrivate: number;
}

/**
 * The live projects of the live spaces a user is a member of, oldest first: the projects whose role
 * `GET /api/user/perm/get` reports. Prepared (see db/prepared.ts): every page load of the web app asks for it.
 */
export const listProjectsOfMemberSpaces = preparedQuery((db, userId: string) =>
  db
    .selectFrom('projects')
    .innerJoin('spaces', 'spaces.id', 'projects.spaceId')
    .innerJoin('spaceMembers', 'spaceMembers.spaceId', 'projects.spaceId')
    .select(['projects.id', 'projects.spaceId', 'projects.isPrivate'])
    .where('spaceMembers.userId', '=', userId)
    .where('projects.deletedAt', 'is', null)
    .where('spaces.deletedAt', 'is', null)
    .orderBy('projects.createdAt')
    .orderBy('projects.id'),
);

/** Inserts a project. */
export async function insertProject(db: Executor, row: Insertable<ProjectsTable>): Promise<void> {
  await db.insertInto('projects').values(row).execute();
}

/** Updates a project row. */
export async function updateProject(
  db: Executor,
  id: string,
  changes: Updateable<ProjectsTable>,
): Promise<void> {
  await db.updateTable('projects').set(changes).where('id', '=', id).execute();
}
