import { describe, expect, it } from 'vitest';
import { DEFAULT_LANDING, sanitizeRedirect } from './safe-redirect.ts';

describe('sanitizeRedirect', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/user/message', '/user/message'],
    ['/view/abc?tab=1#top', '/view/abc?tab=1#top'],
    ['/', '/'],
  ])('keeps the same-site path %s', (raw, expected) => {
    expect(sanitizeRedirect(raw)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['//evil.example'],
    ['//evil.example/dashboard'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    ['dashboard'],
    ['/\tdashboard'],
    ['/%0a'.replace('%0a', '\n')],
    ['/login'],
    [`/${'a'.repeat(3000)}`],
  ])('falls back to the dashboard for %j', (raw) => {
    expect(sanitizeRedirect(raw)).toBe(DEFAULT_LANDING);
  });

  it('uses the given fallback', () => {
    expect(sanitizeRedirect('//x', '/home')).toBe('/home');
  });
});
