import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { adminToken, apiCall } from './doc-support.ts';
import { en, zh } from './support.ts';

/*
 * The debug panel on the public pages: an anonymous visitor of an encrypted share that offers debugging
 * unlocks it with the password, opens a doc, sends the prefilled request through the guarded proxy to an API
 * on loopback and sees its status; a share that does not offer debugging has no Debug button; a composed
 * project offering debugging does the same on its show page.
 */

const ECHO_PORT = 7846;
const seen: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
let echo: Server;
const ids: Record<string, string> = {};
let password = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  echo = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    res.writeHead(202, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ accepted: true }));
  });
  await new Promise<void>((resolve) => echo.listen(ECHO_PORT, '127.0.0.1', resolve));
  const token = await adminToken(request);
  const suffix = Date.now().toString(36);
  const call = <T>(path: string, data?: unknown) => apiCall<T>(request, token, path, data);
  const space = await call<{ id: string }>('/api/space/add', { name: `Share debug ${suffix}` });
  // The echo API is on loopback, which QUIRE_FETCH_ALLOW_HOSTS opens only to spaces with internal access.
  await call('/api/space/internal-access', { spaceId: space.id, internalAccess: true });
  const project = await call<{ id: string }>('/api/project/add', {
    name: `Pay ${suffix}`,
    spaceId: space.id,
  });
  const module = await call<{ id: string }>('/api/module/add', { name: 'Orders', projectId: project.id });
  await call('/api/module/environment/add', {
    moduleId: module.id,
    name: 'partner sandbox',
    baseUrl: `http://127.0.0.1:${ECHO_PORT}/api`,
    isPublic: true,
  });
  ids.doc = (
    await call<{ id: string }>('/api/doc/save', {
      moduleId: module.id,
      name: 'Create order',
      url: '/orders',
      httpMethod: 'POST',
      contentType: 'application/json',
      requestParams: [{ name: 'sku', type: 'string', example: 'A-1' }],
    })
  ).id;
  const locked = await call<{ id: string; password: string }>('/api/doc/share/add', {
    moduleId: module.id,
    type: 2,
    isAll: true,
    isShowDebug: true,
  });
  ids.locked = locked.id;
  password = locked.password;
  ids.plain = (
    await call<{ id: string }>('/api/doc/share/add', { moduleId: module.id, type: 1, isAll: true })
  ).id;
  const portal = await call<{ id: string }>('/api/space/add', { name: `Portal ${suffix}`, isCompose: true });
  await call('/api/space/internal-access', { spaceId: portal.id, internalAccess: true });
  ids.show = (
    await call<{ id: string }>('/api/compose/project/add', { spaceId: portal.id, name: 'Partner portal' })
  ).id;
  await call('/api/compose/doc/add', { projectId: ids.show, parentId: '', docList: [{ docId: ids.doc }] });
  await call('/api/compose/project/setting/save', { id: ids.show, gatewayUrl: '', showDebug: true });
});

test.afterAll(async () => {
  echo.closeAllConnections();
  await new Promise((resolve) => echo.close(resolve));
});

test('a visitor of an encrypted share unlocks it and sends a request through the proxy', async ({ page }) => {
  await page.goto(`/share/${ids.locked}/${ids.doc}`);
  await page.getByLabel(zh.sharing.passwordLabel).fill(password);
  await page.getByRole('button', { name: zh.sharing.open }).click();
  await expect(page.getByTestId('doc-url')).toHaveText(`http://127.0.0.1:${ECHO_PORT}/api/orders`);
  await page.getByTestId('debug-open').click();
  const panel = page.getByTestId('debug-panel');
  await expect(panel.getByRole('switch', { name: zh.debug.useProxy })).toBeChecked();
  // Nothing of a user's own: no history of remembered requests.
  await expect(panel.getByRole('button', { name: zh.debug.history })).toHaveCount(0);
  const before = seen.length;
  await panel.getByTestId('debug-send').click();
  await expect(panel.getByTestId('debug-status')).toHaveText('202');
  await expect(panel.getByText('"accepted": true')).toBeVisible();
  expect(seen.slice(before).map((s) => s.url)).toEqual(['/api/orders']);
  // The visitor's session stays with Quire: it never reaches the API being tried.
  expect(seen[before]?.headers['x-share-token']).toBeUndefined();
  expect(seen[before]?.headers.cookie).toBeUndefined();
  await page.screenshot({ path: 'e2e/.results/sharing/share-debug-zh.png' });
});

test('a share that does not offer debugging shows no Debug button', async ({ page }) => {
  await page.goto(`/share/${ids.plain}/${ids.doc}`);
  await expect(page.getByTestId('doc-url')).toBeVisible();
  await expect(page.getByTestId('debug-open')).toHaveCount(0);
});

test('a composed project offering debugging lets its visitors send, in English', async ({ page }) => {
  await page.goto(`/show/${ids.show}/${ids.doc}`);
  await page.getByLabel(zh.common.language, { exact: true }).selectOption('en');
  // The doc is asked again in English (its gateway is named in the visitor's language); the doc view stays.
  await expect(page.getByTestId('debug-open')).toHaveText(en.debug.open);
  await page.getByTestId('debug-open').click();
  const panel = page.getByTestId('debug-panel');
  const before = seen.length;
  await panel.getByTestId('debug-send').click();
  await expect(panel.getByTestId('debug-status')).toHaveText('202');
  await expect(panel.getByText(en.debug.response, { exact: true })).toBeVisible();
  expect(seen.length).toBe(before + 1);
});
