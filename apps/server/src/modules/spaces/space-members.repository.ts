import type { Insertable, Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, SpaceMembersTable } from '../../db/schema.ts';
import { columnContains } from '../../db/search.ts';

type Executor = Db | Transaction<Database>;

/** A member of a space with the user columns lists show. */
export interface SpaceMemberRow {
  userId: string;
  username: string;
  nickname: string;
  email: string;
  role: string;
  joinTime: string;
}

function selectMembers(db: Executor, spaceId: string, username: string | undefined) {
  let query = db
    .selectFrom('spaceMembers')
    .innerJoin('users', 'users.id', 'spaceMembers.userId')
    .where('spaceMembers.spaceId', '=', spaceId);
  if (username) {
    query = query.where((eb) =>
      eb.or([columnContains('users.username', username), columnContains('users.nickname', username)]),
    );
  }
  return query;
}

/** Members of a space (optionally those whose account or nickname contains `username`), a page or all. */
export function listSpaceMembers(
  db: Executor,
  spaceId: string,
  options: { username?: string | undefined; limit?: number; offset?: number } = {},
): Promise<SpaceMemberRow[]> {
  let query = selectMembers(db, spaceId, options.username)
    .select([
      'users.id as userId',
      'users.username',
      'users.nickname',
      'users.email',
      'spaceMembers.role',
      'spaceMembers.joinTime',
    ])
    .orderBy('spaceMembers.joinTime')
    .orderBy('users.id');
  if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
  return query.execute();
}

/** How many members match, for paging. */
export async function countSpaceMembers(
  db: Executor,
  spaceId: string,
  username: string | undefined,
): Promise<number> {
  const row = await selectMembers(db, spaceId, username)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Admins of a space. */
export function listSpaceAdmins(db: Executor, spaceId: string): Promise<SpaceMemberRow[]> {
  return db
    .selectFrom('spaceMembers')
    .innerJoin('users', 'users.id', 'spaceMembers.userId')
    .select([
      'users.id as userId',
      'users.username',
      'users.nickname',
      'users.email',
      'spaceMembers.role',
      'spaceMembers.joinTime',
    ])
    .where('spaceMembers.spaceId', '=', spaceId)
    .where('spaceMembers.role', '=', 'admin')
    .orderBy('spaceMembers.joinTime')
    .execute();
}

/** The members among `userIds` with their roles. */
export function findSpaceMembers(
  db: Executor,
  spaceId: string,
  userIds: ReadonlyArray<string>,
): Promise<Array<{ userId: string; role: string }>> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('spaceMembers')
    .select(['userId', 'role'])
    .where('spaceId', '=', spaceId)
    .where('userId', 'in', [...userIds])
    .execute();
}

/** How many admins a space has. */
export async function countSpaceAdmins(db: Executor, spaceId: string): Promise<number> {
  const row = await db
    .selectFrom('spaceMembers')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('spaceId', '=', spaceId)
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Adds members. */
export async function insertSpaceMembers(
  db: Executor,
  rows: ReadonlyArray<Insertable<SpaceMembersTable>>,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('spaceMembers')
    .values([...rows])
    .execute();
}

/** Changes a member's role. */
export async function updateSpaceMemberRole(
  db: Executor,
  spaceId: string,
  userId: string,
  role: string,
): Promise<void> {
  await db
    .updateTable('spaceMembers')
    .set({ role })
    .where('spaceId', '=', spaceId)
    .where('userId', '=', userId)
    .execute();
}

/** Removes a member from a space. */
export async function deleteSpaceMember(db: Executor, spaceId: string, userId: string): Promise<void> {
  await db.deleteFrom('spaceMembers').where('spaceId', '=', spaceId).where('userId', '=', userId).execute();
}
