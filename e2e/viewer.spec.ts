import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { adminToken, apiCall } from './doc-support.ts';
import { zh } from './support.ts';

/*
 * The reader as a new user tries it: open /view, switch dimension, filter, open three docs as tabs, drag a
 * tab, close the others, reload (tabs and tree state kept), copy a URL, search with the keyboard, and shrink
 * the window below 1000 px and 992 px.
 */

const suffix = Date.now().toString(36);
const r = zh.reader;

let token = '';
const docs: Record<string, string> = {};
let projectName = '';
let projectId = '';

/** A call to the web API as the admin of this spec. */
const call = <T>(api: APIRequestContext, path: string, data?: unknown): Promise<T> =>
  apiCall<T>(api, token, path, data);

async function signedIn(context: BrowserContext): Promise<Page> {
  // Other specs of the suite leave projects of their own; the reader starts on this spec's project, as it
  // would for a user who last browsed it (Torna's `torna.projectid`).
  await context.addInitScript(
    ({ value, project }) => {
      // Only the first load of the test starts from a clean reader; reloads keep what the reader stored.
      if (!window.sessionStorage.getItem('viewer-spec')) {
        for (const key of Object.keys(window.localStorage)) {
          if (key.startsWith('torna.')) window.localStorage.removeItem(key);
        }
        window.localStorage.setItem('torna.projectid', project);
        window.sessionStorage.setItem('viewer-spec', '1');
      }
      window.localStorage.setItem('torna.token', value);
    },
    { value: token, project: projectId },
  );
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return page;
}

/**
 * Opens /view/{docId} and waits for the app: the light reader page shows the doc first (without the tree and
 * tabs) and the app replaces it moments later, which would take focus and state from a test acting on it.
 */
async function openDoc(page: Page, id: string | undefined): Promise<void> {
  await page.goto(`/view/${id}`);
  await expect(page.getByRole('article')).toBeVisible();
  await expect(page.locator('[data-reader-light]')).toHaveCount(0);
}

const tree = (page: Page) => page.getByRole('tree', { name: r.treeLabel });
const treeItem = (page: Page, name: string) => tree(page).getByRole('treeitem', { name });
const tabs = (page: Page) => page.getByRole('tablist', { name: r.tabs }).getByRole('tab');

test.describe.configure({ mode: 'serial' });

// An uncaught error in the reader fails the test even when the screen looks right.
const pageErrors: string[] = [];
test.afterEach(() => {
  expect(pageErrors.splice(0)).toEqual([]);
});

test.beforeAll(async ({ request }) => {
  token = await adminToken(request);
  const space = await call<{ id: string }>(request, '/api/space/add', { name: `Reader ${suffix}` });
  projectName = `Shop ${suffix}`;
  const project = await call<{ id: string }>(request, '/api/project/add', {
    name: projectName,
    spaceId: space.id,
  });
  projectId = project.id;
  const module = await call<{ id: string }>(request, '/api/module/add', {
    name: 'Orders API',
    projectId: project.id,
  });
  await call(request, '/api/module/environment/add', {
    moduleId: module.id,
    name: 'dev',
    baseUrl: 'http://127.0.0.1:9999/api',
    isPublic: true,
  });
  const folder = async (name: string) =>
    (await call<{ id: string }>(request, '/api/doc/folder/add', { name, moduleId: module.id })).id;
  const orders = await folder('Orders');
  const users = await folder('Users');
  const save = async (key: string, body: Record<string, unknown>) => {
    docs[key] = (await call<{ id: string }>(request, '/api/doc/save', { moduleId: module.id, ...body })).id;
  };
  await save('list', {
    parentId: orders,
    name: 'List orders',
    url: '/orders',
    httpMethod: 'GET',
    queryParams: [{ name: 'pageIndex', type: 'number', example: '1' }],
    responseParams: [
      { name: 'total', type: 'number' },
      {
        name: 'list',
        type: 'array',
        children: [{ name: 'orderNo', type: 'string', description: 'order number' }],
      },
    ],
  });
  await save('create', {
    parentId: orders,
    name: 'Create order',
    url: '/orders',
    httpMethod: 'POST',
    requestParams: [{ name: 'skuCode', type: 'string', example: 'A-1', description: 'the product' }],
  });
  await save('cancel', {
    parentId: orders,
    name: 'Cancel order',
    url: '/orders/{id}/cancel',
    httpMethod: 'PUT',
    deprecated: 'use refunds',
  });
  await save('user', { parentId: users, name: 'Get user', url: '/users/{id}', httpMethod: 'GET' });
  await save('guide', {
    name: 'Integration guide',
    type: 3,
    description: '# Guide\n\nSign every **request**.',
  });
});

