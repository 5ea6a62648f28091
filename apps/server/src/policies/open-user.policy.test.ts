import { describe, expect, it } from 'vitest';
import { CONTEXTS, SPACE_ID, table } from '../../test/access-contexts.ts';
import { canManageOpenUsers } from './open-user.policy.ts';

describe('open-user policy', () => {
  it.each(table({ manage: ['superAdmin', 'spaceAdmin'] }))(
    '$action by $persona: $expected',
    ({ persona, expected }) => {
      expect(canManageOpenUsers(CONTEXTS[persona], SPACE_ID)).toBe(expected);
    },
  );

  it('does not carry a space admin role over to another space', () => {
    expect(canManageOpenUsers(CONTEXTS.spaceAdmin, 'another-space')).toBe(false);
  });
});
