import type { Member, OpenUser, Space, UserBrief } from '@quire/shared';
import type { AccessContext } from '../../policies/access-context.ts';
import { asRole } from '../../policies/roles.ts';
import { spaceAbilities, spaceRoleOf } from '../../policies/space.policy.ts';
import type { MemberRow } from '../members/members.service.ts';
import type { OpenUserRow } from './open-users.repository.ts';
import type { SpaceRow } from './spaces.repository.ts';

/**
 * A space with the caller's effective role and abilities (only spaces the caller can see are presented).
 * `internalAccess` goes to super admins only: it is their setting, and who may reach internal hosts is
 * nobody else's business.
 */
export function presentSpace(row: SpaceRow, access: AccessContext): Space {
  return {
    ...(access.isSuperAdmin ? { internalAccess: row.internalAccess === 1 } : {}),
    id: row.id,
    name: row.name,
    isCompose: row.isCompose === 1,
    creatorId: row.creatorId,
    creatorName: row.creatorName ?? '',
    roleCode: spaceRoleOf(access, row.id) ?? 'guest',
    abilities: spaceAbilities(access, row.id),
    createTime: row.createdAt,
  };
}

/** A member row of a space or project. */
export function presentMember(row: MemberRow): Member {
  return {
    id: row.userId,
    username: row.username,
    nickname: row.nickname,
    email: row.email,
    roleCode: asRole(row.role) ?? 'guest',
    joinTime: row.joinTime,
  };
}

/** A user as pickers show them. */
export function presentUserBrief(row: {
  id: string;
  username: string;
  nickname: string;
  email: string;
}): UserBrief {
  return { id: row.id, username: row.username, nickname: row.nickname, email: row.email };
}

/** A member row reduced to the user (admin lists of spaces and projects). */
export function presentMemberBrief(row: MemberRow): UserBrief {
  return presentUserBrief({ ...row, id: row.userId });
}

/** An open user without its secret hash. */
export function presentOpenUser(row: OpenUserRow): OpenUser {
  return {
    id: row.id,
    spaceId: row.spaceId,
    appKey: row.appKey,
    status: row.status,
    applicant: row.applicant,
    creatorName: row.creatorName ?? '',
    createTime: row.createdAt,
  };
}
