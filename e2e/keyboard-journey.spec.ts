import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN_PASSWORD, adminToken } from './doc-support.ts';
import { chooseTab, expectFocusVisible, hasFocus, tabTo } from './keyboard-support.ts';
import { zh } from './support.ts';

/*
 * The whole job of issue 33 by keyboard alone: no click, no `fill`, no `focus()` from the test; only Tab,
 * Shift+Tab, arrows, Enter, Space, Escape and typed text, and the address bar (`goto`) where a person would
 * type a URL. Sign in, create a space, a project and an application, write a doc with a nested request body,
 * search it and open it in the reader, follow it, create a password share and open it as a visitor, send a
 * debug request to an API on loopback and read the response. Every Tab stop shows its focus ring.
 */

const suffix = Date.now().toString(36);
const docName = `Place order ${suffix}`;
let echo: Server;
let echoPort = 0;
const received: Array<{ url: string; body: string }> = [];

test.beforeAll(async ({ request }) => {
  // The API the debug request goes to: on loopback, answers what it got.
  echo = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      received.push({ url: req.url ?? '', body });
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ orderNo: `ord-${suffix}`, echoed: JSON.parse(body || '{}') }));
    });
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  echoPort = (echo.address() as AddressInfo).port;
  await adminToken(request); // sets the admin password on a fresh server
});

test.afterAll(async () => {
  echo.closeAllConnections();
  await new Promise((resolve) => echo.close(resolve));
});

/** The id at the end of the current path (`/space/project/{id}`, `/doc/edit/{module}/{id}`). */
function lastId(page: Page): string {
  return new URL(page.url()).pathname.split('/').at(-1) ?? '';
}

/** Opens a dialog from `opener` with Enter, types into its first field, and submits it with Enter. */
async function dialogByKeys(page: Page, opener: string, field: string, text: string): Promise<void> {
  await tabTo(page, page.getByRole('button', { name: opener }).first());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog').getByLabel(field, { exact: true })).toBeFocused();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeHidden();
}

