import type { ProjectAbility, Role, SpaceAbility } from '@quire/shared';
import type { Caller } from '../../http/access.ts';
import { projectRoleOf } from '../../policies/project.policy.ts';
import { PROJECT_ROLE_ABILITY_LIST, SPACE_ROLE_ABILITY_LIST } from '../../policies/roles.ts';
import { projectRefOf } from '../projects/projects.presenter.ts';
import { listProjectsOfMemberSpaces, type ProjectPolicyRow } from '../projects/projects.service.ts';

/**
 * The caller's `roleData` for `GET /api/user/perm/get`: `space:{id}` for each space they belong to and
 * `project:{id}` for each project of those spaces they can read, with the effective role the server
 * enforces (space admins are project admins; public projects give space members `guest`). Super admins pass
 * every check anyway (`isSuperAdmin`), so only their own spaces are listed.
 *
 * Answers synchronously where the database can (see `PreparedQuery.now`): the web app asks for it on every
 * page load, and the promise chain is a visible share of so small a request.
 */
export function computeRoleData(c: Caller): Record<string, Role> | Promise<Record<string, Role>> {
  if (c.access.spaceRoles.size === 0) return roleDataOf(c, []);
  const projects = listProjectsOfMemberSpaces.now(c.db, c.access.userId);
  if (projects) return roleDataOf(c, projects);
  return listProjectsOfMemberSpaces(c.db, c.access.userId).then((rows) => roleDataOf(c, rows));
}

function roleDataOf(c: Caller, projects: ReadonlyArray<ProjectPolicyRow>): Record<string, Role> {
  const roleData: Record<string, Role> = {};
  for (const [spaceId, role] of c.access.spaceRoles) roleData[`space:${spaceId}`] = role;
  for (const project of projects) {
    const role = projectRoleOf(c.access, projectRefOf(project));
    if (role) roleData[`project:${project.id}`] = role;
  }
  return roleData;
}

/**
 * The abilities behind each entry of `roleData`, from the one role table (policies/roles.ts): what the web app
 * reads to show or hide an action. The lists are the table's own arrays, so this allocates one object.
 */
export function abilitiesOf(
  roleData: Readonly<Record<string, Role>>,
): Record<string, Array<SpaceAbility | ProjectAbility>> {
  const abilities: Record<string, Array<SpaceAbility | ProjectAbility>> = {};
  for (const key in roleData) {
    const role = roleData[key];
    if (role === undefined) continue;
    abilities[key] = key.startsWith('space:')
      ? SPACE_ROLE_ABILITY_LIST[role]
      : PROJECT_ROLE_ABILITY_LIST[role];
  }
  return abilities;
}
