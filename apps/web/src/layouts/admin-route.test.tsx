import { builtinResources } from '@quire/shared/i18n';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api-stub.ts';
import { permsWith } from '../../test/perms.ts';
import { renderRoutes } from '../../test/render.tsx';
import { i18n } from '../lib/i18n.ts';
import { AdminRoute } from './admin-route.tsx';

const en = builtinResources.en as NonNullable<(typeof builtinResources)['en']>;

function renderAdmin() {
  return renderRoutes(
    [
      { path: '/dashboard', element: <p>home</p> },
      { Component: AdminRoute, children: [{ path: '/admin/users', element: <p>user management</p> }] },
    ],
    '/admin/users',
  );
}

// Full antd screens in jsdom are slow on a busy machine; allow them time.
describe('AdminRoute', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('tells anyone but a super admin they have no permission', async () => {
    stubApi({ 'GET /api/user/perm/get': () => permsWith({ 'space:s1': ['admin', ['space.read']] }) });
    renderAdmin();
    expect(await screen.findByText(en.perm.noPermissionTitle)).toBeTruthy();
    expect(screen.queryByText('user management')).toBeNull();
    expect(screen.getByRole('link', { name: en.common.backHome }).getAttribute('href')).toBe('/dashboard');
  });

  it('opens the console for a super admin', async () => {
    stubApi({ 'GET /api/user/perm/get': () => permsWith({}, true) });
    renderAdmin();
    expect(await screen.findByText('user management')).toBeTruthy();
  });
});
