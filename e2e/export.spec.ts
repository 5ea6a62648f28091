import { expect, test } from '@playwright/test';
import { loginThroughForm, registerByApi, zh } from './support.ts';

/*
 * Export as a user would: an application with a folder, a doc and two environments; the Export dialog of the
 * application list downloads Markdown with the ticked environment's URL, and refuses Word with no
 * environment ticked; HTML of chosen docs opens from disk with the network blocked and finds a deep doc.
 */
const suffix = Date.now().toString(36);
const USER = `exporter-${suffix}`;
const PASSWORD = 'export-pass-123';
const z = zh.exportUi;

test('a user exports an application as Markdown from the Export dialog', async ({ page }) => {
  await registerByApi(page, USER, PASSWORD);
  await loginThroughForm(page, USER, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  const token = await page.evaluate(() => window.localStorage.getItem('torna.token'));
  const call = async (path: string, data: unknown) => {
    const response = await page.request.post(path, { data, headers: { authorization: `Bearer ${token}` } });
    return ((await response.json()) as { data: { id: string } }).data;
  };
  const space = await call('/api/space/add', { name: `Exports ${suffix}` });
  const project = await call('/api/project/add', { name: 'Shop', spaceId: space.id });
  const module = await call('/api/module/add', { name: '订单', projectId: project.id });
  await call('/api/module/environment/add', {
    moduleId: module.id,
    name: 'dev',
    baseUrl: 'http://127.0.0.1:7905',
  });
  await call('/api/module/environment/add', {
    moduleId: module.id,
    name: 'prod',
    baseUrl: 'https://api.example.test',
  });
  const folder = await call('/api/doc/folder/add', { moduleId: module.id, name: 'Orders' });
  const doc = await call('/api/doc/save', {
    moduleId: module.id,
    parentId: folder.id,
    name: 'Get order',
    url: '/orders/{id}',
    httpMethod: 'GET',
    pathParams: [{ name: 'id', type: 'number', example: '42', description: 'order id' }],
    responseParams: [{ name: 'order_no', type: 'string' }],
  });
  await page.goto(`/project/doc/${project.id}?moduleId=${module.id}`);

  await page.getByRole('button', { name: z.button }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('dev (http://127.0.0.1:7905)')).toBeVisible();
  await page.waitForTimeout(500); // the opening animation, for the screenshot only
  await page.screenshot({ path: 'e2e/.results/export-dialog.png' });

  // Word with no environment ticked: the server's reason, in the dialog.
  await dialog.getByLabel(z.format).click();
  await page.getByTitle(z.word).click();
  await dialog.getByRole('button', { name: z.submit }).click();
  await expect(dialog.getByText(zh.errors['export.environments_required'])).toBeVisible();

  await dialog.getByLabel(z.format).click();
  await page.getByTitle(z.markdown).click();
  await dialog.getByLabel('dev (http://127.0.0.1:7905)').check();
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: z.submit }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('订单.md');
  const path = await download.path();
  const { readFileSync } = await import('node:fs');
  const text = readFileSync(path, 'utf8');
  expect(text).toContain('### Get order');
  expect(text).toContain('- dev: `GET` http://127.0.0.1:7905/orders/{id}');
  expect(text).not.toContain('api.example.test');
  await expect(dialog).toBeHidden();

  // Generate code on the doc page with a built-in template.
  await page.goto(`/view/${doc.id}`);
  await page.getByRole('button', { name: zh.genUi.button }).click();
  const gen = page.getByRole('dialog');
  await gen.getByRole('combobox', { name: zh.genUi.template }).click();
  await page.getByTitle('TypeScript interfaces').click();
  await expect(
    gen.getByText('orderNo', { exact: false }).or(gen.getByText('order_no', { exact: false })),
  ).toBeVisible();
  await page.waitForTimeout(300); // for the screenshot only
  await page.screenshot({ path: 'e2e/.results/generate-code.png' });
});

