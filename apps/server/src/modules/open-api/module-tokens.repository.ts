import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import { upsert } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

/** The live application a push token hash belongs to, with what signing needs (its space and settings). */
export interface TokenModule {
  id: string;
  name: string;
  projectId: string;
  spaceId: string;
  settings: string;
  lastUsedAt: string | null;
}

/** Resolves a token hash to its live application (deleted applications, projects and spaces resolve to none). */
export function findModuleByTokenHash(db: Executor, tokenHash: string): Promise<TokenModule | undefined> {
  return db
    .selectFrom('moduleTokens')
    .innerJoin('modules', 'modules.id', 'moduleTokens.moduleId')
    .innerJoin('projects', 'projects.id', 'modules.projectId')
    .innerJoin('spaces', 'spaces.id', 'projects.spaceId')
    .select([
      'modules.id',
      'modules.name',
      'modules.projectId',
      'projects.spaceId',
      'modules.settings',
      'moduleTokens.lastUsedAt',
    ])
    .where('moduleTokens.tokenHash', '=', tokenHash)
    .where('modules.deletedAt', 'is', null)
    .where('projects.deletedAt', 'is', null)
    .where('spaces.deletedAt', 'is', null)
    .executeTakeFirst();
}

/** The token row of an application with its creator's nickname. */
export function findModuleToken(db: Executor, moduleId: string) {
  return db
    .selectFrom('moduleTokens')
    .leftJoin('users', 'users.id', 'moduleTokens.createdBy')
    .select([
      'moduleTokens.moduleId',
      'moduleTokens.createdAt',
      'moduleTokens.lastUsedAt',
      'users.nickname as creatorName',
    ])
    .where('moduleTokens.moduleId', '=', moduleId)
    .executeTakeFirst();
}

/** Sets the application's token, replacing the previous one in the same statement. */
export async function replaceModuleToken(
  db: Executor,
  row: { moduleId: string; tokenHash: string; createdBy: string; createdAt: string },
): Promise<void> {
  await upsert(db, db.insertInto('moduleTokens').values({ ...row, lastUsedAt: null }), ['moduleId'], {
    tokenHash: row.tokenHash,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    lastUsedAt: null,
  }).execute();
}

/** Records when a token was last used. */
export async function touchModuleToken(db: Executor, moduleId: string, at: string): Promise<void> {
  await db.updateTable('moduleTokens').set({ lastUsedAt: at }).where('moduleId', '=', moduleId).execute();
}

/** An open user of a space by app key: its status and signing secret. */
export function findOpenUserForSign(db: Executor, spaceId: string, appKey: string) {
  return db
    .selectFrom('openUsers')
    .select(['id', 'status', 'signSecret'])
    .where('spaceId', '=', spaceId)
    .where('appKey', '=', appKey)
    .executeTakeFirst();
}
