import type {
  ProjectMemberAddRequest,
  ProjectMemberListQuery,
  ProjectMemberRemoveRequest,
  ProjectMemberRoleRequest,
} from '@quire/shared';
import type { z } from 'zod';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { nowIso } from '../../lib/clock.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  deleteProjectMember,
  findProjectMembers,
  insertProjectMembers,
  listProjectMembers,
  type ProjectMemberRow,
  updateProjectMemberRole,
} from './project-members.repository.ts';
import { assertSpaceMembers, loadProject } from './projects.service.ts';

/** The members of a project, for anyone who can read it. */
export async function listMembersOfProject(
  c: Caller,
  query: z.output<typeof ProjectMemberListQuery>,
): Promise<ProjectMemberRow[]> {
  const project = await loadProject(c, query.projectId, 'project.member.read');
  return listProjectMembers(c.db, project.id, { username: query.username, role: query.roleCode });
}

/**
 * Adds members of the space to a project with a role (project admin). Every user must already be in the
 * space, else nothing changes; users already in the project keep their role.
 */
export async function addProjectMembers(
  c: Caller,
  input: z.output<typeof ProjectMemberAddRequest>,
): Promise<void> {
  const project = await loadProject(c, input.projectId, 'project.member.manage');
  const userIds = [...new Set(input.userIds)];
  await assertSpaceMembers(c, project.spaceId, userIds);
  const now = nowIso();
  await c.db.transaction().execute(async (trx) => {
    const existing = new Set((await findProjectMembers(trx, project.id, userIds)).map((m) => m.userId));
    const added = userIds.filter((id) => !existing.has(id));
    await insertProjectMembers(
      trx,
      added.map((userId) => ({ projectId: project.id, userId, role: input.roleCode, joinTime: now })),
    );
    for (const userId of added) {
      await recordAudit(
        trx,
        c.actor.user.id,
        'project.member.add',
        { type: 'project', id: project.id },
        {
          userId,
          role: input.roleCode,
        },
      );
    }
  });
}

/** The current role of a project member; 404 when the user is not one. */
async function memberRole(c: Caller, projectId: string, userId: string): Promise<string> {
  const [member] = await findProjectMembers(c.db, projectId, [userId]);
  if (!member) throw new AppError('project.member_not_found');
  return member.role;
}

/** Changes a member's project role (project admin). */
export async function updateProjectMemberRoleOf(
  c: Caller,
  input: z.output<typeof ProjectMemberRoleRequest>,
): Promise<void> {
  const project = await loadProject(c, input.projectId, 'project.member.manage');
  const from = await memberRole(c, project.id, input.userId);
  if (from === input.roleCode) return;
  await c.db.transaction().execute(async (trx) => {
    await updateProjectMemberRole(trx, project.id, input.userId, input.roleCode);
    await recordAudit(
      trx,
      c.actor.user.id,
      'project.member.role',
      { type: 'project', id: project.id },
      {
        userId: input.userId,
        from,
        to: input.roleCode,
      },
    );
  });
}

/** Removes a member from a project (project admin); they keep their space membership. */
export async function removeProjectMember(
  c: Caller,
  input: z.output<typeof ProjectMemberRemoveRequest>,
): Promise<void> {
  const project = await loadProject(c, input.projectId, 'project.member.manage');
  const from = await memberRole(c, project.id, input.userId);
  await c.db.transaction().execute(async (trx) => {
    await deleteProjectMember(trx, project.id, input.userId);
    await recordAudit(
      trx,
      c.actor.user.id,
      'project.member.remove',
      { type: 'project', id: project.id },
      {
        userId: input.userId,
        from,
      },
    );
  });
}
