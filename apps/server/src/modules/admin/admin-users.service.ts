import type { AdminUserCreateRequest, AdminUserPageRequest, AllocateProjectRequest } from '@quire/shared';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { deleteUserSessions } from '../../db/sessions.repository.ts';
import { AppError } from '../../http/app-error.ts';
import type { Actor } from '../../http/types.ts';
import { nowIso } from '../../lib/clock.ts';
import { newId, newPassword } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  deleteMember,
  findMembers,
  insertMembers,
  listProjectMembershipsOfUser,
  listProjectRolesOfUser,
  updateMemberRole,
} from '../members/members.service.ts';
import { findLiveProjects } from '../projects/projects.service.ts';
import {
  findUserById,
  findUserByUsername,
  insertUser,
  pageUsers,
  type UserRow,
  updateUser,
  usernameKeyOf,
} from '../users/users.service.ts';

/** Sources whose password lives elsewhere (a third party); Quire cannot reset it. */
const LOCAL_SOURCES = new Set(['register', 'backend']);

async function loadUser(db: Db, id: string): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw new AppError('user.not_found');
  return user;
}

/** A page of users, searchable by account or nickname and status. */
export function pageAdminUsers(
  db: Db,
  input: z.output<typeof AdminUserPageRequest>,
): Promise<{ rows: UserRow[]; total: number }> {
  return pageUsers(db, { text: input.username, status: input.status }, input.pageIndex, input.pageSize);
}

/**
 * Creates an account with a random initial password, answered once. Status 2 sends the user to set their
 * own password at first login.
 */
export async function createUserByAdmin(
  db: Db,
  actor: Actor,
  input: z.output<typeof AdminUserCreateRequest>,
): Promise<{ username: string; password: string }> {
  if (await findUserByUsername(db, input.username)) throw new AppError('user.username_taken');
  const password = newPassword();
  const id = newId();
  const now = nowIso();
  try {
    await db.transaction().execute(async (trx) => {
      await insertUser(trx, {
        id,
        username: input.username,
        usernameKey: usernameKeyOf(input.username),
        nickname: input.nickname,
        email: input.username.includes('@') ? input.username : '',
        avatar: '',
        passwordHash: await hashPassword(password),
        status: 2,
        mustSetPassword: 1,
        source: 'backend',
        isSuperAdmin: input.isSuperAdmin ? 1 : 0,
        lang: null,
        createdAt: now,
        updatedAt: now,
      });
      await recordAudit(
        trx,
        actor.user.id,
        'user.create',
        { type: 'user', id },
        {
          username: input.username,
          isSuperAdmin: input.isSuperAdmin,
        },
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('user.username_taken');
    throw error;
  }
  return { username: input.username, password };
}

/** Gives a user a new random password (status 2) and ends their sessions; third-party accounts are refused. */
export async function resetPasswordByAdmin(
  db: Db,
  actor: Actor,
  userId: string,
): Promise<{ username: string; password: string }> {
  const user = await loadUser(db, userId);
  if (!LOCAL_SOURCES.has(user.source)) throw new AppError('auth.third_party_password');
  const password = newPassword();
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { passwordHash, status: 2, mustSetPassword: 1, updatedAt: nowIso() });
    await deleteUserSessions(trx, user.id);
    await recordAudit(
      trx,
      actor.user.id,
      'user.passwordReset',
      { type: 'user', id: user.id },
      {
        username: user.username,
      },
    );
  });
  return { username: user.username, password };
}

/**
 * Disables (status 0, every session ended at once) or re-enables an account. A super admin cannot disable
 * themselves, so there is always someone left to undo it.
 */
export async function setUserEnabled(db: Db, actor: Actor, userId: string, enabled: boolean): Promise<void> {
  const user = await loadUser(db, userId);
  if (!enabled && user.id === actor.user.id) throw new AppError('admin.self_change');
  // Re-enabling keeps a pending "set your password" (2); anything else becomes 1.
  const status = enabled ? (user.status === 2 || user.mustSetPassword === 1 ? 2 : 1) : 0;
  await db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { status, updatedAt: nowIso() });
    if (!enabled) await deleteUserSessions(trx, user.id);
    await recordAudit(
      trx,
      actor.user.id,
      enabled ? 'user.enable' : 'user.disable',
      { type: 'user', id: user.id },
      {
        username: user.username,
        from: user.status,
        to: status,
      },
    );
  });
}

/**
 * Sets a user's projects: afterwards they are a member of exactly `projectIds` (live projects) with `role`,
 * and a guest of each project's space unless already a member there. Memberships of deleted projects are
 * kept for a restore; space memberships are never removed here.
 */
export async function allocateProjects(
  db: Db,
  actor: Actor,
  input: z.output<typeof AllocateProjectRequest>,
): Promise<void> {
  const user = await loadUser(db, input.userId);
  const wanted = [...new Set(input.projectIds)];
  const projects = await findLiveProjects(db, wanted);
  if (projects.length !== wanted.length) throw new AppError('project.not_found');
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const live = new Set((await listProjectRolesOfUser(trx, user.id)).map((m) => m.projectId));
    const current = new Map(
      (await listProjectMembershipsOfUser(trx, user.id)).map((m) => [m.projectId, m.role]),
    );
    for (const projectId of live) {
      if (!wanted.includes(projectId)) await deleteMember(trx, 'project', projectId, user.id);
    }
    for (const project of projects) {
      const role = current.get(project.id);
      if (role === undefined) {
        await insertMembers(trx, 'project', project.id, [
          { userId: user.id, role: input.role, joinTime: now },
        ]);
      } else if (role !== input.role) {
        await updateMemberRole(trx, 'project', project.id, user.id, input.role);
      }
      const [inSpace] = await findMembers(trx, 'space', project.spaceId, [user.id]);
      if (!inSpace) {
        await insertMembers(trx, 'space', project.spaceId, [
          { userId: user.id, role: 'guest', joinTime: now },
        ]);
      }
    }
    await recordAudit(
      trx,
      actor.user.id,
      'user.allocateProject',
      { type: 'user', id: user.id },
      {
        role: input.role,
        projectIds: wanted,
      },
    );
  });
}

/** The live projects a user is an explicit member of. */
export async function userProjectIds(db: Db, userId: string): Promise<string[]> {
  const user = await loadUser(db, userId);
  return (await listProjectRolesOfUser(db, user.id)).map((m) => m.projectId);
}
