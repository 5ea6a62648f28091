import { expect, test } from '@playwright/test';
import {
  ADMIN_DN,
  ADMIN_PASSWORD as DIRECTORY_ADMIN_PASSWORD,
  type Slapd,
  SUFFIX,
  slapdMissing,
  startSlapd,
} from '../apps/server/test/slapd-fixture.ts';
import { ADMIN_PASSWORD, adminToken, apiCall } from './doc-support.ts';
import { en, loginThroughForm, zh } from './support.ts';

/** The directory of this spec: a real slapd on a loopback port of its own. */
const SLAPD_PORT = Number(process.env.E2E_SLAPD_PORT ?? 7822);
const missing = slapdMissing();
if (missing && process.env.CI === 'true') throw new Error(`the sign-in spec needs slapd in CI: ${missing}`);

test.describe
  .serial('directory sign-in on the login page, in both languages', () => {
    test.skip(missing !== undefined, `slapd is missing: ${missing}`);
    let slapd: Slapd;
    const ldapSettings = (enabled: boolean) => ({
      enabled,
      url: slapd.url,
      bindDn: ADMIN_DN,
      bindPassword: DIRECTORY_ADMIN_PASSWORD,
      baseDn: SUFFIX,
      userFilter: '(uid=%s)',
      adminGroup: '',
    });

    test.beforeAll(async ({ request }) => {
      slapd = await startSlapd(
        SLAPD_PORT,
        [{ uid: 'grace', password: 'grace-directory-pw', cn: 'Grace Hopper', mail: 'grace@quire.test' }],
        { engineers: ['grace'] },
      );
      await apiCall(request, await adminToken(request), '/api/admin/ldap/update', ldapSettings(true));
    });

    test.afterAll(async ({ request }) => {
      // Later specs on this server expect the account form alone.
      await apiCall(request, await adminToken(request), '/api/admin/ldap/update', { enabled: false });
      await slapd?.stop();
    });

    test('a directory user signs in through the LDAP tab (zh-CN) and gets an account of their own', async ({
      page,
    }) => {
      await page.goto('/login');
      await page.getByRole('tab', { name: zh.auth.ldapLogin }).click();
      await page.getByLabel(zh.signin.ldapAccount).fill('grace');
      await page.getByLabel(zh.signin.ldapPassword).fill('wrong-password');
      await page.getByRole('button', { name: zh.auth.login }).click();
      await expect(page.getByRole('alert')).toContainText(zh.errors['auth.bad_credentials']);
      await page.screenshot({ path: 'e2e/.results/signin-ldap-zh.png' });
      await page.getByLabel(zh.signin.ldapPassword).fill('grace-directory-pw');
      await page.getByRole('button', { name: zh.auth.login }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      const me = await page.evaluate(async () => {
        const token = window.localStorage.getItem('torna.token') ?? '';
        const answer = await fetch('/api/user/get', { headers: { authorization: `Bearer ${token}` } });
        return ((await answer.json()) as { data: { username: string; source: string; nickname: string } })
          .data;
      });
      expect(me).toMatchObject({ username: 'grace', source: 'ldap', nickname: 'Grace Hopper' });
    });

    test('the English login page names the sources in English and explains a failed third-party login', async ({
      page,
    }) => {
      await page.goto('/login?oauthError=oidc.state_invalid');
      await page.getByLabel(zh.common.language).selectOption('en');
      await expect(page.getByRole('tab', { name: en.auth.ldapLogin })).toBeVisible();
      await expect(page.getByRole('tab', { name: en.auth.accountLogin })).toBeVisible();
      await expect(page.getByRole('alert')).toContainText(en.errors['oidc.state_invalid']);
      await page.screenshot({ path: 'e2e/.results/signin-login-en.png' });
    });

    test('the admin tests the directory connection from the settings screen', async ({ page }) => {
      await loginThroughForm(page, 'admin', ADMIN_PASSWORD);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/admin/setting');
      await expect(page.getByText(zh.signin.ldapTitle)).toBeVisible();
      await page.getByLabel(zh.signin.testUsername).fill('grace');
      await page.getByRole('button', { name: zh.signin.testConnection }).click();
      await expect(page.getByRole('status')).toContainText('uid=grace');
      await page.getByText(zh.signin.ldapTitle).scrollIntoViewIfNeeded();
      await page.screenshot({ path: 'e2e/.results/signin-admin-zh.png', fullPage: true });
      // A wrong bind password says which step failed.
      await page.getByLabel(zh.signin.bindPassword).fill('not-the-password');
      await page.getByRole('button', { name: zh.signin.testConnection }).click();
      await expect(page.getByRole('alert')).toContainText('绑定 DN 或其密码被拒绝');
    });
  });
