import type { Kysely, Transaction } from 'kysely';
import { preparedQuery } from './prepared.ts';
import type { Database } from './schema.ts';

/** One role a user holds: on a space (`kind` 's') or on a project (`kind` 'p'), in live spaces and projects. */
export interface MembershipRow {
  kind: 's' | 'p';
  targetId: string;
  role: string;
}

/**
 * Every role of a user in one round trip: the access context of each request needs both the space and the
 * project roles, and one statement costs less than two on the hot path.
 */
export function listMembershipsOfUser(
  db: Kysely<Database> | Transaction<Database>,
  userId: string,
): Promise<MembershipRow[]> {
  return selectMemberships(db, userId);
}

const selectMemberships = preparedQuery((db, userId: string) => membershipsOfUserQuery(db, userId));

/**
 * The query behind `listMembershipsOfUser`, for statements that embed it (the session lookup reads the
 * memberships in the same statement on SQLite, see sessions.repository.ts).
 */
export function membershipsOfUserQuery(db: Kysely<Database> | Transaction<Database>, userId: string) {
  return db
    .selectFrom('spaceMembers')
    .innerJoin('spaces', 'spaces.id', 'spaceMembers.spaceId')
    .select((eb) => [
      eb.val<'s' | 'p'>('s').as('kind'),
      'spaceMembers.spaceId as targetId',
      'spaceMembers.role',
    ])
    .where('spaceMembers.userId', '=', userId)
    .where('spaces.deletedAt', 'is', null)
    .unionAll((eb) =>
      eb
        .selectFrom('projectMembers')
        .innerJoin('projects', 'projects.id', 'projectMembers.projectId')
        .innerJoin('spaces', 'spaces.id', 'projects.spaceId')
        .select((inner) => [
          inner.val<'s' | 'p'>('p').as('kind'),
          'projectMembers.projectId as targetId',
          'projectMembers.role',
        ])
        .where('projectMembers.userId', '=', userId)
        .where('projects.deletedAt', 'is', null)
        .where('spaces.deletedAt', 'is', null),
    );
}
