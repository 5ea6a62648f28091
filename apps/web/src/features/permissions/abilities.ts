import type { Perms, ProjectAbility, Role, SpaceAbility } from '@quire/shared';

/*
 * The role → ability table of docs/permissions.md, used only to hide what the server would refuse. The server
 * is the authority (apps/server/src/policies/roles.ts); the test beside this file checks the same table.
 */
const SPACE_GUEST: readonly SpaceAbility[] = ['space.read', 'space.member.read'];
const SPACE_DEV: readonly SpaceAbility[] = [...SPACE_GUEST, 'space.project.create'];
const SPACE_ADMIN: readonly SpaceAbility[] = [
  ...SPACE_DEV,
  'space.update',
  'space.delete',
  'space.member.manage',
  'space.openUser.manage',
];

const PROJECT_GUEST: readonly ProjectAbility[] = [
  'project.read',
  'project.member.read',
  'doc.read',
  'environment.read',
];
const PROJECT_DEV: readonly ProjectAbility[] = [
  ...PROJECT_GUEST,
  'module.create',
  'module.update',
  'module.setting.read',
  // Push tokens: the developers who set up builds create and refresh them.
  'module.token',
  'environment.write',
  'doc.write',
  'enum.write',
  'share.manage',
  'mock.write',
  'constant.manage',
];
const PROJECT_ADMIN: readonly ProjectAbility[] = [
  ...PROJECT_DEV,
  'project.update',
  'project.delete',
  'project.member.manage',
  'module.delete',
  'module.setting.update',
  'enum.delete',
];

const SPACE_ROLE_ABILITIES: Record<Role, ReadonlySet<SpaceAbility>> = {
  guest: new Set(SPACE_GUEST),
  dev: new Set(SPACE_DEV),
  admin: new Set(SPACE_ADMIN),
};

const PROJECT_ROLE_ABILITIES: Record<Role, ReadonlySet<ProjectAbility>> = {
  guest: new Set(PROJECT_GUEST),
  dev: new Set(PROJECT_DEV),
  admin: new Set(PROJECT_ADMIN),
};

/** The caller's role in a space from `roleData` (`space:{id}`); super admins are admins everywhere. */
export function spaceRole(perms: Perms | undefined, spaceId: string): Role | undefined {
  if (!perms) return undefined;
  if (perms.isSuperAdmin) return 'admin';
  return perms.roleData[`space:${spaceId}`];
}

/** The caller's effective role in a project from `roleData` (`project:{id}`); super admins are admins. */
export function projectRole(perms: Perms | undefined, projectId: string): Role | undefined {
  if (!perms) return undefined;
  if (perms.isSuperAdmin) return 'admin';
  return perms.roleData[`project:${projectId}`];
}

/** Whether the caller may do `ability` in the space. Unknown permissions (still loading) allow nothing. */
export function canInSpace(perms: Perms | undefined, spaceId: string, ability: SpaceAbility): boolean {
  const role = spaceRole(perms, spaceId);
  return role !== undefined && SPACE_ROLE_ABILITIES[role].has(ability);
}

/** Whether the caller may do `ability` in the project. */
export function canInProject(perms: Perms | undefined, projectId: string, ability: ProjectAbility): boolean {
  const role = projectRole(perms, projectId);
  return role !== undefined && PROJECT_ROLE_ABILITIES[role].has(ability);
}
