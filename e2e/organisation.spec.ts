import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { loginThroughForm, printedAdminPassword, registerByApi, zh } from './support.ts';

/*
 * Organisation and access, as a team would try it: a super admin creates a space, a private project and an
 * application through the UI and gives two people different roles; each of them sees and can do exactly what
 * docs/permissions.md says, and someone outside the space gets no access at all.
 */

/** auth.spec.ts (run first) sets this password; run alone, this spec sets it itself. */
const ADMIN_PASSWORD = 'admin-new-pass-1';
const suffix = Date.now().toString(36);
const DEV = `org-dev-${suffix}`;
const GUEST = `org-guest-${suffix}`;
const OUTSIDER = `org-out-${suffix}`;
const PASSWORD = 'org-pass-123';
const SPACE = `Payments ${suffix}`;
const PROJECT = 'Private Gateway';
const APP = 'order-service';

let projectPath = '';

async function apiCall(api: APIRequestContext, path: string, data: unknown, token?: string) {
  const response = await api.post(path, {
    data,
    headers: token ? { authorization: `Bearer ${token}` } : undefined,
  });
  return (await response.json()) as { code: string; msg: string; data: { token?: string } | null };
}

/** Makes sure the admin account uses ADMIN_PASSWORD, whichever spec ran before. */
async function ensureAdminPassword(api: APIRequestContext): Promise<void> {
  const current = await apiCall(api, '/api/system/login', { username: 'admin', password: ADMIN_PASSWORD });
  if (current.code === '0') return;
  const first = await apiCall(api, '/api/system/login', {
    username: 'admin',
    password: printedAdminPassword(),
  });
  if (first.code !== '0' || !first.data?.token) throw new Error(`admin login failed: ${first.msg}`);
  const set = await apiCall(
    api,
    '/api/system/password/updateByFirstLogin',
    { password: ADMIN_PASSWORD },
    first.data.token,
  );
  if (set.code !== '0') throw new Error(`setting the admin password failed: ${set.msg}`);
}

