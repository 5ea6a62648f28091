import type { SpaceAbility } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { CONTEXTS, type PolicyPersona, SPACE_ID, table } from '../../test/access-contexts.ts';
import { canSpace, spaceRoleOf } from './space.policy.ts';

const MEMBERS: PolicyPersona[] = [
  'superAdmin',
  'spaceAdmin',
  'spaceDev',
  'spaceGuest',
  'projectAdmin',
  'projectDev',
  'projectGuest',
];

const MATRIX: Record<SpaceAbility, PolicyPersona[]> = {
  'space.read': MEMBERS,
  'space.member.read': MEMBERS,
  'space.project.create': ['superAdmin', 'spaceAdmin', 'spaceDev'],
  'space.update': ['superAdmin', 'spaceAdmin'],
  'space.delete': ['superAdmin', 'spaceAdmin'],
  'space.member.manage': ['superAdmin', 'spaceAdmin'],
  'space.openUser.manage': ['superAdmin', 'spaceAdmin'],
};

describe('space policy', () => {
  it.each(table(MATRIX))('$action by $persona: $expected', ({ action, persona, expected }) => {
    expect(canSpace(CONTEXTS[persona], SPACE_ID, action)).toBe(expected);
  });

  it('gives super admins the admin role without a membership and non-members none', () => {
    expect(spaceRoleOf(CONTEXTS.superAdmin, 'any-space')).toBe('admin');
    expect(spaceRoleOf(CONTEXTS.nonMember, SPACE_ID)).toBeUndefined();
    expect(spaceRoleOf(CONTEXTS.spaceDev, 'another-space')).toBeUndefined();
  });
});
