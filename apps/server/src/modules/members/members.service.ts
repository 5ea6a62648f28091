import type { ErrorCode, ProjectAbility, SpaceAbility } from '@quire/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { nowIso } from '../../lib/clock.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { assertSpaceMembers, loadProject } from '../projects/projects.service.ts';
import { assertUsersExist, loadSpace, lockSpace } from '../spaces/spaces.service.ts';
import { searchUsers, type UserRow } from '../users/users.service.ts';
import {
  countMembers,
  deleteMember,
  deleteProjectMembershipsInSpace,
  findMembers,
  insertMembers,
  listMembers,
  type MemberFilter,
  type MemberRow,
  type MemberScope,
  updateMemberRole,
  usersInSpaces,
} from './members.repository.ts';

/**
 * What differs between space and project members. Everything else (listing, adding, changing a role,
 * removing, the audit trail) is one implementation below.
 */
interface ScopeRules {
  /** Loads the target for `manage` or `read` and authorizes the caller; returns its id and space. */
  load(c: Caller, targetId: string, need: 'read' | 'manage'): Promise<{ id: string; spaceId: string }>;
  /** Who may become a member: any existing user (space), or members of the project's space (project). */
  assertCandidates(c: Caller, spaceId: string, userIds: ReadonlyArray<string>): Promise<void>;
  notFound: ErrorCode;
  /** A space must keep an admin; a project falls back to its space's admins, so it may lose its last one. */
  lastAdmin: ErrorCode | null;
  /** Serializes membership changes of one target (spaces lock their row so the last-admin check holds). */
  lock(trx: Transaction<Database>, targetId: string): Promise<void>;
  /** Further clean-up when a member leaves: leaving a space ends the roles in its projects. */
  afterRemove(trx: Transaction<Database>, targetId: string, userId: string): Promise<void>;
}

const SPACE_ABILITY: Record<'read' | 'manage', SpaceAbility> = {
  read: 'space.member.read',
  manage: 'space.member.manage',
};
const PROJECT_ABILITY: Record<'read' | 'manage', ProjectAbility> = {
  read: 'project.member.read',
  manage: 'project.member.manage',
};

const RULES: Record<MemberScope, ScopeRules> = {
  space: {
    load: async (c, id, need) => {
      const space = await loadSpace(c, id, SPACE_ABILITY[need]);
      return { id: space.id, spaceId: space.id };
    },
    assertCandidates: (c, _spaceId, userIds) => assertUsersExist(c, userIds),
    notFound: 'space.member_not_found',
    lastAdmin: 'space.last_admin',
    lock: (trx, id) => lockSpace(trx, id, nowIso()),
    afterRemove: (trx, spaceId, userId) => deleteProjectMembershipsInSpace(trx, spaceId, userId),
  },
  project: {
    load: async (c, id, need) => {
      const project = await loadProject(c, id, PROJECT_ABILITY[need]);
      return { id: project.id, spaceId: project.spaceId };
    },
    assertCandidates: assertSpaceMembers,
    notFound: 'project.member_not_found',
    lastAdmin: null,
    lock: async () => {},
    afterRemove: async () => {},
  },
};

/** Members of a space or project, for anyone who may read its members, filtered as asked. */
export async function listMembersOf(
  c: Caller,
  scope: MemberScope,
  targetId: string,
  filter: Omit<MemberFilter, 'limit' | 'offset'> = {},
): Promise<MemberRow[]> {
  const target = await RULES[scope].load(c, targetId, 'read');
  return listMembers(c.db, scope, target.id, filter);
}

/** A page of the members (pages count from 1) and how many match. */
export async function pageMembersOf(
  c: Caller,
  scope: MemberScope,
  targetId: string,
  page: { username?: string | undefined; pageIndex: number; pageSize: number },
): Promise<{ rows: MemberRow[]; total: number }> {
  const target = await RULES[scope].load(c, targetId, 'read');
  const [rows, total] = await Promise.all([
    listMembers(c.db, scope, target.id, {
      username: page.username,
      limit: page.pageSize,
      offset: (page.pageIndex - 1) * page.pageSize,
    }),
    countMembers(c.db, scope, target.id, { username: page.username }),
  ]);
  return { rows, total };
}

