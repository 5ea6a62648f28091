import { describe, expect, it } from 'vitest';
import { escapeFilterValue, fillFilter } from './ldap.service.ts';
import { safeLocalPath } from './oidc.service.ts';

describe('LDAP filter escaping (RFC 4515)', () => {
  it('escapes the characters that would change a filter', () => {
    expect(escapeFilterValue('*)(uid=*')).toBe('\\2a\\29\\28uid=\\2a');
    expect(escapeFilterValue('a\\b\0c')).toBe('a\\5cb\\00c');
    expect(escapeFilterValue('alice.smith')).toBe('alice.smith');
  });

  it('fills every %s of a filter', () => {
    expect(fillFilter('(|(uid=%s)(mail=%s))', 'x*')).toBe('(|(uid=x\\2a)(mail=x\\2a))');
  });
});

describe('the landing path after an OpenID Connect login', () => {
  it('keeps local paths and drops anything that could leave the site', () => {
    expect(safeLocalPath('/project/doc/1?tab=2')).toBe('/project/doc/1?tab=2');
    for (const bad of [
      '//evil.example',
      'https://evil.example',
      '/\\evil.example',
      'evil',
      '/a\nb',
      undefined,
    ]) {
      expect(safeLocalPath(bad)).toBe('');
    }
  });
});
