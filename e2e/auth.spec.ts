import { expect, test } from '@playwright/test';
import { loginThroughForm, printedAdminPassword, registerByApi, storedToken, zh } from './support.ts';

test.describe
  .serial('first login, guard and logout', () => {
    test('the guard sends a visitor without a token to login, keeping the path', async ({ page }) => {
      await page.goto('/dashboard');
      await expect(page).toHaveURL(/\/login\?redirect=(%2F|\/)dashboard$/);
      await page.goto('/');
      await expect(page).toHaveURL(/\/login\?redirect=/);
      for (const open of ['/reg', '/findPassword', '/resetPassword']) {
        await page.goto(open);
        await expect(page).toHaveURL(new RegExp(`${open}$`));
      }
      await page.goto('/findPassword');
      await expect(page.getByText(zh.auth.forgetPasswordTip)).toBeVisible();
    });

    test('the first login with the printed password must set a new one, then reaches the dashboard', async ({
      page,
    }) => {
      await loginThroughForm(page, 'admin', printedAdminPassword());
      await expect(page).toHaveURL(/\/setPassword$/);
      await page.getByLabel(zh.auth.newPassword).fill('admin-new-pass-1');
      await page.getByLabel(zh.auth.confirmPassword).fill('admin-new-pass-2');
      await page.getByRole('button', { name: zh.auth.setPasswordSubmit }).click();
      await expect(page.getByText(zh.validation.password_not_same)).toBeVisible();
      await page.getByLabel(zh.auth.confirmPassword).fill('admin-new-pass-1');
      await page.getByRole('button', { name: zh.auth.setPasswordSubmit }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { name: zh.dashboard.title, exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: zh.layout.adminButton })).toBeVisible();

      // The printed password no longer works.
      const old = await page.request.post('/api/system/login', {
        data: { username: 'admin', password: printedAdminPassword() },
      });
      expect(((await old.json()) as { code: string }).code).toBe('auth.bad_credentials');
    });

    test('a logged-in user is sent from /login and / to the dashboard, and unknown paths to /404', async ({
      page,
    }) => {
      await loginThroughForm(page, 'admin', 'admin-new-pass-1');
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/login');
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/');
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/no/such/page');
      await expect(page).toHaveURL(/\/404$/);
      await expect(page.getByText(zh.common.notFoundTitle).first()).toBeVisible();
    });

    test('logging out revokes the token on the server', async ({ page }) => {
      await registerByApi(page, 'logout-user', 'logout-pass-1');
      await loginThroughForm(page, 'logout-user', 'logout-pass-1');
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('button', { name: zh.layout.adminButton })).toHaveCount(0);
      const token = await storedToken(page);
      expect(token).toBeTruthy();

      await page.getByRole('button', { name: zh.layout.userMenu }).click();
      await page.getByText(zh.auth.logout).click();
      await expect(page).toHaveURL(/\/login/);
      expect(await storedToken(page)).toBeNull();
      const after = await page.request.get('/api/user/info', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(after.status()).toBe(401);
      expect(((await after.json()) as { code: string }).code).toBe('1000');
    });

    test('a deep link survives the login round trip', async ({ page }) => {
      await page.goto('/user/systemSetting');
      await expect(page).toHaveURL(/redirect=/);
      await page.getByLabel(zh.auth.account).fill('logout-user');
      await page.getByLabel(zh.auth.password, { exact: true }).fill('logout-pass-1');
      await page.getByRole('button', { name: zh.auth.login }).click();
      await expect(page).toHaveURL(/\/user\/systemSetting$/);
    });
  });
