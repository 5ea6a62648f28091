import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { printedAdminPassword, zh } from './support.ts';

/*
 * Documents as a new user tries them: a doc with a three-level nested response built by hand and one from a
 * JSON sample survive save and reload unchanged; two people editing one doc get the conflict dialog instead
 * of overwriting each other; revisions compare and restore; XSS payloads in a Markdown doc stay inert.
 */

const ADMIN_PASSWORD = 'admin-new-pass-1';
const suffix = Date.now().toString(36);

type Envelope<T> = { code: string; msg: string; data: T };
type Row = { name: string; type: string; children: Row[] };

let token = '';
let moduleId = '';

async function call<T>(api: APIRequestContext, path: string, data?: unknown): Promise<T> {
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  const response =
    data === undefined ? await api.get(path, { headers }) : await api.post(path, { data, headers });
  const body = (await response.json()) as Envelope<T>;
  if (body.code !== '0') throw new Error(`${path}: ${body.msg}`);
  return body.data;
}

async function adminToken(api: APIRequestContext): Promise<string> {
  const login = async (password: string) =>
    (await (
      await api.post('/api/system/login', { data: { username: 'admin', password } })
    ).json()) as Envelope<{
      token: string;
    } | null>;
  const current = await login(ADMIN_PASSWORD);
  if (current.code === '0' && current.data) return current.data.token;
  const first = await login(printedAdminPassword());
  if (!first.data) throw new Error(`admin login failed: ${first.msg}`);
  await api.post('/api/system/password/updateByFirstLogin', {
    data: { password: ADMIN_PASSWORD },
    headers: { authorization: `Bearer ${first.data.token}` },
  });
  const again = await login(ADMIN_PASSWORD);
  if (!again.data) throw new Error(`admin login failed: ${again.msg}`);
  return again.data.token;
}

async function signedIn(context: BrowserContext): Promise<Page> {
  await context.addInitScript((value) => window.localStorage.setItem('torna.token', value), token);
  return context.newPage();
}

function shape(rows: Row[]): unknown {
  return rows.map((row) => [row.name, row.type, shape(row.children)]);
}

async function detail(api: APIRequestContext, id: string) {
  return call<{ name: string; revision: number; responseParams: Row[]; isResponseArray: boolean }>(
    api,
    `/api/doc/detail?id=${id}`,
  );
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  token = await adminToken(request);
  const space = await call<{ id: string }>(request, '/api/space/add', { name: `Docs ${suffix}` });
  const project = await call<{ id: string }>(request, '/api/project/add', {
    name: 'Shop',
    spaceId: space.id,
  });
  moduleId = (
    await call<{ id: string }>(request, '/api/module/add', { name: 'orders', projectId: project.id })
  ).id;
});

test('a three-level response built by hand is saved and reloads identical', async ({ page, request }) => {
  page = await signedIn(page.context());
  await page.goto(`/doc/new/${moduleId}`);
  await page.getByLabel(zh.doc.name, { exact: true }).fill('Create order');
  await page.locator('#doc-url').fill('/orders');
  await page.getByRole('tab', { name: new RegExp(zh.doc.tables.responseParams) }).click();
  const grid = page.getByRole('region', { name: zh.doc.tables.responseParams });

  await page.getByRole('button', { name: zh.doc.addRow }).click();
  await grid.getByLabel(`${zh.doc.col.name} 1`).fill('data');
  await page.getByLabel(`${zh.doc.col.type} 1`, { exact: true }).selectOption('object');
  await grid.getByRole('button', { name: new RegExp(`${zh.doc.addChild} data$`) }).click();
  await grid.getByLabel(`${zh.doc.col.name} 2`).fill('user');
  await page.getByLabel(`${zh.doc.col.type} 2`, { exact: true }).selectOption('object');
  await grid.getByRole('button', { name: new RegExp(`${zh.doc.addChild} user$`) }).click();
  await grid.getByLabel(`${zh.doc.col.name} 3`).fill('age');
  await page.getByLabel(`${zh.doc.col.type} 3`, { exact: true }).selectOption('number');
  await grid.getByLabel(`${zh.doc.col.example} 3`).fill('42');

  await page.getByRole('button', { name: zh.doc.save }).click();
  await expect(page).toHaveURL(/\/doc\/edit\/\w+\/\w+$/);
  const docId = page.url().split('/').at(-1) ?? '';
  await page.reload();
  await page.getByRole('tab', { name: new RegExp(zh.doc.tables.responseParams) }).click();
  await expect(grid.getByLabel(`${zh.doc.col.name} 3`)).toHaveValue('age');
  await expect(grid.getByLabel(`${zh.doc.col.example} 3`)).toHaveValue('42');
  const saved = await detail(request, docId);
  expect(shape(saved.responseParams)).toEqual([
    ['data', 'object', [['user', 'object', [['age', 'number', []]]]]],
  ]);
});

