import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, UsersTable } from '../../db/schema.ts';
import { columnContains } from '../../db/search.ts';

export type UserRow = Selectable<UsersTable>;
type Executor = Db | Transaction<Database>;

/** The lower-cased key usernames are unique by. */
export function usernameKeyOf(username: string): string {
  return username.trim().toLowerCase();
}

/** Finds a user by id. */
export function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Finds a user by login account, case-insensitively. */
export function findUserByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('usernameKey', '=', usernameKeyOf(username))
    .executeTakeFirst();
}

/** Counts all accounts; zero means a fresh install. */
export async function countUsers(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Inserts a user row. */
export async function insertUser(db: Executor, row: Insertable<UsersTable>): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

/** Updates a user row. */
export async function updateUser(db: Executor, id: string, changes: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/** Users by ids; unknown ids are simply missing from the answer. */
export function findUsersByIds(db: Executor, ids: ReadonlyArray<string>): Promise<UserRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

/**
 * Enabled users whose account or nickname contains `text` (case-insensitive), by account. The email is
 * searched too where the caller may read it (`emailSpaces`: 'all', or the spaces whose members' emails they
 * may read), so a search never confirms an email the answer would hide.
 */
export function searchUsers(
  db: Executor,
  text: string,
  limit: number,
  emailSpaces: 'all' | ReadonlyArray<string>,
): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('status', '!=', 0)
    .where((eb) => {
      const byName = [columnContains('username', text), columnContains('nickname', text)];
      if (emailSpaces === 'all') return eb.or([...byName, columnContains('email', text)]);
      if (emailSpaces.length === 0) return eb.or(byName);
      const inSpaces = eb(
        'id',
        'in',
        eb
          .selectFrom('spaceMembers')
          .select('userId')
          .where('spaceId', 'in', [...emailSpaces]),
      );
      return eb.or([...byName, eb.and([columnContains('email', text), inSpaces])]);
    })
    .orderBy('usernameKey')
    .limit(limit)
    .execute();
}

/** A page of users for the admin list: `text` matches the account or nickname; newest accounts first. */
export async function pageUsers(
  db: Executor,
  filter: { text?: string | undefined; status?: number | undefined },
  pageIndex: number,
  pageSize: number,
): Promise<{ rows: UserRow[]; total: number }> {
  let base = db.selectFrom('users');
  const text = filter.text;
  if (text)
    base = base.where((eb) => eb.or([columnContains('username', text), columnContains('nickname', text)]));
  if (filter.status !== undefined) base = base.where('status', '=', filter.status);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('createdAt', 'desc')
      .orderBy('id')
      .limit(pageSize)
      .offset((pageIndex - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
