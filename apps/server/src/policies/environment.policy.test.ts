import { describe, expect, it } from 'vitest';
import { CONTEXTS, type PolicyPersona, PRIVATE, PUBLIC, table } from '../../test/access-contexts.ts';
import { canEnvironment, type EnvironmentAction } from './environment.policy.ts';

const PRIVATE_READERS: PolicyPersona[] = [
  'superAdmin',
  'spaceAdmin',
  'projectAdmin',
  'projectDev',
  'projectGuest',
];
const WRITERS: PolicyPersona[] = ['superAdmin', 'spaceAdmin', 'projectAdmin', 'projectDev'];

describe('environment policy', () => {
  it.each(table<EnvironmentAction>({ read: PRIVATE_READERS, write: WRITERS }))(
    'private: $action by $persona: $expected',
    ({ action, persona, expected }) => {
      expect(canEnvironment(CONTEXTS[persona], PRIVATE, action)).toBe(expected);
    },
  );

  it.each(table<EnvironmentAction>({ read: [...PRIVATE_READERS, 'spaceDev', 'spaceGuest'], write: WRITERS }))(
    'public: $action by $persona: $expected',
    ({ action, persona, expected }) => {
      expect(canEnvironment(CONTEXTS[persona], PUBLIC, action)).toBe(expected);
    },
  );
});
