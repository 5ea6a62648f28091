import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test } from '@playwright/test';
import { loginThroughForm, registerByApi, zh } from './support.ts';

/*
 * Import as a new user would try it: paste a real OpenAPI description into the import dialog of the application
 * list, watch the job to its end, then upload a Postman collection and upload it again into its application
 * (unchanged, no second application); a broken description fails with its reason and leaves no application
 * behind.
 */
const require = createRequire(import.meta.url);
const petstore = readFileSync(require.resolve('@readme/oas-examples/3.0/yaml/petstore.yaml'), 'utf8');
const suffix = Date.now().toString(36);
const USER = `importer-${suffix}`;
const PASSWORD = 'import-pass-123';
const z = zh.imports;

test('a user imports an OpenAPI description and a Postman collection, and sees a broken one refused', async ({
  page,
}) => {
  await registerByApi(page, USER, PASSWORD);
  await loginThroughForm(page, USER, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  const token = await page.evaluate(() => window.localStorage.getItem('torna.token'));
  const call = async (path: string, data: unknown) => {
    const response = await page.request.post(path, { data, headers: { authorization: `Bearer ${token}` } });
    return ((await response.json()) as { data: { id: string } }).data;
  };
  const space = await call('/api/space/add', { name: `Imports ${suffix}` });
  const project = await call('/api/project/add', { name: 'Petstore', spaceId: space.id });
  await page.goto(`/project/doc/${project.id}`);

  // Paste the Petstore 3.0 (YAML) and follow the job.
  await page.getByRole('button', { name: z.open }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel(z.url)).toBeVisible();
  await page.waitForTimeout(500); // the opening animation, for the screenshot only
  await page.screenshot({ path: 'e2e/.results/import-dialog.png' });
  await dialog.getByText(z.sourceText).click();
  await dialog.getByLabel(z.content).fill(petstore);
  await dialog.getByRole('button', { name: z.start }).click();
  await expect(dialog.getByText(z.done)).toBeVisible({ timeout: 30_000 });
  await expect(dialog.locator('.ant-statistic').filter({ hasText: z.added })).toContainText('20');
  await page.screenshot({ path: 'e2e/.results/import-result.png' });
  await dialog.getByRole('button', { name: z.viewDocs }).click();
  await expect(page.getByRole('tab', { name: 'Swagger Petstore' })).toBeVisible();
  await expect(page.getByRole('tree').getByText('pet', { exact: true })).toBeVisible();
  await expect(page.getByText('20 个文档')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: z.refreshNow })).toBeVisible();
  // The swagger source of a pasted description: no URL, no password, re-import from the saved text.
  await page.getByRole('button', { name: z.settingsTitle }).click();
  const settings = page.getByRole('dialog');
  await expect(settings.getByText(z.savedPasted)).toBeVisible();
  await page.waitForTimeout(300); // the opening animation, for the screenshot only
  await page.screenshot({ path: 'e2e/.results/import-source-settings.png' });
  await settings.locator('.ant-modal-footer').getByRole('button', { name: zh.common.cancel }).click();
  await expect(settings).toBeHidden();
  await page.screenshot({ path: 'e2e/.results/import-application.png', fullPage: true });

  // A Postman collection, uploaded.
  await page.getByRole('button', { name: z.open }).first().click();
  await dialog.getByText(z.kindPostman).click();
  const collection = JSON.stringify({
    info: {
      name: `Shop ${suffix}`,
      schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    },
    item: [
      {
        name: 'Orders',
        item: [{ name: 'List orders', request: { method: 'GET', url: '{{baseUrl}}/orders?page=1' } }],
      },
    ],
  });
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'shop.json', mimeType: 'application/json', buffer: Buffer.from(collection) });
  await dialog.getByRole('button', { name: z.start }).click();
  await expect(dialog.getByText(z.done)).toBeVisible({ timeout: 30_000 });
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: z.close }).click();
  await expect(page.getByRole('tab', { name: `Shop ${suffix}` })).toBeVisible();

  // The same collection again, into its application: nothing changes and no second application appears.
  const moduleCount = async () => {
    const response = await page.request.get(`/api/module/list?projectId=${project.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await response.json()) as { data: unknown[] }).data.length;
  };
  const before = await moduleCount();
  await page.getByRole('tab', { name: `Shop ${suffix}` }).click();
  await page.getByRole('button', { name: z.reimportFile }).click();
  await expect(dialog.getByText(z.intoTitle.replace('{0}', `Shop ${suffix}`))).toBeVisible();
  await expect(dialog.getByText(z.intoHint)).toBeVisible();
  await page.waitForTimeout(500); // the opening animation, for the screenshot only
  await page.screenshot({ path: 'e2e/.results/import-into-dialog.png' });
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'shop.json', mimeType: 'application/json', buffer: Buffer.from(collection) });
  await dialog.getByRole('button', { name: z.start }).click();
  await expect(dialog.getByText(z.done)).toBeVisible({ timeout: 30_000 });
  await expect(dialog.locator('.ant-statistic').filter({ hasText: z.unchanged })).toContainText('1');
  await expect(dialog.locator('.ant-statistic').filter({ hasText: z.added })).toContainText('0');
  await page.screenshot({ path: 'e2e/.results/import-into-result.png' });
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: z.close }).click();
  await expect(dialog).toBeHidden();
  expect(await moduleCount()).toBe(before);
  await expect(page.getByRole('tab', { name: `Shop ${suffix}` })).toHaveCount(1);

  // Broken JSON: the reason is shown and no application is left.
  await page.getByRole('button', { name: z.open }).first().click();
  // The dialog opens on Swagger; choosing it again is harmless and keeps the step explicit.
  await dialog.getByText(z.kindSwagger).click();
  await dialog.getByText(z.sourceText).click();
  await dialog.getByLabel(z.content).fill('{"openapi": "3.0.0", "paths": {');
  await dialog.getByRole('button', { name: z.start }).click();
  await expect(dialog.getByText(z.failed)).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByRole('alert')).toContainText('JSON');
  await page.screenshot({ path: 'e2e/.results/import-failed.png' });
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: z.close }).click();
  await expect(page.getByRole('tab', { name: 'OpenAPI' })).toHaveCount(0);

  // An application made by hand: YApi Markdown imported into it, which then shows its import status.
  const handmade = await call('/api/module/add', { name: `Handmade ${suffix}`, projectId: project.id });
  await page.goto(`/project/doc/${project.id}?moduleId=${handmade.id}&tab=docs`);
  await page.getByRole('button', { name: z.importInto }).click();
  await expect(dialog.getByText(z.intoTitle.replace('{0}', `Handmade ${suffix}`))).toBeVisible();
  await dialog.getByText(z.kindMarkdown).click();
  const md = '# Shop\n\n## Users\n\n### Login\n\n**Path：** /login\n\n**Method：** POST\n';
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'yapi.md', mimeType: 'text/markdown', buffer: Buffer.from(md) });
  await dialog.getByRole('button', { name: z.start }).click();
  await expect(dialog.getByText(z.done)).toBeVisible({ timeout: 30_000 });
  await expect(dialog.locator('.ant-statistic').filter({ hasText: z.added })).toContainText('1');
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: z.close }).click();
  await expect(page.getByRole('button', { name: z.reimportFile })).toBeVisible();
  await expect(page.getByRole('tab', { name: `Handmade ${suffix}` })).toHaveCount(1);
  await page.screenshot({ path: 'e2e/.results/import-into-handmade.png' });
});