test('the whole job by keyboard: organise, write, read, follow, share and debug', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.goto('/login');
  await tabTo(page, page.getByLabel(zh.auth.account, { exact: true }));
  await page.keyboard.type('admin');
  await page.keyboard.press('Tab');
  await page.keyboard.type(ADMIN_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);

  // A space, a project and an application, each through its dialog, submitted with Enter.
  await dialogByKeys(page, zh.dashboard.newSpace, zh.space.name, `Keys ${suffix}`);
  await expect(page).toHaveURL(/\/space\/project\/\w+$/);
  const spaceId = lastId(page);
  await dialogByKeys(page, zh.project.new, zh.project.name, `Shop ${suffix}`);
  await expect(page).toHaveURL(/\/project\/doc\/\w+/);
  await dialogByKeys(page, zh.module.new, zh.module.name, 'Orders API');
  await expect(page.getByRole('tab', { name: 'Orders API' })).toBeVisible();

  // The debug target is on loopback: the space opens internal addresses (its settings page), and the
  // application gets an environment pointing at the test's API (its environment tab).
  const projectUrl = page.url();
  await page.goto(`/space/info/${spaceId}`);
  await tabTo(page, page.getByRole('switch', { name: zh.space.internalAccess }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('switch', { name: zh.space.internalAccess })).toBeChecked();
  await page.goto(projectUrl);
  await chooseTab(page, page.getByRole('tab', { name: zh.module.tabs.environment }));
  await tabTo(page, page.getByRole('button', { name: zh.env.new }));
  await page.keyboard.press('Enter');
  const envDialog = page.getByRole('dialog');
  await expect(envDialog.getByLabel(zh.env.name, { exact: true })).toBeFocused();
  await page.keyboard.type('local');
  await page.keyboard.press('Tab');
  await expect(envDialog.getByLabel(zh.env.baseUrl, { exact: true })).toBeFocused();
  await page.keyboard.type(`http://127.0.0.1:${echoPort}/api`);
  await page.keyboard.press('Enter');
  await expect(envDialog).toBeHidden();
  await expect(page.getByRole('cell', { name: 'local', exact: true })).toBeVisible();

  // A doc with a nested request body, written in the editor's param table.
  await chooseTab(page, page.getByRole('tab', { name: zh.module.tabs.docs }), true);
  await tabTo(page, page.getByRole('button', { name: zh.doc.newDoc }).first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/doc\/new\/\w+/);
  await tabTo(page, page.getByLabel(zh.doc.name, { exact: true }));
  await page.keyboard.type(docName);
  // The method: an antd select, opened with ArrowDown, walked with the arrows, chosen with Enter.
  const method = page.getByRole('combobox', { name: zh.doc.method });
  await tabTo(page, method, 10);
  await page.keyboard.press('ArrowDown');
  const methodList = page.getByRole('listbox');
  for (let i = 0; i < 10; i++) {
    const active = await method.getAttribute('aria-activedescendant');
    if (active && (await methodList.locator(`[id="${active}"]`).textContent())?.trim() === 'POST') break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect(page.locator('.ant-select').filter({ has: method })).toContainText('POST');
  await tabTo(page, page.locator('#doc-url'), 10);
  await page.keyboard.type('/orders');
  const requestTab = page.getByRole('tab', { name: new RegExp(zh.doc.tables.requestParams) });
  await chooseTab(page, requestTab);
  const body = page.getByRole('region', { name: zh.doc.tables.requestParams, exact: true });
  await tabTo(page, body.locator('xpath=..').getByRole('button', { name: zh.doc.addRow }));
  await page.keyboard.press('Enter');
  await expect(body.getByLabel(`${zh.doc.col.name} 1`)).toBeFocused();
  await page.keyboard.type('buyer');
  await page.keyboard.press('Tab');
  await expect(body.getByLabel(`${zh.doc.col.type} 1`, { exact: true })).toBeFocused();
  // A native select: the arrow keys choose (string, then number, boolean, object… in PARAM_TYPES order).
  await page.keyboard.type('object');
  await expect(body.getByLabel(`${zh.doc.col.type} 1`, { exact: true })).toHaveValue('object');
  await tabTo(page, body.getByRole('button', { name: `${zh.doc.addChild} buyer` }), 10);
  await page.keyboard.press('Enter');
  await tabTo(page, body.getByLabel(`${zh.doc.col.name} 2`), 10);
  await page.keyboard.type('city');
  await tabTo(page, body.getByLabel(`${zh.doc.col.example} 2`), 10);
  await page.keyboard.type('Oslo');
  await tabTo(page, page.getByRole('button', { name: zh.doc.save }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/doc\/edit\/\w+\/\w+$/);
  const docId = lastId(page);

  // Search in the reader (Ctrl+K), open the doc, and follow it.
  await page.goto('/view');
  await expect(page.getByRole('tree')).toBeVisible();
  await page.keyboard.press('Control+k');
  const search = page.getByRole('combobox', { name: zh.reader.searchTitle });
  await expect(search).toBeFocused();
  await page.keyboard.type(docName);
  await expect(page.getByRole('option', { name: new RegExp(docName) })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/view/${docId}$`));
  await expect(page.getByRole('heading', { name: docName, level: 1 })).toBeVisible();
  // The nested body reads as a tree grid with its levels.
  await expect(page.getByRole('row', { name: /city/ }).first()).toHaveAttribute('aria-level', '2');
  const follow = page.getByRole('button', { name: zh.reader.follow });
  await tabTo(page, follow);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: zh.reader.following })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // A debug request to the loopback API, and its response read back.
  await tabTo(page, page.getByTestId('debug-open'));
  await page.keyboard.press('Enter');
  const panel = page.getByTestId('debug-panel');
  await expect(panel).toBeVisible();
  await tabTo(page, panel.getByTestId('debug-send'));
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('debug-status')).toHaveText('201');
  await expect(panel.getByText(`"orderNo": "ord-${suffix}",`)).toBeVisible();
  expect(received.at(-1)?.url).toBe('/api/orders');
  expect(JSON.parse(received.at(-1)?.body ?? '{}')).toEqual({ buyer: { city: 'Oslo' } });
  // The response is announced without moving the focus; Escape closes the drawer and gives it back.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(page.getByTestId('debug-open')).toBeFocused();

  // A password share of the application, created in its share tab.
  await page.goto(projectUrl);
  await chooseTab(page, page.getByRole('tab', { name: zh.sharing.tab }));
  await tabTo(page, page.getByRole('button', { name: zh.sharing.create }));
  await page.keyboard.press('Enter');
  const shareDialog = page.getByRole('dialog');
  await tabTo(page, shareDialog.getByRole('radio', { name: zh.sharing.typePublic, exact: true }), 10);
  await page.keyboard.press('ArrowRight'); // the radio group moves to "encrypted"
  await expect(shareDialog.getByRole('radio', { name: zh.sharing.typeEncrypted, exact: true })).toBeChecked();
  // Tab enters the next radio group at its checked radio ("chosen docs"); the arrows choose "all docs".
  await tabTo(page, shareDialog.getByRole('radio', { name: zh.sharing.scopeChosen, exact: true }), 5);
  await page.keyboard.press('ArrowLeft');
  await expect(shareDialog.getByRole('radio', { name: zh.sharing.scopeAll, exact: true })).toBeChecked();
  await tabTo(page, shareDialog.getByRole('button', { name: zh.common.save }), 40);
  await page.keyboard.press('Enter');
  await expect(shareDialog).toBeHidden();
  const shareLink = page.getByRole('link', { name: /^\/share\// });
  await tabTo(page, shareLink);
  const href = (await shareLink.getAttribute('href')) ?? '';
  const password = (await page.getByLabel(zh.sharing.password).first().textContent())?.trim() ?? '';
  expect(password).not.toBe('');

  // The visitor: a browser with nobody signed in, the link typed in, the password typed.
  const visitor = await browser.newPage();
  await visitor.goto(href);
  await tabTo(visitor, visitor.getByLabel(zh.sharing.passwordLabel));
  await visitor.keyboard.type(password);
  await visitor.keyboard.press('Enter');
  const tree = visitor.getByRole('tree');
  await expect(tree).toBeVisible();
  await tabTo(visitor, tree);
  // Down the tree to the doc, opened with Enter.
  for (let i = 0; i < 10; i++) {
    if ((await visitor.evaluate(() => document.activeElement?.textContent ?? '')).includes(docName)) break;
    await visitor.keyboard.press('ArrowDown');
    await expectFocusVisible(visitor);
  }
  await visitor.keyboard.press('Enter');
  await expect(visitor).toHaveURL(new RegExp(`/share/\\w+/${docId}$`));
  await expect(visitor.getByRole('heading', { name: docName, level: 1 })).toBeVisible();
  expect(await hasFocus(tree)).toBe(true);
  await visitor.close();
});
