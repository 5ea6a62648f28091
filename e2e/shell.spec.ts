import { expect, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { E2E_DATABASE, loginThroughForm, registerByApi, storedToken, zh } from './support.ts';

/**
 * Messages come from doc changes, which later issues add; until then the suite seeds rows straight into the
 * e2e server's SQLite file, exactly as the message fan-out will write them.
 */
function seedMessages(username: string, count: number): void {
  const db = new Database(E2E_DATABASE);
  try {
    const user = db.prepare('select id from users where username = ?').get(username) as { id: string };
    const insert = db.prepare(
      'insert into user_messages (id, user_id, message, type, source_id, is_read, created_at) values (?, ?, ?, ?, ?, 0, ?)',
    );
    for (let i = 0; i < count; i++) {
      const at = new Date(Date.now() - i * 60_000).toISOString();
      insert.run(`msg-${username}-${i}`, user.id, `Doc ${i} changed`, 1, `doc-${i}`, at);
    }
  } finally {
    db.close();
  }
}

async function signIn(page: Page, username: string): Promise<void> {
  await registerByApi(page, username, 'shell-pass-1');
  await loginThroughForm(page, username, 'shell-pass-1');
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('the top bar links to help in a new tab, to the preview mode and back', async ({ page }) => {
  await signIn(page, 'shell-nav');
  const help = page.getByRole('link', { name: zh.layout.openHelp });
  await expect(help).toHaveAttribute('href', '/help');
  await expect(help).toHaveAttribute('target', '_blank');
  await page.getByRole('button', { name: zh.layout.previewModel }).click();
  await expect(page).toHaveURL(/\/view$/);
  await expect(page.getByText(zh.view.emptyTitle)).toBeVisible();
  await page.getByRole('button', { name: zh.layout.managementModel }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the bell caps its badge at 99, lists messages and marks them all read', async ({ page }) => {
  await signIn(page, 'shell-bell');
  seedMessages('shell-bell', 120);
  await page.reload();
  const bell = page.getByRole('button', { name: zh.layout.unreadCount.replace('{0}', '99+') });
  await expect(bell).toBeVisible();
  await expect(page.getByText('99+')).toBeVisible();
  await bell.click();
  await expect(page.getByText('Doc 0 changed')).toBeVisible();
  await page.getByRole('button', { name: zh.layout.setAllRead }).click();
  await expect(page.getByText('99+')).toHaveCount(0);
});

test('my messages lists messages in pages and marks one read', async ({ page }) => {
  await signIn(page, 'shell-inbox');
  seedMessages('shell-inbox', 3);
  await page.goto('/user/message');
  await expect(page.getByRole('heading', { name: zh.user.myMessages })).toBeVisible();
  await expect(page.getByText('Doc 2 changed')).toBeVisible();
  await expect(page.getByText(zh.user.unread)).toHaveCount(3);
  await page.getByRole('button', { name: zh.layout.setRead }).first().click();
  await expect(page.getByText(zh.user.unread)).toHaveCount(2);
});

test('account info edits the nickname the top bar shows', async ({ page }) => {
  await signIn(page, 'shell-profile');
  await page.goto('/user');
  await page.getByLabel(zh.user.nickname).fill('Profile Person');
  await page.getByRole('button', { name: zh.common.save }).click();
  await expect(page.getByText(zh.common.saved)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: zh.layout.userMenu })).toContainText('Profile Person');
});

test('changing the password logs out everywhere and the new one works', async ({ page }) => {
  await signIn(page, 'shell-password');
  const token = await storedToken(page);
  await page.goto('/updatePassword');
  await page.getByLabel(zh.auth.oldPassword).fill('shell-pass-1');
  await page.getByLabel(zh.auth.newPassword).fill('shell-pass-2');
  await page.getByLabel(zh.auth.confirmPassword).fill('shell-pass-2');
  await page.getByRole('button', { name: zh.auth.updatePasswordSubmit }).click();
  await expect(page).toHaveURL(/\/login/);
  const old = await page.request.get('/api/user/info', { headers: { authorization: `Bearer ${token}` } });
  expect(old.status()).toBe(401);
  await loginThroughForm(page, 'shell-password', 'shell-pass-2');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an OAuth landing with a bad key explains and links back to login', async ({ page }) => {
  await page.goto('/successLogin?loginKey=not-a-key');
  await expect(page.getByText(zh.auth.successLoginFailed)).toBeVisible();
  await page.getByRole('link', { name: zh.auth.backToLogin }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('help and integration pages render their content', async ({ page }) => {
  await signIn(page, 'shell-help');
  await page.goto('/help');
  await expect(page.getByRole('heading', { name: zh.help.pages.start, level: 1 })).toBeVisible();
  await page.goto('/help?id=roles');
  await expect(page.getByRole('heading', { name: zh.help.pages.roles, level: 1 })).toBeVisible();
  await page.goto('/openapi');
  await expect(page.getByText('Authorization: Bearer').first()).toBeVisible();
});

test('the rail is 70 px wide with the version; below 992 px it becomes an overlay opened from the top bar', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, `rail${Date.now().toString(36)}`);
  const rail = page.getByRole('link', { name: 'Quire v1.23.2' });
  await expect(rail).toBeVisible();
  await expect(rail).toContainText('v1.23.2');
  const aside = page.locator('aside').filter({ has: rail });
  expect((await aside.boundingBox())?.width).toBe(70);
  // The top bar's menu button (the overlay's backdrop carries the same name once it is open).
  const menuButton = page.getByRole('button', { name: zh.layout.toggleMenu });
  await expect(menuButton).toHaveCount(0);

  // 991 px is a mobile device: the rail leaves the screen and the top bar opens it.
  await page.setViewportSize({ width: 991, height: 800 });
  await expect(menuButton).toBeVisible();
  await expect.poll(async () => ((await aside.boundingBox())?.x ?? 0) + 70).toBeLessThanOrEqual(0);
  await menuButton.click();
  await expect.poll(async () => (await aside.boundingBox())?.x).toBe(0);
  await expect(menuButton).toHaveCount(2);
  await page.setViewportSize({ width: 992, height: 800 });
  await expect(menuButton).toHaveCount(0);
});
