import type { Kysely, Transaction } from 'kysely';
import { upsert } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** A user's prop of a type for one object (Torna's `prop` table: type 10 = a doc's debug values). */
export async function readUserProp(
  db: Executor,
  userId: string,
  type: number,
  refId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('userProps')
    .select('value')
    .where('userId', '=', userId)
    .where('type', '=', type)
    .where('refId', '=', refId)
    .executeTakeFirst();
  return row?.value;
}

export async function writeUserProp(
  db: Executor,
  key: { userId: string; type: number; refId: string },
  value: string,
  updatedAt: string,
): Promise<void> {
  await upsert(
    db,
    db.insertInto('userProps').values({ ...key, value, updatedAt }),
    ['userId', 'type', 'refId'],
    {
      value,
      updatedAt,
    },
  ).execute();
}

/** Runs `work` in one transaction, so a read-modify-write of a prop is not interleaved with another. */
export function inPropTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>) {
  return db.transaction().execute(work);
}