/** Adds users with a role (the target's admins). Users already in keep their role. */
export async function addMembersTo(
  c: Caller,
  scope: MemberScope,
  targetId: string,
  userIds: ReadonlyArray<string>,
  role: string,
): Promise<void> {
  const rules = RULES[scope];
  const target = await rules.load(c, targetId, 'manage');
  const unique = [...new Set(userIds)];
  await rules.assertCandidates(c, target.spaceId, unique);
  const now = nowIso();
  await c.db.transaction().execute(async (trx) => {
    await rules.lock(trx, target.id);
    const existing = new Set((await findMembers(trx, scope, target.id, unique)).map((m) => m.userId));
    const added = unique.filter((id) => !existing.has(id));
    await insertMembers(
      trx,
      scope,
      target.id,
      added.map((userId) => ({ userId, role, joinTime: now })),
    );
    for (const userId of added) {
      await recordAudit(
        trx,
        c.actor.user.id,
        `${scope}.member.add`,
        { type: scope, id: target.id },
        { userId, role },
      );
    }
  });
}

/** The current role of a member, inside the transaction; 404 when the user is not a member. */
async function roleOf(trx: Transaction<Database>, scope: MemberScope, targetId: string, userId: string) {
  const [member] = await findMembers(trx, scope, targetId, [userId]);
  if (!member) throw new AppError(RULES[scope].notFound);
  return member.role;
}

/** Refuses to take away the last admin role where the scope needs one. */
async function assertKeepsAdmin(
  trx: Transaction<Database>,
  scope: MemberScope,
  targetId: string,
  role: string,
) {
  const lastAdmin = RULES[scope].lastAdmin;
  if (!lastAdmin || role !== 'admin') return;
  if ((await countMembers(trx, scope, targetId, { role: 'admin' })) <= 1) throw new AppError(lastAdmin);
}

/** Changes a member's role (the target's admins). */
export async function changeMemberRole(
  c: Caller,
  scope: MemberScope,
  targetId: string,
  userId: string,
  role: string,
): Promise<void> {
  const rules = RULES[scope];
  const target = await rules.load(c, targetId, 'manage');
  await c.db.transaction().execute(async (trx) => {
    await rules.lock(trx, target.id);
    const from = await roleOf(trx, scope, target.id, userId);
    if (from === role) return;
    await assertKeepsAdmin(trx, scope, target.id, from);
    await updateMemberRole(trx, scope, target.id, userId, role);
    await recordAudit(
      trx,
      c.actor.user.id,
      `${scope}.member.role`,
      { type: scope, id: target.id },
      { userId, from, to: role },
    );
  });
}

/** Removes a member (the target's admins), with what leaving the scope implies. */
export async function removeMemberFrom(
  c: Caller,
  scope: MemberScope,
  targetId: string,
  userId: string,
): Promise<void> {
  const rules = RULES[scope];
  const target = await rules.load(c, targetId, 'manage');
  await c.db.transaction().execute(async (trx) => {
    await rules.lock(trx, target.id);
    const from = await roleOf(trx, scope, target.id, userId);
    await assertKeepsAdmin(trx, scope, target.id, from);
    await deleteMember(trx, scope, target.id, userId);
    await rules.afterRemove(trx, target.id, userId);
    await recordAudit(
      trx,
      c.actor.user.id,
      `${scope}.member.remove`,
      { type: scope, id: target.id },
      { userId, from },
    );
  });
}

/** How many users a picker search answers at most. */
const SEARCH_LIMIT = 20;

/**
 * Users to pick as members: account or nickname contains the text; empty text finds nobody. Emails are
 * answered (and searched) only where the caller may read them: a super admin every account's, an admin of a
 * space the emails of that space's members; other accounts come with an empty email (issue 28: any
 * signed-in user could list every account's email).
 */
export async function searchUsersByText(c: Caller, text: string): Promise<UserRow[]> {
  if (!text) return [];
  if (c.access.isSuperAdmin) return searchUsers(c.db, text, SEARCH_LIMIT, 'all');
  const adminSpaces = [...c.access.spaceRoles].filter(([, role]) => role === 'admin').map(([id]) => id);
  const rows = await searchUsers(c.db, text, SEARCH_LIMIT, adminSpaces);
  const visible = await usersInSpaces(
    c.db,
    adminSpaces,
    rows.map((row) => row.id),
  );
  return rows.map((row) => (visible.has(row.id) ? row : { ...row, email: '' }));
}

export type { MemberRow } from './members.repository.ts';
// What other modules may use of this module's data (docs/architecture.md: modules meet through services).
export {
  deleteMember,
  findMembers,
  insertMembers,
  listMembers,
  listProjectMembershipsOfUser,
  listProjectRolesOfUser,
  updateMemberRole,
} from './members.repository.ts';
