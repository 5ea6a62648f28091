import { expect, type Page, test } from '@playwright/test';
import { seedTeam, settle, type Team } from './a11y-support.ts';
import { ADMIN_PASSWORD } from './doc-support.ts';
import { expectFocusVisible, tabTo } from './keyboard-support.ts';
import { zh } from './support.ts';

/*
 * Keyboard-only pieces (no click, no focus() from the test): sign in, create a space, a project and an
 * application through their dialogs (Enter submits), skip to a doc in the reader, open a password share as a
 * visitor, the share tree's keys, and drawers and dialogs giving the focus back when they close. Every stop
 * the Tab key reaches shows a focus indicator. The whole job in one journey: keyboard-journey.spec.ts.
 */

const suffix = Date.now().toString(36);
let team: Team;

test.beforeAll(async ({ request }) => {
  team = await seedTeam(request, suffix);
});

test('sign in and create a space, a project and an application by keyboard', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  await tabTo(page, page.getByLabel(zh.auth.account, { exact: true }));
  await page.keyboard.type('admin');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(zh.auth.password, { exact: true })).toBeFocused();
  await page.keyboard.type(ADMIN_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);

  // A dialog opened and closed with Escape gives focus back to the button that opened it.
  const newSpace = page.getByRole('button', { name: zh.dashboard.newSpace }).first();
  await tabTo(page, newSpace);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // Focus moved into the dialog (antd focuses the dialog box itself).
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(newSpace).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByLabel(zh.space.name), 10);
  await page.keyboard.type(`Keyboard ${suffix}`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/space\/project\/\w+$/);

  const newProject = page.getByRole('button', { name: zh.project.new }).first();
  await tabTo(page, newProject);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog').getByLabel(zh.project.name)).toBeFocused();
  await page.keyboard.type(`Keys ${suffix}`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/project\/doc\/\w+/);

  const newModule = page.getByRole('button', { name: zh.module.new }).first();
  await tabTo(page, newModule);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog').getByLabel(zh.module.name)).toBeFocused();
  await page.keyboard.type('Orders API');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'Orders API' })).toBeVisible();
});

test('the reader: the skip link is the first stop and lands on the doc', async ({ context }) => {
  await context.addInitScript((value) => window.localStorage.setItem('torna.token', value), team.token);
  const page = await context.newPage();
  await page.goto(`/view/${team.doc}`);
  await expect(page.getByRole('article')).toBeVisible();
  await expect(page.locator('[data-reader-light]')).toHaveCount(0);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: zh.layout.skipToContent });
  await expect(skip).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
});

test('a visitor opens a password share by keyboard and skips to the doc', async ({ page }) => {
  await page.goto(`/share/${team.lockedShare}`);
  await tabTo(page, page.getByLabel(zh.sharing.passwordLabel));
  await page.keyboard.type(team.sharePassword);
  await page.keyboard.press('Enter');
  const tree = page.getByRole('tree');
  await expect(tree).toBeVisible();
  await page.goto(`/share/${team.lockedShare}/${team.doc}`);
  await settle(page);
  await expect(page.getByTestId('doc-url')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: zh.layout.skipToContent })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
});

// The tree is a WAI-ARIA tree view with a roving tab stop: the focus itself moves from row to row.
test('the share tree follows the tree-view keys', async ({ page }) => {
  const tree = page.getByRole('tree');
  await page.goto(`/share/${team.publicShare}`);
  await settle(page);
  await tabTo(page, tree);
  const before = await page.evaluate(() => document.activeElement?.textContent ?? '');
  await page.keyboard.press('ArrowDown');
  const after = await page.evaluate(() => document.activeElement?.textContent ?? '');
  expect(after).not.toBe(before);
  await expectFocusVisible(page);
});

/** Opens a drawer with Enter on `opener`, closes it with `close`, and expects the focus back on `opener`. */
async function drawerGivesFocusBack(page: Page, opener: string, close: 'Escape' | 'button'): Promise<void> {
  const button = page.getByRole('button', { name: new RegExp(`${opener}$`) }).first();
  await tabTo(page, button);
  await page.keyboard.press('Enter');
  const frame = page.locator('.ant-drawer-open');
  const drawer = frame.getByRole('dialog');
  await expect(drawer).toBeVisible();
  // The focus went into the drawer (antd focuses its panel, or a focus guard at its edge).
  await expect.poll(() => frame.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  if (close === 'Escape') await page.keyboard.press('Escape');
  else {
    await tabTo(page, drawer.getByRole('button', { name: zh.common.close }), 80);
    await page.keyboard.press('Enter');
  }
  await expect(drawer).toBeHidden();
  await expect(button).toBeFocused();
  await expectFocusVisible(page);
}

test('drawers and dialogs give the focus back to what opened them', async ({ context }) => {
  test.setTimeout(120_000);
  await context.addInitScript((value) => window.localStorage.setItem('torna.token', value), team.token);
  const page = await context.newPage();
  await page.goto(`/view/${team.doc}`);
  await settle(page);
  await drawerGivesFocusBack(page, zh.reader.constants, 'Escape');
  await drawerGivesFocusBack(page, zh.mock.tab, 'button');
  await drawerGivesFocusBack(page, zh.debug.open, 'Escape');
  // The search dialog (Ctrl+K) gives the focus back too.
  const search = page.getByRole('button', { name: new RegExp(`${zh.reader.search}$`) });
  await tabTo(page, search);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: zh.reader.searchTitle })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(search).toBeFocused();

  await page.goto(`/doc/edit/${team.module}/${team.doc}`);
  await settle(page);
  await drawerGivesFocusBack(page, zh.doc.history, 'Escape');
  await drawerGivesFocusBack(page, zh.doc.history, 'button');
});
