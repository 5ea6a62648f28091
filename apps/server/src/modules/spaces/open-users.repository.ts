import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, OpenUsersTable } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

/** An open user with its creator's nickname. */
export type OpenUserRow = Selectable<OpenUsersTable> & { creatorName: string | null };

function selectOpenUsers(db: Executor) {
  return db
    .selectFrom('openUsers')
    .leftJoin('users', 'users.id', 'openUsers.creatorId')
    .selectAll('openUsers')
    .select('users.nickname as creatorName');
}

/** The open users of a space, oldest first. */
export function listOpenUsers(db: Executor, spaceId: string): Promise<OpenUserRow[]> {
  return selectOpenUsers(db)
    .where('openUsers.spaceId', '=', spaceId)
    .orderBy('openUsers.createdAt')
    .orderBy('openUsers.id')
    .execute();
}

/** An open user by id. */
export function findOpenUser(db: Executor, id: string): Promise<OpenUserRow | undefined> {
  return selectOpenUsers(db).where('openUsers.id', '=', id).executeTakeFirst();
}

/** Inserts an open user. */
export async function insertOpenUser(db: Executor, row: Insertable<OpenUsersTable>): Promise<void> {
  await db.insertInto('openUsers').values(row).execute();
}

/** Updates an open user. */
export async function updateOpenUser(
  db: Executor,
  id: string,
  changes: Updateable<OpenUsersTable>,
): Promise<void> {
  await db.updateTable('openUsers').set(changes).where('id', '=', id).execute();
}
