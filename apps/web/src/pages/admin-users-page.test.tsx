import type { AdminUser, UserProfile } from '@quire/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api-stub.ts';
import { renderRoutes } from '../../test/render.tsx';
import { i18n } from '../lib/i18n.ts';
import { AdminUsersPage } from './admin-users-page.tsx';

function user(username: string, source: AdminUser['source'], status: number): AdminUser {
  return {
    id: `u-${username}`,
    username,
    nickname: username.toUpperCase(),
    email: '',
    status,
    source,
    isSuperAdmin: false,
    gmtCreate: '2026-01-05T08:00:00Z',
  };
}

// One account per source, and the three statuses among them.
const USERS = [
  user('alice', 'register', 1),
  user('bob', 'backend', 2),
  user('carol', 'oauth', 0),
  user('dan', 'form', 1),
  user('erin', 'ldap', 1),
];

const ME: UserProfile = {
  ...user('admin', 'backend', 1),
  avatar: '',
  lang: null,
  isSuperAdmin: true,
};

function renderPage() {
  stubApi({
    'POST /api/admin/user/page': () => ({ list: USERS, total: USERS.length, pageIndex: 1, pageSize: 10 }),
    'GET /api/user/get': () => ME,
  });
  return renderRoutes([{ path: '/admin/users', Component: AdminUsersPage }], '/admin/users');
}

/** The origin and status cells of an account's row, as read on screen. */
async function originAndStatus(username: string): Promise<[string, string]> {
  const row = (await screen.findByText(username)).closest('tr');
  if (!row) throw new Error(`no row for ${username}`);
  const cells = within(row).getAllByRole('cell');
  // Columns: account, nickname, email, origin, status, registration time, actions.
  return [cells[3]?.textContent ?? '', cells[4]?.textContent ?? ''];
}

describe('AdminUsersPage status and origin', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows each account as Normal, Must set password or Disabled, and its origin as self-registration, back-office created or third-party', async () => {
    await i18n.changeLanguage('en');
    renderPage();
    expect(await originAndStatus('alice')).toEqual(['Self-registration', 'Normal']);
    expect(await originAndStatus('bob')).toEqual(['Back-office created', 'Must set password']);
    expect(await originAndStatus('carol')).toEqual(['Third-party login', 'Disabled']);
    expect(await originAndStatus('dan')).toEqual(['Third-party login', 'Normal']);
    expect(await originAndStatus('erin')).toEqual(['Third-party login', 'Normal']);
  });

  it('shows the same statuses and origins in zh-CN', async () => {
    await i18n.changeLanguage('zh-CN');
    renderPage();
    expect(await originAndStatus('alice')).toEqual(['自主注册', '正常']);
    expect(await originAndStatus('bob')).toEqual(['后台创建', '需设置密码']);
    expect(await originAndStatus('carol')).toEqual(['第三方登录', '已禁用']);
    expect(await originAndStatus('dan')).toEqual(['第三方登录', '正常']);
  });
});
