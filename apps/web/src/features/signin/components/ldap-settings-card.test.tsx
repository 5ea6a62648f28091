import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, renderRoutes } from '../../../../test/render.tsx';
import { i18n } from '../../../lib/i18n.ts';
import { LdapSettingsCard } from './ldap-settings-card.tsx';

const SETTINGS = {
  enabled: true,
  url: 'ldap://directory.test:389',
  startTls: false,
  bindDn: 'cn=admin,dc=quire,dc=test',
  hasBindPassword: true,
  baseDn: 'dc=quire,dc=test',
  userFilter: '(uid=%s)',
  usernameAttribute: 'uid',
  nameAttribute: 'cn',
  mailAttribute: 'mail',
  groupFilter: '',
  adminGroup: '',
  spaceRoles: [],
  lockedFields: ['url', 'enabled'],
};

function stubServer(test: () => Response) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/admin/ldap/get')) return envelope(SETTINGS);
    if (url.startsWith('/api/admin/ldap/test')) return test();
    if (url.startsWith('/api/space/list')) return envelope([]);
    return envelope(null, 'http.not_found', 'not found', 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('LdapSettingsCard', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('zh-CN');
  });

  it('shows fields set by the environment read-only, and never a stored password', async () => {
    stubServer(() => envelope(null));
    renderRoutes([{ path: '/', Component: LdapSettingsCard }], '/');
    const url = (await screen.findByLabelText('Server URL')) as HTMLInputElement;
    expect(url.value).toBe('ldap://directory.test:389');
    expect(url.disabled).toBe(true);
    // The switch and the URL are both set by QUIRE_LDAP_URL.
    expect(
      screen.getAllByText('Set by the environment variable QUIRE_LDAP_URL; change it there'),
    ).toHaveLength(2);
    expect((screen.getByLabelText('Bind DN') as HTMLInputElement).disabled).toBe(false);
    const password = screen.getByLabelText('Bind password') as HTMLInputElement;
    expect(password.value).toBe('');
    expect(password.placeholder).toBe('Stored (leave empty to keep it)');
  });

  it('tests the connection with the values as typed and says what failed', async () => {
    const fetchMock = stubServer(() =>
      envelope(
        null,
        'ldap.bind_failed',
        'The bind DN or its password was refused: InvalidCredentialsError (49)',
        400,
      ),
    );
    renderRoutes([{ path: '/', Component: LdapSettingsCard }], '/');
    const user = userEvent.setup();
    const bindDn = await screen.findByLabelText('Bind DN');
    await user.clear(bindDn);
    await user.type(bindDn, 'cn=other,dc=quire,dc=test');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The bind DN or its password was refused',
    );
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/admin/ldap/test'));
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({ bindDn: 'cn=other,dc=quire,dc=test' });
    expect(JSON.parse(String(call?.[1]?.body))).not.toHaveProperty('bindPassword');
  });

  it('shows what a successful test found', async () => {
    stubServer(() =>
      envelope({
        steps: ['connect', 'bind', 'base', 'user'],
        user: {
          dn: 'uid=grace,ou=people,dc=quire,dc=test',
          username: 'grace',
          nickname: 'Grace Hopper',
          email: 'grace@quire.test',
          groups: [],
        },
      }),
    );
    renderRoutes([{ path: '/', Component: LdapSettingsCard }], '/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Test connection' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Connection works: connected → bound → base DN found → user found');
    expect(status.textContent).toContain(
      'uid=grace,ou=people,dc=quire,dc=test (Grace Hopper, grace@quire.test)',
    );
  });
});
