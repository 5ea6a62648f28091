import { describe, expect, it } from 'vitest';
import { CONTEXTS, type PolicyPersona, PRIVATE, PUBLIC, table } from '../../test/access-contexts.ts';
import { type ConstantAction, canConstant } from './constant.policy.ts';
import { canDoc, type DocAction } from './doc.policy.ts';
import { canEnum, type EnumAction } from './enum.policy.ts';

const PRIVATE_READERS: PolicyPersona[] = [
  'superAdmin',
  'spaceAdmin',
  'projectAdmin',
  'projectDev',
  'projectGuest',
];
const PUBLIC_READERS: PolicyPersona[] = [...PRIVATE_READERS, 'spaceDev', 'spaceGuest'];
const WRITERS: PolicyPersona[] = ['superAdmin', 'spaceAdmin', 'projectAdmin', 'projectDev'];
const ADMINS: PolicyPersona[] = ['superAdmin', 'spaceAdmin', 'projectAdmin'];

describe('doc policy', () => {
  it.each(table<DocAction>({ read: PRIVATE_READERS, write: WRITERS }))(
    'private: $action by $persona: $expected',
    ({ action, persona, expected }) => {
      expect(canDoc(CONTEXTS[persona], PRIVATE, action)).toBe(expected);
    },
  );
  it.each(table<DocAction>({ read: PUBLIC_READERS, write: WRITERS }))(
    'public: $action by $persona: $expected',
    ({ action, persona, expected }) => {
      expect(canDoc(CONTEXTS[persona], PUBLIC, action)).toBe(expected);
    },
  );
});

describe('dictionary policy', () => {
  it.each(table<EnumAction>({ read: PRIVATE_READERS, write: WRITERS, delete: ADMINS }))(
    'private: $action by $persona: $expected',
    ({ action, persona, expected }) => {
      expect(canEnum(CONTEXTS[persona], PRIVATE, action)).toBe(expected);
    },
  );
  it.each(table<EnumAction>({ read: PUBLIC_READERS, write: WRITERS, delete: ADMINS }))(
    'public: $action by $persona: $expected',
    ({ action, persona, expected }) => {
      expect(canEnum(CONTEXTS[persona], PUBLIC, action)).toBe(expected);
    },
  );
});

describe('constant policy', () => {
  it.each(table<ConstantAction>({ read: PRIVATE_READERS, manage: WRITERS }))(
    'private: $action by $persona: $expected',
    ({ action, persona, expected }) => {
      expect(canConstant(CONTEXTS[persona], PRIVATE, action)).toBe(expected);
    },
  );
  it.each(table<ConstantAction>({ read: PUBLIC_READERS, manage: WRITERS }))(
    'public: $action by $persona: $expected',
    ({ action, persona, expected }) => {
      expect(canConstant(CONTEXTS[persona], PUBLIC, action)).toBe(expected);
    },
  );
});
