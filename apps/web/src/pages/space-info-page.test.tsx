import type { SpaceInfo } from '@quire/shared';
import { builtinResources } from '@quire/shared/i18n';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sentBodies, stubApi } from '../../test/api-stub.ts';
import { permsWith } from '../../test/perms.ts';
import { renderRoutes } from '../../test/render.tsx';
import { i18n } from '../lib/i18n.ts';
import { SpaceInfoPage } from './space-info-page.tsx';

const en = builtinResources.en as NonNullable<(typeof builtinResources)['en']>;
const zh = builtinResources['zh-CN'] as NonNullable<(typeof builtinResources)['zh-CN']>;

const SPACE: SpaceInfo = {
  id: 's1',
  name: 'Shop',
  isCompose: false,
  creatorId: 'u1',
  creatorName: 'Admin',
  roleCode: 'admin',
  abilities: ['space.read', 'space.update', 'space.delete'],
  createTime: '2026-01-01T00:00:00Z',
  leaders: [],
};

/** The server answers `internalAccess` to super admins only; the page shows the switch only then. */
function serve(superAdmin: boolean) {
  let granted = false;
  return stubApi({
    'GET /api/user/perm/get': () =>
      permsWith({ 'space:s1': ['admin', ['space.read', 'space.update', 'space.delete']] }, superAdmin),
    'GET /api/space/info': () => (superAdmin ? { ...SPACE, internalAccess: granted } : SPACE),
    'POST /api/space/internal-access': ({ body }) => {
      granted = (body as { internalAccess: boolean }).internalAccess;
      return { ...SPACE, internalAccess: granted };
    },
  });
}

function renderPage() {
  return renderRoutes([{ path: '/space/info/:spaceId', Component: SpaceInfoPage }], '/space/info/s1');
}

describe('SpaceInfoPage internal network access', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is hidden from a space admin who is no super admin', async () => {
    serve(false);
    renderPage();
    expect(await screen.findByText('Shop')).toBeTruthy();
    expect(screen.queryByText(en.space.internalAccess)).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('lets a super admin grant it, off by default, and says what it opens', async () => {
    const fetchMock = serve(true);
    renderPage();
    const toggle = await screen.findByRole('switch', { name: en.space.internalAccess });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText(en.space.internalAccessNotGranted)).toBeTruthy();
    expect(screen.getByText(en.space.internalAccessHint)).toBeTruthy();
    await userEvent.click(toggle);
    await waitFor(() => expect(screen.getByText(en.space.internalAccessGranted)).toBeTruthy());
    expect(sentBodies(fetchMock, 'POST /api/space/internal-access')).toEqual([
      { spaceId: 's1', internalAccess: true },
    ]);
    expect(screen.getByRole('switch', { name: en.space.internalAccess }).getAttribute('aria-checked')).toBe(
      'true',
    );
  });

  it('speaks Chinese by default', async () => {
    await i18n.changeLanguage('zh-CN');
    serve(true);
    renderPage();
    expect(await screen.findByRole('switch', { name: zh.space.internalAccess })).toBeTruthy();
    expect(screen.getByText(zh.space.internalAccessHint)).toBeTruthy();
  });
});
