import type { Member, Perms, Role } from '@quire/shared';
import { builtinResources } from '@quire/shared/i18n';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { named, sentBodies, stubApi } from '../../test/api-stub.ts';
import { permsWith } from '../../test/perms.ts';
import { envelope, renderRoutes } from '../../test/render.tsx';
import { i18n } from '../lib/i18n.ts';
import { SpaceMemberPage } from './space-member-page.tsx';

const en = builtinResources.en as NonNullable<(typeof builtinResources)['en']>;

const MEMBERS: Member[] = [
  {
    id: 'u1',
    username: 'admin',
    nickname: 'Admin',
    email: '',
    roleCode: 'admin',
    joinTime: '2026-01-01T00:00:00Z',
  },
  {
    id: 'u2',
    username: 'alice',
    nickname: 'Alice',
    email: 'a@x.example',
    roleCode: 'admin',
    joinTime: '2026-01-02T00:00:00Z',
  },
];

const PROFILE = {
  id: 'u1',
  username: 'admin',
  nickname: 'Admin',
  email: '',
  avatar: '',
  source: 'register',
  status: 1,
  isSuperAdmin: false,
  lang: null,
  gmtCreate: '2026-01-01T00:00:00Z',
};

function serve(role: Role, remove?: () => Response) {
  const perms: Perms = permsWith({
    'space:s1': [
      role,
      role === 'admin'
        ? ['space.read', 'space.member.read', 'space.member.manage']
        : ['space.read', 'space.member.read'],
    ],
  });
  return stubApi({
    'GET /api/user/perm/get': () => perms,
    'GET /api/user/get': () => PROFILE,
    'POST /api/space/member/page': () => ({ list: MEMBERS, total: 2, pageIndex: 1, pageSize: 10 }),
    'GET /api/space/member/all': () => MEMBERS,
    'POST /api/space/member/remove': () => (remove ? remove() : null),
  });
}

// Full antd screens in jsdom are slow on a busy machine; allow them time.
describe('SpaceMemberPage', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function renderPage() {
    return renderRoutes([{ path: '/space/member/:spaceId', Component: SpaceMemberPage }], '/space/member/s1');
  }

  it('shows a space guest the members read-only', async () => {
    serve('guest');
    renderPage();
    expect(await screen.findByText('Alice')).toBeTruthy();
    expect(screen.queryByRole('button', { name: named(en.member.add) })).toBeNull();
    expect(screen.queryByRole('button', { name: en.member.remove })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Role of Alice' })).toBeNull();
  });

  it('lets a space admin manage everyone but themselves', async () => {
    serve('admin');
    renderPage();
    expect(await screen.findByRole('combobox', { name: 'Role of Alice' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Role of Admin' })).toBeNull();
    expect(screen.getAllByRole('button', { name: en.member.remove })).toHaveLength(1);
    expect(screen.getByText(en.member.me)).toBeTruthy();
  });

  it("asks before removing, and shows the server's refusal to remove the last admin", async () => {
    const lastAdmin =
      'A space needs at least one admin: add another admin before removing or demoting this one';
    const fetchMock = serve('admin', () => envelope(null, 'space.last_admin', lastAdmin, 409));
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: en.member.remove }));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('Remove Alice?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: en.member.remove }));
    // The refusal is shown as a toast (antd's App message, inside this render).
    expect(await screen.findByText(lastAdmin)).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/space/member/remove')).toEqual([{ spaceId: 's1', userId: 'u2' }]);
    expect(screen.getByText('Alice')).toBeTruthy();
  });

  it('requires users to be chosen before adding', async () => {
    const fetchMock = serve('admin');
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: named(en.member.add) }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: named(en.member.add) }));
    expect(await within(dialog).findByText(en.member.chooseUsers)).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/space/member/add')).toEqual([]);
  });
});
