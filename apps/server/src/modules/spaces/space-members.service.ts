import type {
  SpaceMemberAddRequest,
  SpaceMemberPageRequest,
  SpaceMemberRemoveRequest,
  SpaceMemberRoleRequest,
} from '@quire/shared';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { nowIso } from '../../lib/clock.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { deleteProjectMembershipsInSpace } from '../projects/project-members.repository.ts';
import { searchUsers, type UserRow } from '../users/users.repository.ts';
import {
  countSpaceAdmins,
  countSpaceMembers,
  deleteSpaceMember,
  findSpaceMembers,
  insertSpaceMembers,
  listSpaceMembers,
  type SpaceMemberRow,
  updateSpaceMemberRole,
} from './space-members.repository.ts';
import { lockSpace } from './spaces.repository.ts';
import { assertUsersExist, loadSpace } from './spaces.service.ts';

/** How many users a search answers at most. */
const SEARCH_LIMIT = 20;

/** Every member of a space, for any member. */
export async function listAllSpaceMembers(c: Caller, spaceId: string): Promise<SpaceMemberRow[]> {
  const space = await loadSpace(c, spaceId, 'space.member.read');
  return listSpaceMembers(c.db, space.id);
}

/** A page of the members of a space, optionally filtered by account or nickname. */
export async function pageSpaceMembers(
  c: Caller,
  input: z.output<typeof SpaceMemberPageRequest>,
): Promise<{ rows: SpaceMemberRow[]; total: number }> {
  const space = await loadSpace(c, input.spaceId, 'space.member.read');
  const [rows, total] = await Promise.all([
    listSpaceMembers(c.db, space.id, {
      username: input.username,
      limit: input.pageSize,
      offset: (input.pageIndex - 1) * input.pageSize,
    }),
    countSpaceMembers(c.db, space.id, input.username),
  ]);
  return { rows, total };
}

/** Adds users to a space with a role (space admin). Users already in the space keep their role. */
export async function addSpaceMembers(
  c: Caller,
  input: z.output<typeof SpaceMemberAddRequest>,
): Promise<void> {
  const space = await loadSpace(c, input.spaceId, 'space.member.manage');
  const userIds = [...new Set(input.userIds)];
  await assertUsersExist(c, userIds);
  const now = nowIso();
  await c.db.transaction().execute(async (trx) => {
    await lockSpace(trx, space.id, now);
    const existing = new Set((await findSpaceMembers(trx, space.id, userIds)).map((m) => m.userId));
    const added = userIds.filter((id) => !existing.has(id));
    await insertSpaceMembers(
      trx,
      added.map((userId) => ({ spaceId: space.id, userId, role: input.roleCode, joinTime: now })),
    );
    for (const userId of added) {
      await recordAudit(
        trx,
        c.actor.user.id,
        'space.member.add',
        { type: 'space', id: space.id },
        {
          userId,
          role: input.roleCode,
        },
      );
    }
  });
}

/** The current role of a member, inside the locking transaction; 404 when the user is not a member. */
async function memberRole(trx: Transaction<Database>, spaceId: string, userId: string): Promise<string> {
  const [member] = await findSpaceMembers(trx, spaceId, [userId]);
  if (!member) throw new AppError('space.member_not_found');
  return member.role;
}

/** Refuses to take away the last admin role of a space, which would leave nobody to manage it. */
async function assertNotLastAdmin(trx: Transaction<Database>, spaceId: string, role: string): Promise<void> {
  if (role === 'admin' && (await countSpaceAdmins(trx, spaceId)) <= 1) throw new AppError('space.last_admin');
}

/** Changes a member's role (space admin); demoting the last admin is refused. */
export async function updateSpaceMemberRoleOf(
  c: Caller,
  input: z.output<typeof SpaceMemberRoleRequest>,
): Promise<void> {
  const space = await loadSpace(c, input.spaceId, 'space.member.manage');
  await c.db.transaction().execute(async (trx) => {
    await lockSpace(trx, space.id, nowIso());
    const from = await memberRole(trx, space.id, input.userId);
    if (from === input.roleCode) return;
    await assertNotLastAdmin(trx, space.id, from);
    await updateSpaceMemberRole(trx, space.id, input.userId, input.roleCode);
    await recordAudit(
      trx,
      c.actor.user.id,
      'space.member.role',
      { type: 'space', id: space.id },
      {
        userId: input.userId,
        from,
        to: input.roleCode,
      },
    );
  });
}

/**
 * Removes a member from a space (space admin), with their roles in the space's projects; removing the last
 * admin is refused.
 */
export async function removeSpaceMember(
  c: Caller,
  input: z.output<typeof SpaceMemberRemoveRequest>,
): Promise<void> {
  const space = await loadSpace(c, input.spaceId, 'space.member.manage');
  await c.db.transaction().execute(async (trx) => {
    await lockSpace(trx, space.id, nowIso());
    const from = await memberRole(trx, space.id, input.userId);
    await assertNotLastAdmin(trx, space.id, from);
    await deleteSpaceMember(trx, space.id, input.userId);
    await deleteProjectMembershipsInSpace(trx, space.id, input.userId);
    await recordAudit(
      trx,
      c.actor.user.id,
      'space.member.remove',
      { type: 'space', id: space.id },
      {
        userId: input.userId,
        from,
      },
    );
  });
}

/** Users to pick as members: account, nickname or email contains the text; empty text finds nobody. */
export function searchUsersByText(c: Caller, text: string): Promise<UserRow[]> {
  if (!text) return Promise.resolve([]);
  return searchUsers(c.db, text, SEARCH_LIMIT);
}