async function loginAs(page: Page, username: string, password = PASSWORD) {
  await loginThroughForm(page, username, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Picks a user in an antd select inside a dialog: type to search, then choose the option. */
async function pickUser(page: Page, dialog: ReturnType<Page['getByRole']>, username: string) {
  await dialog.getByRole('combobox').first().click();
  await page.keyboard.type(username);
  await page.getByTitle(username, { exact: true }).click();
  await page.keyboard.press('Escape');
}

test.describe
  .serial('organisation and access', () => {
    test.beforeAll(async ({ baseURL }) => {
      const api = await playwrightRequest.newContext({ baseURL });
      await ensureAdminPassword(api);
      await api.dispose();
    });

    test('a super admin creates a space, a private project and an application, and gives two roles', async ({
      page,
    }) => {
      for (const name of [DEV, GUEST, OUTSIDER]) await registerByApi(page, name, PASSWORD);
      await loginAs(page, 'admin', ADMIN_PASSWORD);

      // Space: the name is required, then the new space opens.
      await page.getByRole('button', { name: zh.dashboard.newSpace }).first().click();
      let dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: zh.common.create }).click();
      await expect(dialog.getByText('不能为空且长度不能超过50')).toBeVisible();
      await dialog.getByLabel(zh.space.name).fill(SPACE);
      await dialog.getByRole('button', { name: zh.common.create }).click();
      await expect(page).toHaveURL(/\/space\/project\/\w+$/);
      await expect(page.locator('header').getByText(SPACE)).toBeVisible();
      await expect(page.getByText(zh.project.emptyTitle)).toBeVisible();

      // Members of the space: the developer and the guest.
      await page.getByRole('link', { name: zh.layout.members }).click();
      for (const [name, role] of [
        [DEV, zh.perm.roleDev],
        [GUEST, zh.perm.roleGuest],
      ] as const) {
        await page.getByRole('button', { name: zh.member.add }).click();
        dialog = page.getByRole('dialog');
        await pickUser(page, dialog, name);
        await dialog.getByText(role, { exact: true }).click();
        await dialog.getByRole('button', { name: zh.member.add }).click();
        await expect(dialog).toBeHidden();
        await expect(page.getByRole('cell', { name: new RegExp(name) })).toBeVisible();
      }

      // A private project (the default visibility), which opens on its application page.
      await page.getByRole('link', { name: zh.layout.projects }).click();
      await page.getByRole('button', { name: zh.project.new }).first().click();
      dialog = page.getByRole('dialog');
      await dialog.getByLabel(zh.project.name).fill(PROJECT);
      await expect(dialog.getByRole('radio', { name: new RegExp(zh.project.private) })).toBeChecked();
      await dialog.getByRole('button', { name: zh.common.create }).click();
      await expect(page).toHaveURL(/\/project\/doc\/\w+/);
      projectPath = new URL(page.url()).pathname;
      await expect(page.locator('header').getByText(PROJECT)).toBeVisible();

      // An application.
      await page.getByRole('button', { name: zh.module.new }).first().click();
      dialog = page.getByRole('dialog');
      await dialog.getByLabel(zh.module.name).fill(APP);
      await dialog.getByRole('button', { name: zh.common.create }).click();
      await expect(page.getByRole('tab', { name: APP })).toBeVisible();
      await expect(page.getByText(zh.doc.emptyTitle)).toBeVisible();

      // Project roles: developer and guest, chosen among the space's members.
      await page.getByRole('link', { name: zh.layout.projectMembers }).click();
      for (const [name, role] of [
        [DEV, zh.perm.roleDev],
        [GUEST, zh.perm.roleGuest],
      ] as const) {
        await page.getByRole('button', { name: zh.member.add }).click();
        dialog = page.getByRole('dialog');
        await pickUser(page, dialog, name);
        await dialog.getByText(role, { exact: true }).click();
        await dialog.getByRole('button', { name: zh.member.add }).click();
        await expect(dialog).toBeHidden();
      }
      await expect(page.getByRole('row', { name: new RegExp(DEV) })).toContainText(zh.perm.roleDev);
      await expect(page.getByRole('row', { name: new RegExp(GUEST) })).toContainText(zh.perm.roleGuest);
    });

    test('the developer adds an environment but cannot delete the application or change settings', async ({
      page,
    }) => {
      await loginAs(page, DEV);
      await page.goto(projectPath);
      await expect(page.getByRole('tab', { name: APP })).toBeVisible();
      await expect(page.getByRole('button', { name: zh.module.new })).toBeVisible();
      await expect(page.getByRole('button', { name: zh.module.delete })).toHaveCount(0);
      await expect(page.getByRole('link', { name: zh.layout.constants })).toBeVisible();

      await page.getByRole('tab', { name: zh.module.tabs.settings }).click();
      await expect(page.getByText(zh.module.settingsReadOnly)).toBeVisible();
      await expect(page.getByRole('button', { name: zh.common.save })).toHaveCount(0);

      await page.getByRole('tab', { name: zh.module.tabs.environment }).click();
      await page.getByRole('button', { name: zh.env.new }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(zh.env.name).fill('test');
      await dialog.getByLabel(zh.env.baseUrl).fill('not a url');
      await dialog.getByRole('button', { name: zh.common.create }).click();
      await expect(dialog.getByText(zh.validation.url)).toBeVisible();
      await dialog.getByLabel(zh.env.baseUrl).fill('http://test.example.com/api/');
      await dialog.getByRole('button', { name: zh.common.create }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('http://test.example.com/api', { exact: true })).toBeVisible();

      // Nothing ticked in the import dialog: the spec's "Please choose" message, nothing sent.
      await page.getByRole('button', { name: zh.env.importTitle }).click();
      const importDialog = page.getByRole('dialog');
      await importDialog.getByRole('button', { name: zh.env.import, exact: true }).click();
      await expect(importDialog.getByText(zh.validation.choose_env)).toBeVisible();
      await page.keyboard.press('Escape');

      await page.getByRole('link', { name: zh.layout.projectInfo }).click();
      await expect(page.getByRole('heading', { name: zh.layout.projectInfo })).toBeVisible();
      await expect(page.getByRole('button', { name: zh.project.edit })).toHaveCount(0);
      await expect(page.getByRole('button', { name: zh.project.delete })).toHaveCount(0);
    });

    test('the guest reads the project and its environments, with no way to change anything', async ({
      page,
    }) => {
      await loginAs(page, GUEST);
      await page.goto(projectPath);
      await expect(page.getByRole('tab', { name: APP })).toBeVisible();
      await expect(page.getByRole('button', { name: zh.module.new })).toHaveCount(0);
      await expect(page.getByRole('button', { name: zh.module.rename })).toHaveCount(0);
      await expect(page.getByRole('button', { name: zh.module.delete })).toHaveCount(0);
      await expect(page.getByRole('tab', { name: zh.module.tabs.settings })).toHaveCount(0);
      await expect(page.getByRole('link', { name: zh.layout.constants })).toHaveCount(0);

      await page.getByRole('tab', { name: zh.module.tabs.environment }).click();
      await expect(page.getByText('http://test.example.com/api', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: zh.env.new })).toHaveCount(0);
      await expect(page.getByRole('button', { name: zh.common.delete })).toHaveCount(0);

      // Space members are readable, not manageable; no open users for a guest.
      await page.locator('header').getByText(SPACE).click();
      await expect(page.getByRole('button', { name: zh.project.new })).toHaveCount(0);
      await page.getByRole('link', { name: zh.layout.members }).click();
      await expect(page.getByRole('cell', { name: new RegExp(DEV) })).toBeVisible();
      await expect(page.getByRole('button', { name: zh.member.add })).toHaveCount(0);
      await expect(page.getByRole('link', { name: zh.layout.openUsers })).toHaveCount(0);

      // The admin console is closed to them.
      await page.goto('/admin/users');
      await expect(page.getByText(zh.perm.noPermissionTitle)).toBeVisible();
    });

    test('someone outside the space sees no space and gets no access to the private project', async ({
      page,
    }) => {
      await loginAs(page, OUTSIDER);
      await expect(page.getByText(zh.dashboard.emptyTitle)).toBeVisible();
      await page.goto(projectPath);
      await expect(page.getByText(zh.perm.noPermissionTitle)).toBeVisible();
      await expect(page.getByRole('tab', { name: APP })).toHaveCount(0);
      const projectId = projectPath.split('/').pop() ?? '';
      const token = await page.evaluate(() => window.localStorage.getItem('torna.token'));
      const modules = await page.request.get(`/api/module/list?projectId=${projectId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(modules.status()).toBe(403);
    });

    test('the super admin creates an account in the console and sees its password once', async ({ page }) => {
      await loginAs(page, 'admin', ADMIN_PASSWORD);
      await page.getByRole('button', { name: zh.layout.adminButton }).click();
      await expect(page).toHaveURL(/\/admin\/users$/);
      await expect(page.getByRole('cell', { name: DEV, exact: true }).first()).toBeVisible();
      await page.getByRole('button', { name: zh.admin.createUser }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(zh.user.loginAccount).fill(`org-new-${suffix}`);
      await dialog.getByLabel(zh.user.nickname).fill('New Person');
      await dialog.getByRole('button', { name: zh.common.create }).click();
      const shown = page.getByRole('dialog', { name: zh.admin.userCreatedTitle });
      await expect(shown.getByText(zh.admin.passwordOnce)).toBeVisible();
      await expect(shown.getByText(`org-new-${suffix}`)).toBeVisible();
      await shown.getByRole('button', { name: zh.common.savedItClose }).click();
      await expect(shown).toBeHidden();
      const main = page.locator('#main-content');
      await expect(main.getByRole('cell', { name: `org-new-${suffix}`, exact: true })).toBeVisible();
      await expect(main.getByRole('row', { name: new RegExp(`org-new-${suffix}`) })).toContainText(
        zh.user.statusSetPassword,
      );
    });
  });
