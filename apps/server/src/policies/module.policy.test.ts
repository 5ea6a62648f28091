import { describe, expect, it } from 'vitest';
import { CONTEXTS, type PolicyPersona, PRIVATE, PUBLIC, table } from '../../test/access-contexts.ts';
import { canModule, type ModuleAction } from './module.policy.ts';

const WRITERS: PolicyPersona[] = ['superAdmin', 'spaceAdmin', 'projectAdmin', 'projectDev'];
const ADMINS: PolicyPersona[] = ['superAdmin', 'spaceAdmin', 'projectAdmin'];

const PRIVATE_MATRIX: Record<ModuleAction, PolicyPersona[]> = {
  read: ['superAdmin', 'spaceAdmin', 'projectAdmin', 'projectDev', 'projectGuest'],
  create: WRITERS,
  rename: WRITERS,
  readSettings: WRITERS,
  delete: ADMINS,
  updateSettings: ADMINS,
  token: WRITERS,
};

describe('module policy', () => {
  it.each(table(PRIVATE_MATRIX))(
    'private: $action by $persona: $expected',
    ({ action, persona, expected }) => {
      expect(canModule(CONTEXTS[persona], PRIVATE, action)).toBe(expected);
    },
  );

  it.each(table({ ...PRIVATE_MATRIX, read: [...PRIVATE_MATRIX.read, 'spaceDev', 'spaceGuest'] }))(
    'public: $action by $persona: $expected',
    ({ action, persona, expected }) => {
      expect(canModule(CONTEXTS[persona], PUBLIC, action)).toBe(expected);
    },
  );
});
