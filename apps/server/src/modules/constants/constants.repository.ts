import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import { upsert } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

/** Whose constants: a project's or an application's. */
export type ConstantScope = { type: 'project' | 'module'; id: string };

/** The stored constants page and error codes of a scope, if any were saved. */
export function findConstants(
  db: Executor,
  scope: ConstantScope,
): Promise<{ content: string; errorCodes: string } | undefined> {
  return db
    .selectFrom('constants')
    .select(['content', 'errorCodes'])
    .where('scopeType', '=', scope.type)
    .where('scopeId', '=', scope.id)
    .executeTakeFirst();
}

/** Writes one part (page or error codes) of a scope's constants, creating the row when missing. */
export async function upsertConstants(
  db: Executor,
  scope: ConstantScope,
  part: { content: string } | { errorCodes: string },
  updatedBy: string,
  updatedAt: string,
): Promise<void> {
  await upsert(
    db,
    db.insertInto('constants').values({
      scopeType: scope.type,
      scopeId: scope.id,
      content: 'content' in part ? part.content : '',
      errorCodes: 'errorCodes' in part ? part.errorCodes : '[]',
      updatedBy,
      updatedAt,
    }),
    ['scopeType', 'scopeId'],
    { ...part, updatedBy, updatedAt },
  ).execute();
}
