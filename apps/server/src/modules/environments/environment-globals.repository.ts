import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import { upsert } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

/** The stored globals (JSON) of an environment, if any were saved. */
export async function findGlobals(db: Executor, environmentId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('environmentGlobals')
    .select('content')
    .where('environmentId', '=', environmentId)
    .executeTakeFirst();
  return row?.content;
}

/** A module's first environment (lowest order), Torna's source of a doc's globals, with its stored globals. */
export async function findFirstEnvironmentGlobals(
  db: Executor,
  moduleId: string,
): Promise<{ environmentId: string; content: string | undefined } | undefined> {
  const row = await db
    .selectFrom('moduleEnvironments')
    .leftJoin('environmentGlobals', 'environmentGlobals.environmentId', 'moduleEnvironments.id')
    .select(['moduleEnvironments.id', 'environmentGlobals.content'])
    .where('moduleEnvironments.moduleId', '=', moduleId)
    .orderBy('moduleEnvironments.orderIndex')
    .orderBy('moduleEnvironments.createdAt')
    .orderBy('moduleEnvironments.id')
    .limit(1)
    .executeTakeFirst();
  return row ? { environmentId: row.id, content: row.content ?? undefined } : undefined;
}

/** Writes the globals of an environment (insert or replace). */
export async function upsertGlobals(
  db: Executor,
  environmentId: string,
  content: string,
  updatedBy: string,
  updatedAt: string,
): Promise<void> {
  await upsert(
    db,
    db.insertInto('environmentGlobals').values({ environmentId, content, updatedBy, updatedAt }),
    ['environmentId'],
    { content, updatedBy, updatedAt },
  ).execute();
}

/** Copies the globals of environments to their copies (pairs of source and new environment ids). */
export async function copyGlobals(
  db: Executor,
  pairs: ReadonlyArray<{ from: string; to: string }>,
  updatedBy: string,
  updatedAt: string,
): Promise<void> {
  for (const pair of pairs) {
    const content = await findGlobals(db, pair.from);
    if (content !== undefined) await upsertGlobals(db, pair.to, content, updatedBy, updatedAt);
  }
}