test('browses, filters, opens tabs, drags, closes others and keeps it all over a reload', async ({
  context,
}) => {
  test.setTimeout(120_000); // a long walk-through; the shared test machine can be slow
  const page = await signedIn(context);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/view');

  // Project dimension is the default; the project's application is the tree's root.
  await expect(page.getByRole('radio', { name: r.dimensionProject })).toBeChecked();
  await expect(treeItem(page, 'Orders API')).toBeVisible();

  // Space dimension shows the project above its applications; back to project dimension.
  await page.getByText(r.dimensionSpace, { exact: true }).click();
  await expect(treeItem(page, projectName)).toBeVisible();
  await page.getByText(r.dimensionProject, { exact: true }).click();
  await expect(treeItem(page, 'Orders API')).toBeVisible();

  // Expand all, then filter by URL: only the matching doc and the folders on its way remain.
  await page.getByText(r.expand, { exact: true }).click();
  await expect(treeItem(page, 'Get user')).toBeVisible();
  const filter = page.getByLabel(r.filter);
  await filter.fill('/cancel');
  await expect(tree(page).getByRole('treeitem')).toHaveCount(3);
  await expect(treeItem(page, 'Cancel order')).toBeVisible();
  await filter.fill('no-such-doc');
  await expect(page.getByText(r.noMatch.replace('{0}', 'no-such-doc'))).toBeVisible();
  await filter.fill('');

  // Three docs become three tabs.
  for (const name of ['List orders', 'Create order', 'Get user']) {
    await treeItem(page, name).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  }
  await expect(tabs(page)).toHaveText(['List orders', 'Create order', 'Get user']);
  await expect(page).toHaveURL(new RegExp(`/view/${docs.user}$`));
  await page.screenshot({ path: 'e2e/.results/viewer-tabs.png' });

  // Drag the last tab onto the first.
  await tabs(page).nth(2).dragTo(tabs(page).nth(0));
  await expect(tabs(page)).toHaveText(['Get user', 'List orders', 'Create order']);

  // Right click the middle one: close the others. On a loaded machine the context menu can still be
  // animating in when the click lands and miss it; open it again until the others are gone.
  await expect(async () => {
    if ((await tabs(page).count()) > 1) {
      await tabs(page).nth(1).click({ button: 'right' });
      await page.getByRole('menuitem', { name: r.closeOthers }).click({ timeout: 3000 });
    }
    await expect(tabs(page)).toHaveText(['List orders'], { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`/view/${docs.list}$`));
  await expect(page.getByRole('heading', { name: 'List orders', level: 1 })).toBeVisible();

  // A reload keeps the tab, the dimension and the open folders.
  await page.reload();
  await expect(tabs(page)).toHaveText(['List orders']);
  await expect(treeItem(page, 'Get user')).toBeVisible();
  await expect(page.getByRole('radio', { name: r.dimensionProject })).toBeChecked();

  // Closing the last tab goes back to /view, where the tab bar disappears.
  await page.getByTitle(r.closeTab.replace('{0}', 'List orders')).click();
  await expect(page).toHaveURL(/\/view$/);
  await expect(page.getByRole('tablist', { name: r.tabs })).toHaveCount(0);

  // /view lists the project's docs as cards, or as a grid; the choice survives a reload.
  await expect(page.getByRole('link', { name: /List orders/ })).toBeVisible();
  await page.getByText(r.gridMode, { exact: true }).click();
  await expect(page.getByRole('row', { name: /List orders/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('row', { name: /Cancel order/ })).toBeVisible();
  await page.getByRole('row', { name: /Cancel order/ }).click();
  await expect(page).toHaveURL(new RegExp(`/view/${docs.cancel}$`));
});

test('moves through the tree with the keyboard', async ({ context }) => {
  const page = await signedIn(context);
  await page.goto('/view');
  await expect(treeItem(page, 'Orders API')).toBeVisible();
  await treeItem(page, 'Orders API').focus(); // the first row is the tree's tab stop
  await page.keyboard.press('ArrowRight'); // opens the application
  await expect(treeItem(page, 'Orders API')).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowRight'); // moves to its first child, the Orders folder
  await page.keyboard.press('ArrowRight'); // opens it
  await page.keyboard.press('ArrowDown'); // List orders
  await page.keyboard.press('ArrowDown'); // Create order
  await page.keyboard.press('ArrowUp'); // back to List orders
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/view/${docs.list}$`));
});

test('lists the landing docs as cards or as a grid, remembered over a reload', async ({ context }) => {
  const page = await signedIn(context);
  await page.goto('/view');
  // Cards are the default: each a link to its doc.
  await expect(page.getByRole('link', { name: /Create order/ })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);

  await page.getByText(r.gridMode, { exact: true }).click();
  const row = page.getByRole('row', { name: /Create order/ });
  await expect(row).toContainText('/orders');
  await expect(row).toContainText('Orders');
  await page.reload();
  await expect(page.getByRole('row', { name: /Create order/ })).toBeVisible();

  await page
    .getByRole('row', { name: /Create order/ })
    .getByRole('link', { name: 'Create order' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/view/${docs.create}$`));
});

test('shows a doc with its URL per environment, copies it, and finds docs with Ctrl+K', async ({
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await signedIn(context);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openDoc(page, docs.create);
  await expect(page.getByRole('heading', { name: 'Create order', level: 1 })).toBeVisible();
  await expect(page.getByTestId('doc-url')).toHaveText('http://127.0.0.1:9999/api/orders');
  await page.getByRole('button', { name: zh.docPage.copyUrl }).click();
  await expect(page.getByText(zh.common.copied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('http://127.0.0.1:9999/api/orders');
  await expect(page.getByText('"skuCode": "A-1"').first()).toBeVisible();
  await page.screenshot({ path: 'e2e/.results/viewer-doc.png', fullPage: true });

  // Params are a treegrid: a row opens and closes from the keyboard.
  await openDoc(page, docs.list);
  const response = page.getByRole('treegrid', { name: zh.doc.tables.responseParams });
  const row = (name: string) => response.locator('tr', { has: page.locator('code', { hasText: name }) });
  await expect(row('orderNo')).toBeVisible();
  await expect(row('orderNo')).toHaveAttribute('aria-level', '2');
  await response.focus(); // the first row, total, becomes the active one
  await page.keyboard.press('ArrowDown'); // list
  await page.keyboard.press('ArrowLeft'); // closes it
  await expect(row('list')).toHaveAttribute('aria-expanded', 'false');
  await expect(row('orderNo')).toHaveCount(0);
  await page.keyboard.press('Enter'); // opens it again
  await expect(row('orderNo')).toBeVisible();

  // A deprecated doc says so.
  await openDoc(page, docs.cancel);
  await expect(page.getByText(zh.docPage.deprecatedReason.replace('{0}', 'use refunds'))).toBeVisible();

  // Ctrl+K, type, arrow down to the second hit, Enter.
  await page.keyboard.press('Control+k');
  const search = page.getByRole('combobox', { name: r.searchTitle });
  await expect(search).toBeFocused();
  await search.fill('order');
  // Other specs of the suite leave docs named "order" too; this spec's three are among the hits.
  // The dialog's hits (the bar's theme select has options of its own).
  const options = page.getByRole('dialog').getByRole('option');
  await expect(options.filter({ hasText: projectName })).toHaveCount(3);
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: 'e2e/.results/viewer-search.png' });
  const second = await options.nth(1).getAttribute('id');
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  const id = second?.replace('view-search-', '');
  await expect(page).toHaveURL(new RegExp(`/view/${id}$`));
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('hides the sidebar below 1000 px and closes it below 992 px', async ({ context }) => {
  const page = await signedIn(context);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/view');
  await expect(page.getByTestId('view-sidebar')).toBeVisible();
  await page.setViewportSize({ width: 995, height: 800 });
  await expect(page.getByTestId('view-sidebar')).toHaveCount(0);
  await page.getByRole('button', { name: zh.layout.toggleMenu }).first().click();
  await expect(page.getByTestId('view-sidebar')).toBeVisible();
  await page.screenshot({ path: 'e2e/.results/viewer-narrow.png' });
  await page.setViewportSize({ width: 900, height: 800 });
  await expect(page.getByTestId('view-sidebar')).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByTestId('view-sidebar')).toBeVisible();
});

test('shows a doc from the light page first, then the app takes over; light and dark themes', async ({
  context,
}) => {
  const page = await signedIn(context);
  await page.setViewportSize({ width: 1280, height: 900 });
  // Hold the app's bundle back, so the light page can be looked at before the app replaces it.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/view/${docs.create}`);
  const light = page.locator('[data-reader-light]');
  await expect(light.getByRole('heading', { name: 'Create order', level: 1 })).toBeVisible();
  await expect(light.getByTestId('doc-url')).toHaveText('http://127.0.0.1:9999/api/orders');
  await expect(light.getByRole('treegrid', { name: zh.docPage.requestParams })).toBeVisible();
  // No app yet: neither the tree nor antd's styles.
  await expect(page.getByTestId('view-sidebar')).toHaveCount(0);
  await page.screenshot({ path: 'e2e/.results/viewer-light-page.png' });
  release();
  await expect(page.getByTestId('view-sidebar')).toBeVisible();
  await expect(light).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Create order', level: 1 })).toBeVisible();

  // The theme follows the system until chosen in the reader's bar; the choice is kept on reload.
  await page.emulateMedia({ colorScheme: 'dark' });
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await background()).toBe('rgb(15, 17, 21)');
  await page.screenshot({ path: 'e2e/.results/viewer-dark.png', fullPage: true });
  const theme = page.getByRole('combobox', { name: zh.theme.label });
  await theme.selectOption('light');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await background()).toBe('rgb(245, 247, 251)');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('combobox', { name: zh.theme.label })).toHaveValue('light');
  await page.getByRole('combobox', { name: zh.theme.label }).selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  expect(await background()).toBe('rgb(15, 17, 21)');
  await page.screenshot({ path: 'e2e/.results/viewer-dark-chosen.png', fullPage: true });
  await page.getByRole('combobox', { name: zh.theme.label }).selectOption('system');
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
});
