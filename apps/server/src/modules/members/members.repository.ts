import type { Insertable, Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared.ts';
import type { Database, SpaceMembersTable } from '../../db/schema.ts';
import { columnContains } from '../../db/search.ts';

type Executor = Db | Transaction<Database>;

/** Where a membership lives: a space (`space_members.space_id`) or a project (`project_members.project_id`). */
export type MemberScope = 'space' | 'project';

/** A member with the user columns lists show. */
export interface MemberRow {
  userId: string;
  username: string;
  nickname: string;
  email: string;
  role: string;
  joinTime: string;
}

/** A new membership of a user in the scope's target. */
export interface NewMember {
  userId: string;
  role: string;
  joinTime: string;
}

/**
 * The two membership tables have the same columns but the target's: `spaceId` or `projectId`. Queries are
 * written once against the space table's shape and aimed at the scope's table; the casts below only rename
 * the table and that one column, which is why they are safe.
 */
const TABLE = { space: 'spaceMembers', project: 'projectMembers' } as const;
const TARGET = { space: 'm.spaceId', project: 'm.projectId' } as const;

function from(db: Executor, scope: MemberScope) {
  return db.selectFrom(`${TABLE[scope]} as m` as 'spaceMembers as m');
}

function target(scope: MemberScope): 'm.spaceId' {
  return TARGET[scope] as 'm.spaceId';
}

/** Filters of a member list. */
export interface MemberFilter {
  /** Account or nickname contains this text. */
  username?: string | undefined;
  role?: string | undefined;
  limit?: number;
  offset?: number;
}

function selectMembers(db: Executor, scope: MemberScope, targetId: string, filter: MemberFilter) {
  let query = from(db, scope).innerJoin('users', 'users.id', 'm.userId').where(target(scope), '=', targetId);
  const username = filter.username;
  if (username) {
    query = query.where((eb) =>
      eb.or([columnContains('users.username', username), columnContains('users.nickname', username)]),
    );
  }
  if (filter.role) query = query.where('m.role', '=', filter.role);
  return query;
}

/** Members of a space or project, oldest first, filtered and paged as asked. */
export function listMembers(
  db: Executor,
  scope: MemberScope,
  targetId: string,
  filter: MemberFilter = {},
): Promise<MemberRow[]> {
  let query = selectMembers(db, scope, targetId, filter)
    .select(['users.id as userId', 'users.username', 'users.nickname', 'users.email', 'm.role', 'm.joinTime'])
    .orderBy('m.joinTime')
    .orderBy('users.id');
  if (filter.limit !== undefined) query = query.limit(filter.limit).offset(filter.offset ?? 0);
  return query.execute();
}

/** How many members match the filter, for paging. */
export async function countMembers(
  db: Executor,
  scope: MemberScope,
  targetId: string,
  filter: MemberFilter = {},
): Promise<number> {
  const row = await selectMembers(db, scope, targetId, filter)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The members among `userIds` with their roles. */
export function findMembers(
  db: Executor,
  scope: MemberScope,
  targetId: string,
  userIds: ReadonlyArray<string>,
): Promise<Array<{ userId: string; role: string }>> {
  if (userIds.length === 0) return Promise.resolve([]);
  return from(db, scope)
    .select(['m.userId', 'm.role'])
    .where(target(scope), '=', targetId)
    .where('m.userId', 'in', [...userIds])
    .execute();
}

/** Which of `userIds` belong to at least one of `spaceIds`. */
export async function usersInSpaces(
  db: Executor,
  spaceIds: ReadonlyArray<string>,
  userIds: ReadonlyArray<string>,
): Promise<Set<string>> {
  if (spaceIds.length === 0 || userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('spaceMembers')
    .select('userId')
    .distinct()
    .where('spaceId', 'in', [...spaceIds])
    .where('userId', 'in', [...userIds])
    .execute();
  return new Set(rows.map((row) => row.userId));
}

/** Adds memberships. */
export async function insertMembers(
  db: Executor,
  scope: MemberScope,
  targetId: string,
  rows: ReadonlyArray<NewMember>,
): Promise<void> {
  if (rows.length === 0) return;
  const key = scope === 'space' ? 'spaceId' : 'projectId';
  const values = rows.map((row) => ({ ...row, [key]: targetId }) as Insertable<SpaceMembersTable>);
  await db
    .insertInto(TABLE[scope] as 'spaceMembers')
    .values(values)
    .execute();
}

/** Changes a member's role. */
export async function updateMemberRole(
  db: Executor,
  scope: MemberScope,
  targetId: string,
  userId: string,
  role: string,
): Promise<void> {
  const key = scope === 'space' ? 'spaceId' : ('projectId' as 'spaceId');
  await db
    .updateTable(TABLE[scope] as 'spaceMembers')
    .set({ role })
    .where(key, '=', targetId)
    .where('userId', '=', userId)
    .execute();
}

/** Ends a membership. */
export async function deleteMember(
  db: Executor,
  scope: MemberScope,
  targetId: string,
  userId: string,
): Promise<void> {
  const key = scope === 'space' ? 'spaceId' : ('projectId' as 'spaceId');
  await db
    .deleteFrom(TABLE[scope] as 'spaceMembers')
    .where(key, '=', targetId)
    .where('userId', '=', userId)
    .execute();
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
