import type { ProjectAbility, ProjectAddRequest, ProjectUpdateRequest } from '@quire/shared';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { nowIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { authorizeProject, projectRoleOf } from '../../policies/project.policy.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  findMembers,
  insertMembers,
  listMembers,
  type MemberRow,
  updateMemberRole,
} from '../members/members.service.ts';
import { loadSpace } from '../spaces/spaces.service.ts';
import { findUsersByIds } from '../users/users.service.ts';
import { projectRefOf } from './projects.presenter.ts';
import {
  findLiveProject,
  findLiveProjectByName,
  insertProject,
  listLiveProjects,
  type ProjectRow,
  updateProject,
} from './projects.repository.ts';

/** Loads a live project and checks the caller may do `ability` in it: 404 when missing, 403 when not allowed. */
export async function loadProject(
  c: Caller,
  projectId: string,
  ability: ProjectAbility,
): Promise<ProjectRow> {
  const project = await findLiveProject(c.db, projectId);
  if (!project) throw new AppError('project.not_found');
  authorizeProject(c.access, projectRefOf(project), ability);
  return project;
}

async function assertProjectNameFree(
  c: Caller,
  spaceId: string,
  name: string,
  selfId?: string,
): Promise<void> {
  const other = await findLiveProjectByName(c.db, spaceId, name);
  if (other && other.id !== selfId) throw new AppError('project.name_taken', { args: [name] });
}

/**
 * Refuses unless every user exists and is a member of the space: project members come from the space,
 * so a project never holds someone the space does not (clear error naming the first outsider).
 */
export async function assertSpaceMembers(
  c: Caller,
  spaceId: string,
  userIds: ReadonlyArray<string>,
): Promise<void> {
  const unique = [...new Set(userIds)];
  const users = await findUsersByIds(c.db, unique);
  if (users.length !== unique.length) throw new AppError('user.not_found');
  const members = new Set((await findMembers(c.db, 'space', spaceId, unique)).map((m) => m.userId));
  const outsider = users.find((user) => !members.has(user.id));
  if (outsider) throw new AppError('project.member_not_in_space', { args: [outsider.username] });
}

/**
 * Creates a project (space dev or admin). Named admins must be members of the space; the creator joins as
 * admin when they are a member of the space (a super admin from outside the space does not).
 */
export async function addProject(c: Caller, input: z.output<typeof ProjectAddRequest>): Promise<ProjectRow> {
  const space = await loadSpace(c, input.spaceId, 'space.project.create');
  if (space.isCompose === 1) throw new AppError('space.is_compose');
  await assertProjectNameFree(c, space.id, input.name);
  await assertSpaceMembers(c, space.id, input.adminIds);
  const admins = new Set(input.adminIds);
  if (c.access.spaceRoles.has(space.id)) admins.add(c.actor.user.id);
  const id = newId();
  const now = nowIso();
  try {
    await c.db.transaction().execute(async (trx) => {
      await insertProject(trx, {
        id,
        spaceId: space.id,
        name: input.name,
        description: input.description,
        isPrivate: input.isPrivate ? 1 : 0,
        creatorId: c.actor.user.id,
        createdAt: now,
        updatedAt: now,
        deletedAt: null,
        deletedBy: null,
      });
      await insertMembers(
        trx,
        'project',
        id,
        [...admins].map((userId) => ({ userId, role: 'admin', joinTime: now })),
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('project.name_taken', { args: [input.name] });
    throw error;
  }
  const project = await findLiveProject(c.db, id);
  if (!project) throw new AppError('project.not_found');
  return project;
}

/** Makes exactly `adminIds` the project's admins: others who were admins become devs. Audited per change. */
async function replaceProjectAdmins(
  trx: Transaction<Database>,
  c: Caller,
  projectId: string,
  adminIds: ReadonlyArray<string>,
  now: string,
): Promise<void> {
  const wanted = new Set(adminIds);
  const current = await listMembers(trx, 'project', projectId);
  const byId = new Map(current.map((m) => [m.userId, m.role]));
  const changes: Array<{ userId: string; from: string | null; to: string }> = [];
  for (const member of current) {
    if (member.role === 'admin' && !wanted.has(member.userId))
      changes.push({ userId: member.userId, from: 'admin', to: 'dev' });
  }
  for (const userId of wanted) {
    const from = byId.get(userId) ?? null;
    if (from !== 'admin') changes.push({ userId, from, to: 'admin' });
  }
  for (const change of changes) {
    if (change.from === null) {
      await insertMembers(trx, 'project', projectId, [
        { userId: change.userId, role: change.to, joinTime: now },
      ]);
    } else {
      await updateMemberRole(trx, 'project', projectId, change.userId, change.to);
    }
    await recordAudit(
      trx,
      c.actor.user.id,
      'project.member.role',
      { type: 'project', id: projectId },
      change,
    );
  }
}

/** Edits name, description and visibility (project admin); with `adminIds`, also sets the admins. */
export async function editProject(c: Caller, input: z.output<typeof ProjectUpdateRequest>): Promise<void> {
  const project = await loadProject(c, input.id, 'project.update');
  await assertProjectNameFree(c, project.spaceId, input.name, project.id);
  const adminIds = input.adminIds;
  if (adminIds) {
    authorizeProject(c.access, projectRefOf(project), 'project.member.manage');
    await assertSpaceMembers(c, project.spaceId, adminIds);
  }
  const now = nowIso();
  try {
    await c.db.transaction().execute(async (trx) => {
      await updateProject(trx, project.id, {
        name: input.name,
        description: input.description,
        isPrivate: input.isPrivate ? 1 : 0,
        updatedAt: now,
      });
      if (adminIds) await replaceProjectAdmins(trx, c, project.id, adminIds, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('project.name_taken', { args: [input.name] });
    throw error;
  }
}

/** Soft-deletes a project (project admin); its applications disappear with it until restored. */
export async function deleteProject(c: Caller, projectId: string): Promise<void> {
  const project = await loadProject(c, projectId, 'project.delete');
  const now = nowIso();
  await c.db.transaction().execute(async (trx) => {
    await updateProject(trx, project.id, { deletedAt: now, deletedBy: c.actor.user.id, updatedAt: now });
    await recordAudit(
      trx,
      c.actor.user.id,
      'project.delete',
      { type: 'project', id: project.id },
      {
        name: project.name,
        spaceId: project.spaceId,
      },
    );
  });
}

/** The projects of a space the caller can read: all for space admins, public ones and their own otherwise. */
export async function listVisibleProjects(c: Caller, spaceId: string): Promise<ProjectRow[]> {
  const space = await loadSpace(c, spaceId, 'space.read');
  const rows = await listLiveProjects(c.db, [space.id]);
  return rows.filter((row) => projectRoleOf(c.access, projectRefOf(row)) !== undefined);
}

/** A project and its admins, for anyone who can read it. */
export async function getProjectInfo(
  c: Caller,
  projectId: string,
): Promise<{ project: ProjectRow; admins: MemberRow[] }> {
  const project = await loadProject(c, projectId, 'project.read');
  return { project, admins: await listMembers(c.db, 'project', project.id, { role: 'admin' }) };
}

export type { ProjectPolicyRow, ProjectRow } from './projects.repository.ts';
// What other modules may use of this module's data (docs/architecture.md: modules meet through services).
export {
  findLiveProject,
  findLiveProjectByName,
  findLiveProjects,
  listLiveProjects,
  listProjectsOfMemberSpaces,
} from './projects.repository.ts';
