import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { UserMessagesTable } from '../../db/schema.ts';

export type MessageRow = Selectable<UserMessagesTable>;

/** The newest unread messages of a user. */
export function listUnread(db: Db, userId: string, limit: number): Promise<MessageRow[]> {
  return db
    .selectFrom('userMessages')
    .selectAll()
    .where('userId', '=', userId)
    .where('isRead', '=', 0)
    .orderBy('createdAt', 'desc')
    .limit(limit)
    .execute();
}

/** A page of a user's messages, unread first, newest first. */
export async function pageMessages(
  db: Db,
  userId: string,
  pageIndex: number,
  pageSize: number,
): Promise<{ rows: MessageRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('userMessages')
      .selectAll()
      .where('userId', '=', userId)
      .orderBy('isRead', 'asc')
      .orderBy('createdAt', 'desc')
      .limit(pageSize)
      .offset((pageIndex - 1) * pageSize)
      .execute(),
    db
      .selectFrom('userMessages')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Marks one message read; only the owner's message matches, so others' ids change nothing. */
export async function markRead(db: Db, userId: string, id: string): Promise<number> {
  const result = await db
    .updateTable('userMessages')
    .set({ isRead: 1 })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Marks every message of a user read. */
export async function markAllRead(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('userMessages')
    .set({ isRead: 1 })
    .where('userId', '=', userId)
    .where('isRead', '=', 0)
    .execute();
}

/** How many unread messages a user has, counted up to `cap` (the bell shows 99+ past 99). */
export async function countUnread(db: Db, userId: string, cap: number): Promise<number> {
  const rows = await db
    .selectFrom('userMessages')
    .select('id')
    .where('userId', '=', userId)
    .where('isRead', '=', 0)
    .limit(cap)
    .execute();
  return rows.length;
}
