import type { ProjectAbility } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import {
  CONTEXTS,
  type PolicyPersona,
  PRIVATE,
  PUBLIC,
  SPACE_ID,
  table,
} from '../../test/access-contexts.ts';
import type { AccessContext } from './access-context.ts';
import { canProject, projectRoleOf } from './project.policy.ts';

const READERS_PRIVATE: PolicyPersona[] = [
  'superAdmin',
  'spaceAdmin',
  'projectAdmin',
  'projectDev',
  'projectGuest',
];
const READERS_PUBLIC: PolicyPersona[] = [...READERS_PRIVATE, 'spaceDev', 'spaceGuest'];
const WRITERS: PolicyPersona[] = ['superAdmin', 'spaceAdmin', 'projectAdmin', 'projectDev'];
const ADMINS: PolicyPersona[] = ['superAdmin', 'spaceAdmin', 'projectAdmin'];

/** Who may do what in the private project; the public one differs only in who reads. */
const PRIVATE_MATRIX: Record<ProjectAbility, PolicyPersona[]> = {
  'project.read': READERS_PRIVATE,
  'project.member.read': READERS_PRIVATE,
  'doc.read': READERS_PRIVATE,
  'environment.read': READERS_PRIVATE,
  'module.create': WRITERS,
  'module.update': WRITERS,
  'module.setting.read': WRITERS,
  'environment.write': WRITERS,
  'doc.write': WRITERS,
  'enum.write': WRITERS,
  'share.manage': WRITERS,
  'mock.write': WRITERS,
  'constant.manage': WRITERS,
  'project.update': ADMINS,
  'project.delete': ADMINS,
  'project.member.manage': ADMINS,
  'module.delete': ADMINS,
  'module.setting.update': ADMINS,
  'module.token': WRITERS,
  'enum.delete': ADMINS,
};

const READ_ABILITIES = new Set<ProjectAbility>([
  'project.read',
  'project.member.read',
  'doc.read',
  'environment.read',
]);
const PUBLIC_MATRIX = Object.fromEntries(
  Object.entries(PRIVATE_MATRIX).map(([ability, personas]) => [
    ability,
    READ_ABILITIES.has(ability as ProjectAbility) ? READERS_PUBLIC : personas,
  ]),
) as Record<ProjectAbility, PolicyPersona[]>;

describe('project policy', () => {
  it.each(table(PRIVATE_MATRIX))(
    'private: $action by $persona: $expected',
    ({ action, persona, expected }) => {
      expect(canProject(CONTEXTS[persona], PRIVATE, action)).toBe(expected);
    },
  );

  it.each(table(PUBLIC_MATRIX))('public: $action by $persona: $expected', ({ action, persona, expected }) => {
    expect(canProject(CONTEXTS[persona], PUBLIC, action)).toBe(expected);
  });

  it('shows the constant menu only to project admins and devs (and those who outrank them)', () => {
    expect(canProject(CONTEXTS.projectGuest, PRIVATE, 'constant.manage')).toBe(false);
    expect(canProject(CONTEXTS.spaceGuest, PUBLIC, 'constant.manage')).toBe(false);
    expect(canProject(CONTEXTS.projectDev, PRIVATE, 'constant.manage')).toBe(true);
  });

  it('ignores a project role of someone who is no longer a member of the space', () => {
    const leftover: AccessContext = {
      userId: 'u',
      isSuperAdmin: false,
      spaceRoles: new Map(),
      projectRoles: new Map([[PRIVATE.id, 'admin']]),
    };
    expect(projectRoleOf(leftover, PRIVATE)).toBeUndefined();
    expect(canProject(leftover, PRIVATE, 'project.read')).toBe(false);
  });

  it('does not let a role in one space reach a project of another', () => {
    const other = { id: 'elsewhere', spaceId: `${SPACE_ID}-other`, isPrivate: false };
    expect(projectRoleOf(CONTEXTS.spaceAdmin, other)).toBeUndefined();
    expect(projectRoleOf(CONTEXTS.superAdmin, other)).toBe('admin');
  });
});
