import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { printedAdminPassword, zh } from './support.ts';

/*
 * The push token as a developer meets it: the application's settings show no token, "create" shows it once
 * with the quire push command line, a push with it lands docs in the tree, and refreshing stops the old one.
 */

const ADMIN_PASSWORD = 'admin-new-pass-1';
const suffix = Date.now().toString(36);

type Envelope<T> = { code: string; msg: string; data: T };

let token = '';
let projectId = '';
let moduleId = '';

async function call<T>(api: APIRequestContext, path: string, data?: unknown): Promise<T> {
  const headers = { authorization: `Bearer ${token}` };
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

/** A push the way smart-doc sends it: data URL-encoded, flags as strings. */
function smartDocBody(pushToken: string) {
  const data = {
    author: 'smart-doc',
    isReplace: 1,
    apis: [
      {
        name: '订单接口',
        isFolder: '1',
        items: [{ name: '订单列表', isFolder: '0', url: '/orders', httpMethod: 'GET', isShow: '1' }],
      },
    ],
  };
  return {
    name: 'doc.push',
    version: '1.0',
    data: encodeURIComponent(JSON.stringify(data)),
    access_token: pushToken,
    timestamp: '2026-11-23 07:30:00',
  };
}

async function openSettings(page: Page) {
  await page.context().addInitScript((value) => window.localStorage.setItem('torna.token', value), token);
  await page.goto(`/project/doc/${projectId}?moduleId=${moduleId}&tab=settings`);
  await expect(page.getByText(zh.push.tokenTitle, { exact: true })).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  token = await adminToken(request);
  const space = await call<{ id: string }>(request, '/api/space/add', { name: `Push ${suffix}` });
  projectId = (await call<{ id: string }>(request, '/api/project/add', { name: 'Shop', spaceId: space.id }))
    .id;
  moduleId = (await call<{ id: string }>(request, '/api/module/add', { name: 'orders', projectId })).id;
});

test('a developer creates the push token, sees it once with the command line, and a push lands docs', async ({
  page,
  request,
}) => {
  await openSettings(page);
  await expect(page.getByText(zh.push.tokenNone)).toBeVisible();
  await page.getByRole('button', { name: zh.push.tokenCreate }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(zh.push.tokenShownOnce)).toBeVisible();
  const shown = (await dialog.locator('code').first().textContent()) ?? '';
  expect(shown).toMatch(/^qpt_/);
  await expect(dialog.getByText(`quire push openapi.json --server`, { exact: false })).toBeVisible();
  await page.screenshot({ path: 'e2e/.results/push-token-shown.png' });
  await dialog.getByRole('button', { name: zh.common.savedItClose }).click();
  await expect(dialog).toBeHidden();

  const pushed = await request.post('/api', { data: smartDocBody(shown) });
  const body = (await pushed.json()) as Envelope<{ added: number }>;
  expect(body).toMatchObject({ code: '0', data: { added: 1 } });

  await page.getByRole('tab', { name: zh.module.tabs.docs }).click();
  await expect(page.getByText('订单接口')).toBeVisible();
  await page.getByRole('tab', { name: zh.module.tabs.settings }).click();
  await expect(page.getByText(zh.push.tokenRefresh)).toBeVisible();
  await page.screenshot({ path: 'e2e/.results/push-token-card.png', fullPage: true });

  await page.getByRole('button', { name: zh.push.tokenRefresh }).click();
  await page.getByRole('dialog').getByRole('button', { name: zh.push.tokenRefresh }).click();
  await expect(page.getByText(zh.push.tokenShownOnce)).toBeVisible();
  const old = await request.post('/api', { data: smartDocBody(shown) });
  expect(old.status()).toBe(401);
  expect(((await old.json()) as Envelope<null>).code).toBe('14');
});
