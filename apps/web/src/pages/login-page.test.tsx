import { StorageKeys } from '@quire/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, renderRoutes } from '../../test/render.tsx';
import { i18n } from '../lib/i18n.ts';
import { LoginPage } from './login-page.tsx';

const VIEW_CONFIG = {
  enableReg: true,
  enableThirdPartyForm: false,
  enableThirdPartyOauth: false,
  enableLdap: false,
  oauthLoginUrl: '',
  oauthButtonText: '',
  initOrder: 10000,
  responseHiddenColumns: [],
  composeShowDebug: true,
  version: '1.23.2',
};

const ACCOUNT_ONLY = {
  loginSources: ['register'],
  enableLdap: false,
  enableThirdPartyOauth: false,
  enableReg: true,
  oauthLoginUrl: '',
  oauthButtonText: '',
};

/** Answers the public configs, and the login call with `login`. */
function stubServer(login: () => Response, systemConfig: object = ACCOUNT_ONLY) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/system/viewConfig')) return envelope(VIEW_CONFIG);
    if (url.startsWith('/api/system/config')) return envelope(systemConfig);
    if (url.startsWith('/api/system/login')) return login();
    if (url.startsWith('/api/system/i18n/get'))
      return envelope({ content: null, defaultLang: 'zh-CN', userLang: null });
    return envelope(null, 'http.not_found', 'not found', 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderLogin(path: string) {
  return renderRoutes(
    [
      { path: '/login', Component: LoginPage },
      { path: '/setPassword', element: <p>set-password page</p> },
      { path: '/dashboard', element: <p>dashboard page</p> },
      { path: '/user/message', element: <p>messages page</p> },
      { path: '/reg', element: <p>reg page</p> },
    ],
    path,
  );
}

async function submit(username: string, password: string) {
  const user = userEvent.setup();
  if (username) await user.type(screen.getByLabelText('账号'), username);
  if (password) await user.type(screen.getByLabelText('密码'), password);
  await user.click(screen.getByRole('button', { name: /登\s*录/ }));
}

// Typing into antd inputs is slow on a loaded machine; the form's behaviour, not its speed, is under test.
describe('LoginPage', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('refuses empty fields with the shared validation messages', async () => {
    const fetchMock = stubServer(() => envelope({ token: 't', status: 1 }));
    renderLogin('/login');
    await submit('', '');
    expect(await screen.findByText('不能为空且长度不能超过100')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/system/login'))).toBe(false);
  });

  it('shows a refused login inline, without a toast, and stops the spinner', async () => {
    stubServer(() => envelope(null, 'auth.bad_credentials', '账号或密码错误', 401));
    renderLogin('/login');
    await submit('alice', 'wrong-pass');
    expect((await screen.findByRole('alert')).textContent).toContain('账号或密码错误');
    // The message is said once, in the form; no toast repeats it.
    expect(screen.getAllByText('账号或密码错误')).toHaveLength(1);
    expect(document.querySelector('.ant-message-notice')).toBeNull();
    expect(screen.getByRole('button', { name: /登\s*录/ }).className).not.toContain('loading');
  });

  it('stores the token and follows a same-site redirect', async () => {
    stubServer(() => envelope({ token: 'u1:abc', status: 1 }));
    renderLogin('/login?redirect=%2Fuser%2Fmessage');
    await submit('alice', 'right-pass');
    expect(await screen.findByText('messages page')).toBeTruthy();
    expect(localStorage.getItem(StorageKeys.token)).toBe('u1:abc');
  });

  it('ignores an off-site redirect and lands on the dashboard', async () => {
    stubServer(() => envelope({ token: 'u1:abc', status: 1 }));
    renderLogin('/login?redirect=%2F%2Fevil.example');
    await submit('alice', 'right-pass');
    expect(await screen.findByText('dashboard page')).toBeTruthy();
  });

  it('sends a first login (status 2) to set a password', async () => {
    stubServer(() => envelope({ token: 'u1:abc', status: 2 }));
    renderLogin('/login?redirect=%2Fuser%2Fmessage');
    await submit('admin', 'printed-pass');
    expect(await screen.findByText('set-password page')).toBeTruthy();
  });

  it('removes a token left in the browser and offers sign-up when registration is open', async () => {
    localStorage.setItem(StorageKeys.token, 'stale:token');
    stubServer(() => envelope({ token: 't', status: 1 }));
    renderLogin('/login');
    expect(await screen.findByRole('link', { name: '注册账号' })).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem(StorageKeys.token)).toBeNull());
  });

  it('switches language in place and keeps what was typed', async () => {
    stubServer(() => envelope({ token: 't', status: 1 }));
    renderLogin('/login');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('账号'), 'alice');
    await i18n.changeLanguage('en');
    expect(await screen.findByText('User Login')).toBeTruthy();
    expect((screen.getByLabelText('Account') as HTMLInputElement).value).toBe('alice');
  });

  it('shows only the account form when no other source is on', async () => {
    stubServer(() => envelope({ token: 't', status: 1 }));
    renderLogin('/login');
    expect(await screen.findByRole('link', { name: '注册账号' })).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByRole('link', { name: /OpenID|SSO/ })).toBeNull();
  });

  it('offers LDAP in a tab when it is on, and sends the directory source', async () => {
    const fetchMock = stubServer(() => envelope({ token: 'u9:ldap', status: 1 }), {
      ...ACCOUNT_ONLY,
      loginSources: ['register', 'ldap'],
    });
    renderLogin('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'LDAP 登录' }));
    await user.type(screen.getByLabelText('目录账号'), 'alice');
    await user.type(screen.getByLabelText('目录密码'), 'directory-pass');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('dashboard page')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/system/login'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      username: 'alice',
      password: 'directory-pass',
      source: 'ldap',
    });
  });

  it('offers the OpenID Connect button with its text, in English too', async () => {
    stubServer(() => envelope({ token: 't', status: 1 }), {
      ...ACCOUNT_ONLY,
      loginSources: ['register', 'ldap', 'oauth'],
      oauthLoginUrl: '/api/system/oauth/login/custom',
      oauthButtonText: '',
    });
    await i18n.changeLanguage('en');
    renderLogin('/login?redirect=%2Fuser%2Fmessage');
    const button = await screen.findByRole('link', { name: /Sign in with OpenID Connect/ });
    expect(button.getAttribute('href')).toBe('/api/system/oauth/login/custom?redirect=%2Fuser%2Fmessage');
    expect(screen.getByRole('tab', { name: 'LDAP Login' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Account Login' })).toBeTruthy();
  });

  it("says why a third-party login came back, in the reader's language", async () => {
    stubServer(() => envelope({ token: 't', status: 1 }));
    renderLogin('/login?oauthError=oidc.state_invalid');
    expect((await screen.findByRole('alert')).textContent).toContain(
      '此登录请求未知、已过期或由其他浏览器发起',
    );
    await i18n.changeLanguage('en');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This login request is unknown, expired',
    );
  });

  it('ignores an oauthError that is not a known code', async () => {
    stubServer(() => envelope({ token: 't', status: 1 }));
    renderLogin('/login?oauthError=%3Cscript%3E');
    expect(await screen.findByRole('link', { name: '注册账号' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
