import { describe, expect, it } from 'vitest';
import { isPublicPath, resolveGuard } from './route-guard.ts';

describe('resolveGuard without a token', () => {
  it.each([
    ['/login', null],
    ['/reg', null],
    ['/resetPassword', null],
    ['/findPassword', null],
    ['/successLogin', null],
    ['/share/abc', null],
    ['/share/abc/doc1', null],
    ['/show/xyz', null],
    ['/shared-anything', null],
    ['/', '/login?redirect=%2F'],
    ['/dashboard', '/login?redirect=%2Fdashboard'],
    ['/setPassword', '/login?redirect=%2FsetPassword'],
    ['/help', '/login?redirect=%2Fhelp'],
    ['/openapi', '/login?redirect=%2Fopenapi'],
    ['/404', '/login?redirect=%2F404'],
    ['/user/message', '/login?redirect=%2Fuser%2Fmessage'],
    ['/view/doc1', '/login?redirect=%2Fview%2Fdoc1'],
    ['/no-such-page', '/login?redirect=%2Fno-such-page'],
    ['/login/extra', '/login?redirect=%2Flogin%2Fextra'],
  ])('%s -> %s', (path, expected) => {
    expect(resolveGuard(path, false)).toBe(expected);
  });
});

describe('resolveGuard with a token', () => {
  it.each([
    ['/login', '/'],
    ['/', '/dashboard'],
    ['/dashboard', null],
    ['/reg', null],
    ['/setPassword', null],
    ['/user', null],
    ['/share/abc', null],
    ['/no-such-page', null],
  ])('%s -> %s', (path, expected) => {
    expect(resolveGuard(path, true)).toBe(expected);
  });
});

describe('isPublicPath', () => {
  it('matches the whitelist exactly and the share/show prefixes', () => {
    expect(isPublicPath('/login')).toBe(true);
    expect(isPublicPath('/login/')).toBe(false);
    expect(isPublicPath('/show')).toBe(true);
    expect(isPublicPath('/user')).toBe(false);
  });
});
