import { StorageKeys } from '@quire/shared';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from './router.tsx';

/** Runs the real route table in memory and reports where a visit ends up. */
async function settle(path: string): Promise<string> {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await vi.waitFor(
    () => {
      if (!router.state.initialized || router.state.navigation.state !== 'idle')
        throw new Error('navigating');
    },
    { timeout: 10_000 },
  );
  const { pathname, search } = router.state.location;
  router.dispose();
  return `${pathname}${search}`;
}

describe('router guard', () => {
  afterEach(() => localStorage.clear());

  it.each([
    ['/dashboard', '/login?redirect=%2Fdashboard'],
    ['/', '/login?redirect=%2F'],
    ['/user/systemSetting', '/login?redirect=%2Fuser%2FsystemSetting'],
    ['/unknown/path', '/login?redirect=%2Funknown%2Fpath'],
    ['/login', '/login'],
    ['/findPassword', '/findPassword'],
  ])('without a token %s ends at %s', async (path, expected) => {
    expect(await settle(path)).toBe(expected);
  });

  it.each([
    ['/', '/dashboard'],
    ['/login', '/dashboard'],
    ['/unknown/path', '/404'],
  ])('with a token %s ends at %s', async (path, expected) => {
    localStorage.setItem(StorageKeys.token, 'u1:secret');
    expect(await settle(path)).toBe(expected);
  });
});
