import type { ProjectAbility, Role, SpaceAbility } from '@quire/shared';
import type { Caller } from '../../http/access.ts';
import { projectRoleOf } from '../../policies/project.policy.ts';
import type { AccessScope } from '../../policies/access-context.ts';
import {
  PROJECT_ROLE_ABILITY_LIST,
  READ_PROJECT_ABILITIES,
  READ_SPACE_ABILITIES,
  SPACE_ROLE_ABILITY_LIST,
} from '../../policies/roles.ts';
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
  scope?: AccessScope,
): Record<string, Array<SpaceAbility | ProjectAbility>> {
  const abilities: Record<string, Array<SpaceAbility | ProjectAbility>> = {};
  for (const key in roleData) {
    const role = roleData[key];
    if (role === undefined) continue;
    const space = key.startsWith('space:');
    const list = space ? SPACE_ROLE_ABILITY_LIST[role] : PROJECT_ROLE_ABILITY_LIST[role];
    // A personal token's scope cuts the list as the policies do (policies/project.policy.ts, space.policy.ts).
    if (!scope || (!scope.readOnly && (!space || !scope.projectIds))) abilities[key] = list;
    else if (space) abilities[key] = (list as SpaceAbility[]).filter((a) => READ_SPACE_ABILITIES.has(a));
    else abilities[key] = (list as ProjectAbility[]).filter((a) => READ_PROJECT_ABILITIES.has(a));
  }
  return abilities;
}
