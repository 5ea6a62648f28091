import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminToken, apiCall, pageWithToken } from './doc-support.ts';
import { zh } from './support.ts';

/*
 * Two tabs of the app, as a person works: the reader open in one, the application's environment settings in
 * another. An environment added in the settings tab shows in the reader's environment list without a reload
 * (the tabs tell each other which data changed: apps/web/src/lib/tab-sync-query-client.ts).
 */

const suffix = Date.now().toString(36);
let token = '';
let projectId = '';
let docId = '';

const call = <T>(api: APIRequestContext, path: string, data?: unknown): Promise<T> =>
  apiCall<T>(api, token, path, data);

test.beforeAll(async ({ request }) => {
  token = await adminToken(request);
  const space = await call<{ id: string }>(request, '/api/space/add', { name: `Tabs ${suffix}` });
  const project = await call<{ id: string }>(request, '/api/project/add', {
    name: `Tabs ${suffix}`,
    spaceId: space.id,
  });
  projectId = project.id;
  const module = await call<{ id: string }>(request, '/api/module/add', { name: 'Orders API', projectId });
  await call(request, '/api/module/environment/add', {
    moduleId: module.id,
    name: 'dev',
    baseUrl: 'http://127.0.0.1:9999/api',
    isPublic: true,
  });
  const doc = await call<{ id: string }>(request, '/api/doc/save', {
    moduleId: module.id,
    name: 'List orders',
    url: '/orders',
    httpMethod: 'GET',
  });
  docId = doc.id;
});

test("the reader's environment list follows an environment added in another tab", async ({ context }) => {
  const reader = await pageWithToken(context, token);
  await reader.goto(`/view/${docId}`);
  await expect(reader.getByRole('heading', { name: 'List orders', level: 1 })).toBeVisible();
  // The light page has handed over to the app (whose query cache the other tab talks to).
  await expect(reader.locator('[data-reader-light]')).toHaveCount(0);
  const environment = reader.getByRole('article').getByRole('combobox', { name: zh.docPage.environment });
  await expect(environment.locator('option')).toHaveText(['dev']);

  const settings = await context.newPage();
  await settings.goto(`/project/doc/${projectId}`);
  await settings.getByRole('tab', { name: zh.module.tabs.environment }).click();
  await settings.getByRole('button', { name: zh.env.new }).click();
  const dialog = settings.getByRole('dialog');
  await dialog.getByLabel(zh.env.name).fill('staging');
  await dialog.getByLabel(zh.env.baseUrl).fill('http://127.0.0.1:9998/v2');
  await dialog.getByRole('button', { name: zh.common.create }).click();
  await expect(dialog).toBeHidden();

  // No reload of the reader's tab: the new environment is offered there, and choosing it changes the URL.
  await expect(environment.locator('option')).toHaveText(['dev', 'staging']);
  await environment.selectOption({ label: 'staging' });
  await expect(reader.getByTestId('doc-url')).toHaveText('http://127.0.0.1:9998/v2/orders');
});