test('a response imported from a JSON sample is saved and reloads identical', async ({ page, request }) => {
  page = await signedIn(page.context());
  await page.goto(`/doc/new/${moduleId}`);
  await page.getByLabel(zh.doc.name, { exact: true }).fill('List orders');
  await page.locator('#doc-url').fill('/orders/list');
  await page.getByRole('tab', { name: new RegExp(zh.doc.tables.responseParams) }).click();
  await page.getByRole('button', { name: new RegExp(zh.paramImport.button) }).click();
  await page
    .getByRole('dialog')
    .getByLabel(zh.paramImport.text)
    .fill(JSON.stringify([{ id: 7, buyer: { address: { city: 'Oslo' } }, tags: ['new'] }]));
  await page.getByRole('dialog').getByRole('button', { name: zh.paramImport.ok }).click();
  await expect(
    page.getByRole('region', { name: zh.doc.tables.responseParams }).getByLabel(`${zh.doc.col.name} 4`),
  ).toHaveValue('city');
  await page.getByRole('button', { name: zh.doc.save }).click();
  await expect(page).toHaveURL(/\/doc\/edit\/\w+\/\w+$/);
  const docId = page.url().split('/').at(-1) ?? '';
  const expected = [
    ['id', 'number', []],
    ['buyer', 'object', [['address', 'object', [['city', 'string', []]]]]],
    ['tags', 'str_array', []],
  ];
  const first = await detail(request, docId);
  expect(first.isResponseArray).toBe(true);
  expect(shape(first.responseParams)).toEqual(expected);
  await page.reload();
  await page.getByRole('tab', { name: new RegExp(zh.doc.tables.responseParams) }).click();
  await expect(
    page.getByRole('region', { name: zh.doc.tables.responseParams }).getByLabel(`${zh.doc.col.name} 4`),
  ).toHaveValue('city');
  // Saving again without changes keeps the same tree.
  await page.getByRole('button', { name: zh.doc.save }).click();
  await expect(page.getByText(zh.doc.saved)).toBeVisible();
  expect(shape((await detail(request, docId)).responseParams)).toEqual(expected);
});

