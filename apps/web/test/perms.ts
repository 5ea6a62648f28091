import type { Perms, ProjectAbility, Role, SpaceAbility } from '@quire/shared';

type Ability = SpaceAbility | ProjectAbility;

/**
 * A `GET /api/user/perm/get` answer for a test. The server computes abilities from its role table; a test
 * names, per `space:{id}` / `project:{id}`, the role and the abilities the screen under test asks about, so a
 * screen that checks a role instead of an ability fails here.
 */
export function permsWith(
  entries: Record<string, [Role, ReadonlyArray<Ability>]> = {},
  isSuperAdmin = false,
): Perms {
  const perms: Perms = { isSuperAdmin, roleData: {}, abilities: {} };
  for (const [key, [role, abilities]] of Object.entries(entries)) {
    perms.roleData[key] = role;
    perms.abilities[key] = [...abilities];
  }
  return perms;
}

/** Abilities a project screen asks about, by role, as the server's table gives them. */
export const PROJECT_SCREEN_ABILITIES: Readonly<Record<Role, ReadonlyArray<ProjectAbility>>> = {
  guest: ['project.read', 'doc.read', 'environment.read'],
  dev: [
    'project.read',
    'doc.read',
    'environment.read',
    'doc.write',
    'module.create',
    'module.update',
    'module.setting.read',
    'module.token',
    'environment.write',
    'enum.write',
    'constant.manage',
  ],
  admin: [
    'project.read',
    'doc.read',
    'environment.read',
    'doc.write',
    'module.create',
    'module.update',
    'module.setting.read',
    'module.token',
    'environment.write',
    'enum.write',
    'constant.manage',
    'module.delete',
    'module.setting.update',
    'enum.delete',
    'project.update',
    'project.delete',
    'project.member.manage',
  ],
};
