import type { Insertable, Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared.ts';
import type { Database, ProjectMembersTable } from '../../db/schema.ts';
import { columnContains } from '../../db/search.ts';

type Executor = Db | Transaction<Database>;

/** A member of a project with the user columns lists show. */
export interface ProjectMemberRow {
  userId: string;
  username: string;
  nickname: string;
  email: string;
  role: string;
  joinTime: string;
}

/** The explicit roles a user holds in live projects of live spaces. */
export function listProjectRolesOfUser(
  db: Executor,
  userId: string,
): Promise<Array<{ projectId: string; role: string }>> {
  return selectProjectRolesOfUser(db, userId);
}

// Read on most requests (the access context), so prepared once (see db/prepared.ts).
const selectProjectRolesOfUser = preparedQuery((db, userId: string) =>
  db
    .selectFrom('projectMembers')
    .innerJoin('projects', 'projects.id', 'projectMembers.projectId')
    .innerJoin('spaces', 'spaces.id', 'projects.spaceId')
    .select(['projectMembers.projectId', 'projectMembers.role'])
    .where('projectMembers.userId', '=', userId)
    .where('projects.deletedAt', 'is', null)
    .where('spaces.deletedAt', 'is', null),
);

/** Members of a project, optionally filtered by account/nickname text and role. */
export function listProjectMembers(
  db: Executor,
  projectId: string,
  filter: { username?: string | undefined; role?: string | undefined } = {},
): Promise<ProjectMemberRow[]> {
  let query = db
    .selectFrom('projectMembers')
    .innerJoin('users', 'users.id', 'projectMembers.userId')
    .select([
      'users.id as userId',
      'users.username',
      'users.nickname',
      'users.email',
      'projectMembers.role',
      'projectMembers.joinTime',
    ])
    .where('projectMembers.projectId', '=', projectId);
  const username = filter.username;
  if (username) {
    query = query.where((eb) =>
      eb.or([columnContains('users.username', username), columnContains('users.nickname', username)]),
    );
  }
  if (filter.role) query = query.where('projectMembers.role', '=', filter.role);
  return query.orderBy('projectMembers.joinTime').orderBy('users.id').execute();
}

/** The members among `userIds` with their roles. */
export function findProjectMembers(
  db: Executor,
  projectId: string,
  userIds: ReadonlyArray<string>,
): Promise<Array<{ userId: string; role: string }>> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('projectMembers')
    .select(['userId', 'role'])
    .where('projectId', '=', projectId)
    .where('userId', 'in', [...userIds])
    .execute();
}

/** Adds members. */
export async function insertProjectMembers(
  db: Executor,
  rows: ReadonlyArray<Insertable<ProjectMembersTable>>,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('projectMembers')
    .values([...rows])
    .execute();
}

/** Changes a member's role. */
export async function updateProjectMemberRole(
  db: Executor,
  projectId: string,
  userId: string,
  role: string,
): Promise<void> {
  await db
    .updateTable('projectMembers')
    .set({ role })
    .where('projectId', '=', projectId)
    .where('userId', '=', userId)
    .execute();
}

/** Removes a member from a project. */
export async function deleteProjectMember(db: Executor, projectId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('projectMembers')
    .where('projectId', '=', projectId)
    .where('userId', '=', userId)
    .execute();
}

/** Removes a user from every project of a space (they left the space). */
export async function deleteProjectMembershipsInSpace(
  db: Executor,
  spaceId: string,
  userId: string,
): Promise<void> {
  await db
    .deleteFrom('projectMembers')
    .where('userId', '=', userId)
    .where('projectId', 'in', (eb) => eb.selectFrom('projects').select('id').where('spaceId', '=', spaceId))
    .execute();
}

/** Every project membership of a user (live or deleted projects), for re-allocation. */
export function listProjectMembershipsOfUser(
  db: Executor,
  userId: string,
): Promise<Array<{ projectId: string; role: string }>> {
  return db.selectFrom('projectMembers').select(['projectId', 'role']).where('userId', '=', userId).execute();
}