test('two people edit one doc: the second save gets the conflict dialog; history diffs and restores', async ({
  browser,
  request,
}) => {
  const doc = await call<{ id: string; revision: number }>(request, '/api/doc/save', {
    moduleId,
    name: 'Cancel order',
    url: '/orders/cancel',
    httpMethod: 'POST',
  });
  const alice = await signedIn(await browser.newContext());
  const bob = await signedIn(await browser.newContext());
  for (const page of [alice, bob]) {
    await page.goto(`/doc/edit/${moduleId}/${doc.id}`);
    await expect(page.getByLabel(zh.doc.name, { exact: true })).toHaveValue('Cancel order');
  }
  await alice.getByLabel(zh.doc.name, { exact: true }).fill('Cancel order (alice)');
  await alice.getByRole('button', { name: zh.doc.save }).click();
  await expect(alice.getByText(zh.doc.saved)).toBeVisible();

  await bob.getByLabel(zh.doc.name, { exact: true }).fill('Cancel order (bob)');
  await bob.getByRole('button', { name: zh.doc.save }).click();
  const dialog = bob.getByRole('dialog');
  await expect(dialog.getByText(zh.doc.staleTitle)).toBeVisible();
  await dialog.getByRole('button', { name: zh.doc.reviewChanges }).click();
  await expect(dialog.getByText('Cancel order (alice)')).toBeVisible();
  expect((await detail(request, doc.id)).name).toBe('Cancel order (alice)');
  await dialog.getByRole('button', { name: zh.doc.reload }).click();
  await expect(bob.getByLabel(zh.doc.name, { exact: true })).toHaveValue('Cancel order (alice)');

  // History: compare revisions 1 and 2, then restore revision 1.
  await bob.getByRole('button', { name: new RegExp(zh.doc.history) }).click();
  const drawer = bob.locator('.ant-drawer');
  await drawer
    .getByRole('button', { name: `${zh.doc.compare} ${zh.doc.revision.replace('{0}', '1')}` })
    .click();
  await drawer
    .getByRole('button', { name: `${zh.doc.compare} ${zh.doc.revision.replace('{0}', '2')}` })
    .click();
  await drawer.getByRole('button', { name: zh.doc.compare, exact: true }).click();
  const diff = bob
    .getByRole('dialog')
    .filter({ hasText: zh.doc.compareTitle.replace('{0}', '1').replace('{1}', '2') });
  await expect(diff.getByText('Cancel order (alice)')).toBeVisible();
  await diff.locator('.ant-modal-close').click();
  await drawer
    .getByRole('button', { name: `${zh.doc.restore} ${zh.doc.revision.replace('{0}', '1')}` })
    .click();
  await bob
    .getByRole('dialog')
    .filter({ hasText: zh.doc.restoreText })
    .getByRole('button', { name: zh.doc.restore })
    .click();
  await expect(bob.getByLabel(zh.doc.name, { exact: true })).toHaveValue('Cancel order');
  const restored = await detail(request, doc.id);
  expect(restored).toMatchObject({ name: 'Cancel order', revision: 3 });
  await alice.context().close();
  await bob.context().close();
});

test('XSS payloads in a Markdown doc are rendered inert', async ({ page, request }) => {
  const payloads = [
    '<script>window.__xss = 1</script>',
    '<img src=x onerror="window.__xss = 2">',
    '[click](javascript:window.__xss=3)',
    '<svg onload="window.__xss = 4"></svg>',
    '<a href="javascript:window.__xss=5">a</a>',
    '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '<iframe src="javascript:window.__xss=6"></iframe>',
  ];
  const doc = await call<{ id: string }>(request, '/api/doc/save', {
    moduleId,
    name: 'Markdown XSS',
    type: 3,
    description: `# Payloads\n\n${payloads.join('\n\n')}\n\n[safe](https://example.com)`,
  });
  page = await signedIn(page.context());
  await page.goto(`/doc/edit_custom/${moduleId}/${doc.id}`);
  const preview = page.getByRole('region', { name: zh.doc.markdownPreview });
  await expect(preview.getByRole('heading', { name: 'Payloads' })).toBeVisible();
  await expect(preview.getByRole('link', { name: 'safe' })).toHaveAttribute('href', 'https://example.com');
  expect(await preview.locator('script, iframe, svg, img[onerror], [onload]').count()).toBe(0);
  const hrefs = await preview
    .locator('a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.every((href) => /^(https?:|mailto:|\/|#|$)/.test(href))).toBe(true);
  for (const link of await preview.locator('a').all()) {
    if ((await link.getAttribute('href')) === 'https://example.com') continue;
    await link.click({ trial: true }).catch(() => undefined);
  }
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
});
