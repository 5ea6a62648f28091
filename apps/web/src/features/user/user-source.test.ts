import { USER_SOURCES } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { sourceLabelKey } from './user-source.ts';

describe('user source labels', () => {
  it('names register self-registration, backend back-office created, and form, oauth and ldap third-party', () => {
    expect(Object.fromEntries(USER_SOURCES.map((source) => [source, sourceLabelKey(source)]))).toEqual({
      register: 'user.sourceRegister',
      backend: 'user.sourceBackend',
      form: 'user.sourceThirdParty',
      oauth: 'user.sourceThirdParty',
      ldap: 'user.sourceThirdParty',
    });
  });

  it('names any other source unknown', () => {
    expect(sourceLabelKey('github')).toBe('user.sourceUnknown');
    expect(sourceLabelKey('')).toBe('user.sourceUnknown');
  });
});
