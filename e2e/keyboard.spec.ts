import { expect, type Locator, type Page, test } from '@playwright/test';
import { seedTeam, settle, type Team } from './a11y-support.ts';
import { ADMIN_PASSWORD } from './doc-support.ts';
import { zh } from './support.ts';

/*
 * The job by keyboard alone (no click, no focus() from the test): sign in, create a space, a project and an
 * application through their dialogs, skip to a doc in the reader, and open a password share as a visitor.
 * Every stop the Tab key reaches shows a focus indicator; a dialog closed with Escape gives focus back.
 */

const suffix = Date.now().toString(36);
let team: Team;

/** Presses Tab until `target` has focus (at most `limit` times); fails when focus never gets there. */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)))
      return;
    await expectFocusVisible(page);
  }
  throw new Error(`Tab never reached ${target}`);
}

/** The focused element draws an outline or a ring (WCAG 2.4.7). */
async function expectFocusVisible(page: Page): Promise<void> {
  const ring = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    return outline || style.boxShadow !== 'none' ? 'ring' : `none on ${el.outerHTML.slice(0, 120)}`;
  });
  expect(['ring', 'body']).toContain(ring);
}

test.beforeAll(async ({ request }) => {
  team = await seedTeam(request, suffix);
});

// Known gap (docs/accessibility.md): Enter in the new-space dialog's name field does not create the space yet.
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

// Known gap (docs/accessibility.md): ArrowDown on the share page's tree does not move to the next item yet.
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