test('HTML of chosen docs works from disk with the network blocked: the tree, the filter, a deep doc', async ({
  page,
  context,
}) => {
  const user = `${USER}-html`;
  await registerByApi(page, user, PASSWORD);
  await loginThroughForm(page, user, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  const token = await page.evaluate(() => window.localStorage.getItem('torna.token'));
  const call = async (path: string, data: unknown) => {
    const response = await page.request.post(path, { data, headers: { authorization: `Bearer ${token}` } });
    return ((await response.json()) as { data: { id: string } }).data;
  };
  const space = await call('/api/space/add', { name: `HTML exports ${suffix}` });
  const project = await call('/api/project/add', { name: 'Shop', spaceId: space.id });
  const module = await call('/api/module/add', { name: 'Warehouse', projectId: project.id });
  await call('/api/module/environment/add', {
    moduleId: module.id,
    name: 'dev',
    baseUrl: 'http://127.0.0.1:7905',
  });
  // Three folders deep, beside a doc that stays out of the export.
  let parentId = '';
  for (const name of ['Stock', 'Moves', 'Audits'])
    parentId = (await call('/api/doc/folder/add', { moduleId: module.id, name, parentId })).id;
  await call('/api/doc/save', {
    moduleId: module.id,
    parentId,
    name: 'List audit trail',
    url: '/stock/moves/audits',
    httpMethod: 'GET',
    description:
      '<p>See <a href="https://example.com/guide">the guide</a><img src="https://example.com/pixel.png" alt="pixel"></p>',
    responseParams: [{ name: 'auditor', type: 'string', example: 'ann' }],
  });
  for (const name of ['Count stock', 'Reserve stock'])
    await call('/api/doc/save', {
      moduleId: module.id,
      parentId,
      name,
      url: `/x/${name.length}`,
      httpMethod: 'POST',
    });
  await call('/api/doc/save', {
    moduleId: module.id,
    name: 'Secret admin',
    url: '/admin',
    httpMethod: 'GET',
  });

  await page.goto(`/project/doc/${project.id}?moduleId=${module.id}`);
  await page.getByRole('button', { name: z.button }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(z.format).click();
  await page.getByTitle(z.html).click();
  await dialog.getByLabel(z.scopeChosen).check();
  await dialog
    .getByText('Stock', { exact: true })
    .locator('xpath=ancestor::*[contains(@class,"ant-tree-treenode")][1]')
    .locator('.ant-tree-checkbox')
    .click();
  await dialog.getByLabel('dev (http://127.0.0.1:7905)').check();
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: z.submit }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Warehouse.html');
  // Saved under its own name: Chromium reads a file from disk as HTML by its extension.
  const file = test.info().outputPath('Warehouse.html');
  await download.saveAs(file);

  // Only the file itself may load: anything else is aborted, and counted.
  const offline = await context.newPage();
  const leaks: string[] = [];
  await offline.route('**', (route) => {
    if (route.request().url().startsWith('file://')) return route.continue();
    leaks.push(route.request().url());
    return route.abort();
  });
  await offline.goto(`file://${file}`);
  const tree = offline.getByRole('navigation', { name: zh.htmlExport.docTree });
  await expect(tree.getByText('Secret admin')).toHaveCount(0);
  await offline.getByLabel(zh.htmlExport.filter).fill('audit');
  await expect(tree.getByRole('link')).toHaveCount(1);
  await tree.getByRole('link', { name: /List audit trail/ }).click();
  const doc = offline.getByRole('article', { name: 'List audit trail' });
  await expect(doc).toBeVisible();
  await expect(doc.getByTestId('doc-url')).toHaveText('http://127.0.0.1:7905/stock/moves/audits');
  await expect(doc.getByText('auditor', { exact: true })).toBeVisible();
  await offline.screenshot({ path: 'e2e/.results/export-html-offline.png' });
  expect(leaks).toEqual([]);
});
