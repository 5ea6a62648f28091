import type { Role } from '@quire/shared';
import type { Caller } from '../../http/access.ts';
import { projectRoleOf } from '../../policies/project.policy.ts';
import { projectRefOf } from '../projects/projects.presenter.ts';
import { listLiveProjects } from '../projects/projects.repository.ts';

/**
 * The caller's `roleData` for `GET /api/user/perm/get`: `space:{id}` for each space they belong to and
 * `project:{id}` for each project of those spaces they can read, with the effective role the server
 * enforces (space admins are project admins; public projects give space members `guest`). Super admins pass
 * every check anyway (`isSuperAdmin`), so only their own spaces are listed.
 */
export async function computeRoleData(c: Caller): Promise<Record<string, Role>> {
  const roleData: Record<string, Role> = {};
  for (const [spaceId, role] of c.access.spaceRoles) roleData[`space:${spaceId}`] = role;
  const projects = await listLiveProjects(c.db, [...c.access.spaceRoles.keys()]);
  for (const project of projects) {
    const role = projectRoleOf(c.access, projectRefOf(project));
    if (role) roleData[`project:${project.id}`] = role;
  }
  return roleData;
}
