import {
  type Perms,
  PROJECT_ABILITIES,
  type ProjectAbility,
  type Role,
  SPACE_ABILITIES,
  type SpaceAbility,
} from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { canInProject, canInSpace, projectRole, spaceRole } from './abilities.ts';

const S = 's1';
const P = 'p1';

function perms(roleData: Record<string, Role>, isSuperAdmin = false): Perms {
  return { isSuperAdmin, roleData };
}

// docs/permissions.md, space table: which space role may do each action.
const SPACE_MATRIX: Record<SpaceAbility, readonly Role[]> = {
  'space.read': ['guest', 'dev', 'admin'],
  'space.member.read': ['guest', 'dev', 'admin'],
  'space.project.create': ['dev', 'admin'],
  'space.update': ['admin'],
  'space.delete': ['admin'],
  'space.member.manage': ['admin'],
  'space.openUser.manage': ['admin'],
};

// docs/permissions.md, project tables, by effective project role.
const PROJECT_MATRIX: Record<ProjectAbility, readonly Role[]> = {
  'project.read': ['guest', 'dev', 'admin'],
  'project.member.read': ['guest', 'dev', 'admin'],
  'doc.read': ['guest', 'dev', 'admin'],
  'environment.read': ['guest', 'dev', 'admin'],
  'module.create': ['dev', 'admin'],
  'module.update': ['dev', 'admin'],
  'module.setting.read': ['dev', 'admin'],
  'environment.write': ['dev', 'admin'],
  'doc.write': ['dev', 'admin'],
  'enum.write': ['dev', 'admin'],
  'share.manage': ['dev', 'admin'],
  'mock.write': ['dev', 'admin'],
  'constant.manage': ['dev', 'admin'],
  'project.update': ['admin'],
  'project.delete': ['admin'],
  'project.member.manage': ['admin'],
  'module.delete': ['admin'],
  'module.setting.update': ['admin'],
  'module.token': ['dev', 'admin'],
  'enum.delete': ['admin'],
};

describe('space abilities', () => {
  it('covers every ability the contract names', () => {
    expect(Object.keys(SPACE_MATRIX).sort()).toEqual([...SPACE_ABILITIES].sort());
  });

  it.each(
    SPACE_ABILITIES.flatMap((ability) =>
      (['guest', 'dev', 'admin'] as const).map((role) => [ability, role] as const),
    ),
  )('%s for a space %s follows the matrix', (ability, role) => {
    expect(canInSpace(perms({ [`space:${S}`]: role }), S, ability)).toBe(
      SPACE_MATRIX[ability].includes(role),
    );
  });

  it('allows a super admin everything, in spaces they are not a member of', () => {
    for (const ability of SPACE_ABILITIES) expect(canInSpace(perms({}, true), S, ability)).toBe(true);
    expect(spaceRole(perms({}, true), S)).toBe('admin');
  });

  it('allows a non-member nothing, and nothing before the roles have loaded', () => {
    for (const ability of SPACE_ABILITIES) {
      expect(canInSpace(perms({ 'space:other': 'admin' }), S, ability)).toBe(false);
      expect(canInSpace(undefined, S, ability)).toBe(false);
    }
  });
});

describe('project abilities', () => {
  it('covers every ability the contract names', () => {
    expect(Object.keys(PROJECT_MATRIX).sort()).toEqual([...PROJECT_ABILITIES].sort());
  });

  it.each(
    PROJECT_ABILITIES.flatMap((ability) =>
      (['guest', 'dev', 'admin'] as const).map((role) => [ability, role] as const),
    ),
  )('%s for a project %s follows the matrix', (ability, role) => {
    expect(canInProject(perms({ [`project:${P}`]: role }), P, ability)).toBe(
      PROJECT_MATRIX[ability].includes(role),
    );
  });

  it('the constant menu is for project admins and devs only', () => {
    expect(canInProject(perms({ [`project:${P}`]: 'guest' }), P, 'constant.manage')).toBe(false);
    expect(canInProject(perms({ [`project:${P}`]: 'dev' }), P, 'constant.manage')).toBe(true);
    expect(canInProject(perms({ [`project:${P}`]: 'admin' }), P, 'constant.manage')).toBe(true);
  });

  it('reads the project key only: a space admin role alone opens nothing in a project', () => {
    // The server sends the effective project role (space admins get `project:{id}: admin`); the client
    // never guesses it from the space role.
    const spaceAdmin = perms({ [`space:${S}`]: 'admin' });
    expect(projectRole(spaceAdmin, P)).toBeUndefined();
    expect(canInProject(spaceAdmin, P, 'project.read')).toBe(false);
  });

  it('allows a super admin everything, and a non-member of a private project nothing', () => {
    for (const ability of PROJECT_ABILITIES) {
      expect(canInProject(perms({}, true), P, ability)).toBe(true);
      expect(canInProject(perms({ [`space:${S}`]: 'dev' }), P, ability)).toBe(false);
    }
  });
});
