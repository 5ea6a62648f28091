import type { Db } from '../../db/database.ts';
import { upsert } from '../../db/dialect.ts';

/** A followed doc with where it lives (live docs of live applications, projects and spaces only). */
export interface FollowedDocRow {
  id: string;
  name: string;
  url: string;
  httpMethod: string;
  moduleId: string;
  moduleName: string;
  projectId: string;
  projectName: string;
  spaceId: string;
  isPrivate: number;
  createdAt: string;
}

export function listFollowedDocs(db: Db, userId: string): Promise<FollowedDocRow[]> {
  return db
    .selectFrom('docSubscriptions')
    .innerJoin('docs', 'docs.id', 'docSubscriptions.docId')
    .innerJoin('modules', 'modules.id', 'docs.moduleId')
    .innerJoin('projects', 'projects.id', 'modules.projectId')
    .innerJoin('spaces', 'spaces.id', 'projects.spaceId')
    .select([
      'docs.id',
      'docs.name',
      'docs.url',
      'docs.httpMethod',
      'modules.id as moduleId',
      'modules.name as moduleName',
      'projects.id as projectId',
      'projects.name as projectName',
      'projects.spaceId',
      'projects.isPrivate',
      'docSubscriptions.createdAt',
    ])
    .where('docSubscriptions.userId', '=', userId)
    .where('docs.deletedAt', 'is', null)
    .where('modules.deletedAt', 'is', null)
    .where('projects.deletedAt', 'is', null)
    .where('spaces.deletedAt', 'is', null)
    .orderBy('docSubscriptions.createdAt', 'desc')
    .orderBy('docs.id')
    .execute();
}

/** A followed project with its space (live ones only). */
export interface FollowedProjectRow {
  id: string;
  name: string;
  spaceId: string;
  spaceName: string;
  isPrivate: number;
  createdAt: string;
}

export function listFollowedProjects(db: Db, userId: string): Promise<FollowedProjectRow[]> {
  return db
    .selectFrom('projectSubscriptions')
    .innerJoin('projects', 'projects.id', 'projectSubscriptions.projectId')
    .innerJoin('spaces', 'spaces.id', 'projects.spaceId')
    .select([
      'projects.id',
      'projects.name',
      'projects.spaceId',
      'spaces.name as spaceName',
      'projects.isPrivate',
      'projectSubscriptions.createdAt',
    ])
    .where('projectSubscriptions.userId', '=', userId)
    .where('projects.deletedAt', 'is', null)
    .where('spaces.deletedAt', 'is', null)
    .orderBy('projectSubscriptions.createdAt', 'desc')
    .orderBy('projects.id')
    .execute();
}

export async function insertProjectSubscription(
  db: Db,
  userId: string,
  projectId: string,
  at: string,
): Promise<void> {
  await upsert(db, db.insertInto('projectSubscriptions').values({ userId, projectId, createdAt: at }), [
    'userId',
    'projectId',
  ]).execute();
}

export async function deleteProjectSubscription(db: Db, userId: string, projectId: string): Promise<void> {
  await db
    .deleteFrom('projectSubscriptions')
    .where('userId', '=', userId)
    .where('projectId', '=', projectId)
    .execute();
}

/** Stops following a doc, whether or not the caller may still read it (their own row only). */
export async function deleteDocSubscription(db: Db, userId: string, docId: string): Promise<void> {
  await db.deleteFrom('docSubscriptions').where('userId', '=', userId).where('docId', '=', docId).execute();
}
