import type { Perms, Space } from '@quire/shared';
import { builtinResources } from '@quire/shared/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sentBodies, stubApi } from '../../test/api-stub.ts';
import { permsWith } from '../../test/perms.ts';
import { envelope, renderRoutes } from '../../test/render.tsx';
import { i18n } from '../lib/i18n.ts';
import { DashboardPage } from './dashboard-page.tsx';

const en = builtinResources.en as NonNullable<(typeof builtinResources)['en']>;

const SPACE: Space = {
  id: 's1',
  name: 'Payments',
  isCompose: false,
  creatorId: 'u1',
  creatorName: 'Admin',
  roleCode: 'guest',
  abilities: ['space.read', 'space.member.read'],
  createTime: '2026-01-01T00:00:00Z',
};

function serve(perms: Perms, spaces: Space[], add?: () => Response) {
  return stubApi({
    'GET /api/user/perm/get': () => perms,
    'GET /api/space/list': () => spaces,
    'POST /api/space/add': ({ body }) => (add ? add() : { ...SPACE, id: 's2', ...(body as object) }),
  });
}

function renderPage() {
  return renderRoutes(
    [
      { path: '/dashboard', Component: DashboardPage },
      { path: '/space/project/:spaceId', element: <p>space page</p> },
    ],
    '/dashboard',
  );
}

// Full antd screens in jsdom are slow on a busy machine; allow them time.
describe('DashboardPage', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('explains an empty dashboard and offers New Space', async () => {
    serve(permsWith(), []);
    renderPage();
    expect(await screen.findByText(en.dashboard.emptyTitle)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: en.dashboard.newSpace }).length).toBeGreaterThan(0);
  });

  it('shows space cards as links; a space guest gets no rename or delete menu', async () => {
    serve(permsWith({ 'space:s1': ['guest', ['space.read', 'space.member.read']] }), [SPACE]);
    renderPage();
    const link = await screen.findByRole('link', { name: 'Payments' });
    expect(link.getAttribute('href')).toBe('/space/project/s1');
    expect(screen.queryByRole('button', { name: 'Actions for space Payments' })).toBeNull();
  });

  it('gives a space admin the rename and delete menu', async () => {
    serve(permsWith({ 'space:s1': ['admin', ['space.read', 'space.update', 'space.delete']] }), [
      { ...SPACE, roleCode: 'admin' },
    ]);
    renderPage();
    expect(await screen.findByRole('button', { name: 'Actions for space Payments' })).toBeTruthy();
  });

  it('validates the new space name, hides admin picking from non-super-admins, and shows refusals inline', async () => {
    const fetchMock = serve(permsWith(), [], () =>
      envelope(null, 'space.name_taken', 'A space named "Payments" already exists', 409),
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(
      (await screen.findAllByRole('button', { name: en.dashboard.newSpace }))[0] as HTMLElement,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText(en.space.admins)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: en.common.create }));
    expect(await within(dialog).findByText('Can not empty and max-length is 50')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/space/add')).toEqual([]);

    await user.type(within(dialog).getByLabelText(en.space.name), 'Payments');
    await user.click(within(dialog).getByRole('switch'));
    await user.click(within(dialog).getByRole('button', { name: en.common.create }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('already exists');
    expect(sentBodies(fetchMock, 'POST /api/space/add')).toEqual([
      { name: 'Payments', adminIds: [], isCompose: true },
    ]);
  });

  it('lets a super admin name the space admins and enters the new space', async () => {
    serve(permsWith({}, true), []);
    renderPage();
    const user = userEvent.setup();
    await user.click(
      (await screen.findAllByRole('button', { name: en.dashboard.newSpace }))[0] as HTMLElement,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(en.space.admins)).toBeTruthy();
    await user.type(within(dialog).getByLabelText(en.space.name), 'Team B');
    await user.click(within(dialog).getByRole('button', { name: en.common.create }));
    await waitFor(() => expect(screen.getByText('space page')).toBeTruthy());
  });
});
