import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startProvider, type TestProvider } from '../../../test/oidc-provider-fixture.ts';
import { expectError, expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { isoFromNow } from '../../lib/clock.ts';

const PORT = 7821;
const PUBLIC_URL = 'http://quire.test';
const CALLBACK = `${PUBLIC_URL}/api/system/oauth/custom/callback`;

interface Profile {
  id: string;
  username: string;
  nickname: string;
  email: string;
  source: string;
}

describe('OpenID Connect sign-in against a provider run by the test', () => {
  let op: TestProvider;
  beforeAll(async () => {
    op = await startProvider(PORT, CALLBACK);
    op.accounts.set('sub-frank', {
      preferred_username: 'frank',
      name: 'Frank Provider',
      email: 'frank@idp.test',
    });
    op.accounts.set('sub-erin', {
      preferred_username: 'erin',
      name: 'Erin Provider',
      email: 'erin@idp.test',
    });
    op.accounts.set('sub-other-erin', {
      preferred_username: 'erin',
      name: 'Another Erin',
      email: 'e2@idp.test',
    });
  });
  afterAll(async () => {
    await op?.stop();
  });

  describe.each(testDialects())('on %s', (dialect) => {
    let t: TestApp;
    let root: string;
    beforeEach(async () => {
      // The provider is on loopback, which the fetch guard refuses unless allowed: the configured issuer's
      // own host is allowed without QUIRE_FETCH_ALLOW_HOSTS.
      t = await createTestApp(dialect, { QUIRE_PUBLIC_URL: PUBLIC_URL });
      await t.createUser({ username: 'root', isSuperAdmin: true });
      root = await t.login('root');
      lastBind = '';
    });
    afterEach(async () => {
      await t.close();
    });

    const configure = (extra: Record<string, unknown> = {}) =>
      expectOk(
        t.post(
          '/api/admin/oidc/update',
          {
            enabled: true,
            issuer: op.issuer,
            clientId: op.clientId,
            clientSecret: op.clientSecret,
            buttonText: 'Company SSO',
            ...extra,
          },
          { token: root },
        ),
      );

    /**
     * Starts a login at Quire; answers the provider URL, the browser's state cookie and its binding cookie
     * (`cookie` holds both, as the browser sends them).
     */
    async function start(): Promise<{ authUrl: URL; cookie: string; state: string; bind: string }> {
      const answer = await t.get('/api/system/oauth/login/custom');
      expect(answer.statusCode).toBe(302);
      const setCookies = [answer.headers['set-cookie'] ?? []].flat().map(String);
      for (const line of setCookies) expect(line).toMatch(/HttpOnly; SameSite=Lax/);
      const pairOf = (name: string) =>
        setCookies.find((line) => line.startsWith(`${name}=`))?.split(';')[0] ?? '';
      const state = pairOf('quire_oidc_state');
      const bind = pairOf('quire_oidc_bind');
      expect(bind.length).toBeGreaterThan(30);
      return { authUrl: new URL(String(answer.headers.location)), cookie: `${state}; ${bind}`, state, bind };
    }

    /** The callback with the given query and cookie; answers where Quire sends the browser. */
    async function callback(query: string, cookie: string): Promise<URL> {
      const answer = await t.get(`/api/system/oauth/custom/callback${query}`, { headers: { cookie } });
      expect(answer.statusCode).toBe(302);
      return new URL(String(answer.headers.location));
    }

    /** A whole login as `subject`: answers the landing URL and the browser's binding cookie. */
    async function signInWithCookie(subject: string): Promise<{ landing: URL; bind: string }> {
      const { authUrl, cookie, bind } = await start();
      const back = await op.authorize(authUrl.href, subject);
      return { landing: await callback(back.search, cookie), bind };
    }
    let lastBind = '';
    async function signIn(subject: string): Promise<URL> {
      const { landing, bind } = await signInWithCookie(subject);
      lastBind = bind;
      return landing;
    }

    /** Redeems a login key, by default in the browser of the last `signIn`. */
    const exchange = (loginKey: string, cookie = lastBind) =>
      t.get(`/api/system/oauth/token/get?loginKey=${encodeURIComponent(loginKey)}`, {
        headers: cookie ? { cookie } : {},
      });
    const profileOf = (token: string) => expectOk<Profile>(t.get('/api/user/get', { token }));

    it('runs the whole flow with state, nonce and PKCE, and the login key works once', async () => {
      await configure();
      const config = await expectOk<{
        loginSources: string[];
        oauthLoginUrl: string;
        oauthButtonText: string;
      }>(t.get('/api/system/config'));
      expect(config).toEqual({
        loginSources: ['register', 'oauth'],
        enableLdap: false,
        enableThirdPartyOauth: true,
        enableReg: true,
        oauthLoginUrl: '/api/system/oauth/login/custom',
        oauthButtonText: 'Company SSO',
      });

      const { authUrl, cookie, state, bind } = await start();
      lastBind = bind;
      expect(authUrl.origin).toBe(op.issuer);
      const params = authUrl.searchParams;
      expect(params.get('redirect_uri')).toBe(CALLBACK);
      expect(params.get('state')?.length).toBeGreaterThan(20);
      expect(params.get('nonce')?.length).toBeGreaterThan(20);
      expect(params.get('code_challenge_method')).toBe('S256');
      expect(params.get('code_challenge')?.length).toBeGreaterThan(20);
      expect(state).toBe(`quire_oidc_state=${params.get('state')}`);

      const back = await op.authorize(authUrl.href, 'sub-frank');
      expect(back.href.startsWith(CALLBACK)).toBe(true);
      const landing = await callback(back.search, cookie);
      expect(landing.searchParams.get('oauthError')).toBeNull();
      expect(landing.pathname).toBe('/successLogin');
      const loginKey = landing.searchParams.get('loginKey') ?? '';
      expect(loginKey.length).toBeGreaterThan(20);

      const token = await expectOk<string>(exchange(loginKey));
      expect(await profileOf(token)).toMatchObject({
        username: 'frank',
        nickname: 'Frank Provider',
        email: 'frank@idp.test',
        source: 'oauth',
      });
      // The key is single use.
      await expectError(exchange(loginKey), 400, 'auth.login_key_invalid');
      // Replaying the same callback (same code and state) is refused: the state was used up.
      const replay = await callback(back.search, cookie);
      expect(replay.pathname).toBe('/login');
      expect(replay.searchParams.get('oauthError')).toBe('oidc.state_invalid');
    });

    it('binds the login key to the browser that started the sign-in (login CSRF)', async () => {
      await configure();
      // The attacker signs in as themselves and stops at the landing link, which they send to a victim.
      const attacker = await signInWithCookie('sub-frank');
      const attackerKey = attacker.landing.searchParams.get('loginKey') ?? '';
      expect(attackerKey.length).toBeGreaterThan(20);
      // A victim who never started a sign-in: refused with its own message, no session.
      await expectError(exchange(attackerKey, ''), 400, 'auth.login_key_foreign');
      // A victim with a sign-in of their own in flight holds another binding: refused too.
      const victim = await start();
      await expectError(exchange(attackerKey, victim.bind), 400, 'auth.login_key_invalid');
      // The callback of a browser without the binding cookie (only the state) gives no key at all.
      const other = await start();
      const back = await op.authorize(other.authUrl.href, 'sub-erin');
      const noBind = await callback(back.search, other.state);
      expect(noBind.searchParams.get('oauthError')).toBe('oidc.state_invalid');
      // In the attacker's own browser the key still works, once, and the binding cookie is cleared.
      const answer = await exchange(attackerKey, attacker.bind);
      expect(answer.statusCode).toBe(200);
      expect(String(answer.headers['set-cookie'])).toMatch(/^quire_oidc_bind=; .*Max-Age=0/);
      await expectError(exchange(attackerKey, attacker.bind), 400, 'auth.login_key_invalid');
    });

    it('refuses a tampered state, a state from another browser and a forged code', async () => {
      await configure();
      const { authUrl, cookie } = await start();
      const back = await op.authorize(authUrl.href, 'sub-frank');
      const state = back.searchParams.get('state') ?? '';

      const tampered = new URLSearchParams(back.search);
      tampered.set('state', `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`);
      expect(
        (await callback(`?${tampered}`, `quire_oidc_state=${tampered.get('state')}`)).searchParams.get(
          'oauthError',
        ),
      ).toBe('oidc.state_invalid');
      // The right state without this browser's cookie (login CSRF: a link sent to a victim).
      expect((await callback(back.search, '')).searchParams.get('oauthError')).toBe('oidc.state_invalid');
      const forged = new URLSearchParams(back.search);
      forged.set('code', 'forged-code');
      const refused = await callback(`?${forged}`, cookie);
      expect(refused.searchParams.get('oauthError')).toBe('oidc.callback_failed');
      expect(await t.db.selectFrom('loginKeys').selectAll().execute()).toEqual([]);
    });

    it('refuses an unknown, a forged and an expired login key', async () => {
      await configure();
      await expectError(exchange('not-a-key', 'quire_oidc_bind=some-binding'), 400, 'auth.login_key_invalid');
      const landing = await signIn('sub-frank');
      const loginKey = landing.searchParams.get('loginKey') ?? '';
      // Past its time (moved back instead of waiting ten seconds): refused, and gone.
      await t.db
        .updateTable('loginKeys')
        .set({ expiresAt: isoFromNow(-1000) })
        .execute();
      await expectError(exchange(loginKey), 400, 'auth.login_key_invalid');
      await expectError(exchange(loginKey), 400, 'auth.login_key_invalid');
    });

    it('matches users by issuer and subject, never by user name', async () => {
      const localId = await t.createUser({ username: 'erin', password: 'erin-local-pw', isSuperAdmin: true });
      await configure();
      const keyOf = async (subject: string) =>
        expectOk<string>(exchange((await signIn(subject)).searchParams.get('loginKey') ?? ''));
      const erin = await profileOf(await keyOf('sub-erin'));
      expect(erin.id).not.toBe(localId);
      expect(erin).toMatchObject({ username: 'erin@oidc', source: 'oauth' });
      // Another subject with the same preferred name is another person: another account.
      const other = await profileOf(await keyOf('sub-other-erin'));
      expect(other.id).not.toBe(erin.id);
      expect(other.id).not.toBe(localId);
      // The same subject under a new name is still the same account, with the provider's new name and mail.
      op.accounts.set('sub-erin', {
        preferred_username: 'erin.renamed',
        name: 'Erin Renamed',
        email: 'new@idp.test',
      });
      try {
        const again = await profileOf(await keyOf('sub-erin'));
        expect(again).toMatchObject({ id: erin.id, nickname: 'Erin Renamed', email: 'new@idp.test' });
      } finally {
        op.accounts.set('sub-erin', {
          preferred_username: 'erin',
          name: 'Erin Provider',
          email: 'erin@idp.test',
        });
      }
      // The local account is untouched and still logs in with its own password.
      expect((await profileOf(await t.login('erin', 'erin-local-pw'))).id).toBe(localId);
    });

    it('is off until configured, refuses http issuers elsewhere, and keeps the secret out of answers', async () => {
      const off = await t.get('/api/system/oauth/login/custom');
      expect(new URL(String(off.headers.location)).searchParams.get('oauthError')).toBe(
        'auth.source_disabled',
      );
      await expectError(
        exchange('x'.repeat(40), 'quire_oidc_bind=some-binding'),
        400,
        'auth.login_key_invalid',
      );

      const saved = await configure();
      expect(saved).toMatchObject({ hasClientSecret: true, redirectUri: CALLBACK });
      expect(JSON.stringify(saved)).not.toContain(op.clientSecret);
      const rows = await t.db.selectFrom('systemConfig').select('value').execute();
      expect(rows.map((r) => r.value).join('\n')).not.toContain(op.clientSecret);

      await configure({ issuer: 'http://idp.example.com' });
      const insecure = await t.get('/api/system/oauth/login/custom');
      expect(new URL(String(insecure.headers.location)).searchParams.get('oauthError')).toBe(
        'oidc.issuer_insecure',
      );
    });

    it('without QUIRE_PUBLIC_URL lands on relative paths, whatever Host the request names', async () => {
      const bare = await createTestApp(dialect, { QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1' });
      try {
        const answer = await bare.get('/api/system/oauth/login/custom', {
          headers: { host: 'evil.example' },
        });
        expect(answer.headers.location).toBe('/login?oauthError=auth.source_disabled');
      } finally {
        await bare.close();
      }
    });

    it('takes its settings from QUIRE_OIDC_* when set, shown as locked', async () => {
      const envApp = await createTestApp(dialect, {
        QUIRE_PUBLIC_URL: PUBLIC_URL,
        QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1',
        QUIRE_OIDC_ISSUER: op.issuer,
        QUIRE_OIDC_CLIENT_ID: op.clientId,
        QUIRE_OIDC_CLIENT_SECRET: op.clientSecret,
        QUIRE_OIDC_BUTTON_TEXT: 'From env',
      });
      try {
        await envApp.createUser({ username: 'root', isSuperAdmin: true });
        const token = await envApp.login('root');
        const read = await expectOk<{ lockedFields: string[]; buttonText: string; enabled: boolean }>(
          envApp.get('/api/admin/oidc/get', { token }),
        );
        expect(read).toMatchObject({ enabled: true, buttonText: 'From env' });
        expect(read.lockedFields).toEqual(
          expect.arrayContaining(['issuer', 'clientId', 'clientSecret', 'buttonText']),
        );
        await expectOk(
          envApp.post('/api/admin/oidc/update', { enabled: false, buttonText: 'Changed' }, { token }),
        );
        expect(await expectOk(envApp.get('/api/admin/oidc/get', { token }))).toMatchObject({
          enabled: true,
          buttonText: 'From env',
        });
        const answer = await envApp.get('/api/system/oauth/login/custom');
        expect(new URL(String(answer.headers.location)).origin).toBe(op.issuer);
      } finally {
        await envApp.close();
      }
    });
  });
});
