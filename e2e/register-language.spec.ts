import { expect, test } from '@playwright/test';
import { en, loginThroughForm, zh } from './support.ts';

test('a new user registers, logs in and switches to English, which persists', async ({ page }) => {
  await page.goto('/reg');
  await page.getByLabel(zh.auth.username).fill('newcomer@example.com');
  await page.getByLabel(zh.auth.nickname).fill('Newcomer');
  await page.getByLabel(zh.auth.password, { exact: true }).fill('newcomer-pass');
  await page.getByLabel(zh.auth.confirmPassword).fill('newcomer-pass');
  await page.getByRole('button', { name: zh.auth.register }).click();
  await expect(page).toHaveURL(/\/login$/);

  await loginThroughForm(page, 'newcomer@example.com', 'newcomer-pass');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: zh.dashboard.title, exact: true })).toBeVisible();

  await page.goto('/user/systemSetting');
  await page.getByLabel(zh.common.language).click();
  await page.getByTitle('English (en)').click();
  await page.getByRole('button', { name: zh.common.save }).click();
  await expect(page.getByRole('heading', { name: en.user.systemSetting })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('torna.language'))).toBe('en');

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: en.dashboard.title, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: en.layout.previewModel })).toBeVisible();

  // The server answers in the chosen language too.
  const wrong = await page.request.post('/api/system/login', {
    data: { username: 'newcomer@example.com', password: 'nope-nope' },
    headers: { 'accept-language': 'en' },
  });
  expect(((await wrong.json()) as { msg: string }).msg).toBe(en.errors['auth.bad_credentials']);
});

test('the login page switches language in place and shows server errors inline', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: zh.auth.login })).toBeVisible();
  await page.getByLabel(zh.common.language).selectOption('en');
  await expect(page.getByRole('button', { name: en.auth.login })).toBeVisible();
  await page.getByLabel(en.auth.account).fill('nobody-here');
  await page.getByLabel(en.auth.password, { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: en.auth.login }).click();
  await expect(page.getByText(en.errors['auth.bad_credentials'])).toBeVisible();
  await page.screenshot({ path: 'e2e/.results/login-en.png' });
});
