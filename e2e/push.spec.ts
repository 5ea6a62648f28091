import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminToken, apiCall } from './doc-support.ts';
import { zh } from './support.ts';

/*
 * The push token as a developer meets it: the application's settings show no token, "create" shows it once
 * with the quire push command line, a push with it lands docs in the tree, and refreshing stops the old one.
 */

const suffix = Date.now().toString(36);

type Envelope<T> = { code: string; msg: string; data: T };

let token = '';
let projectId = '';
let moduleId = '';

/** A call to the web API as the admin of this spec. */
const call = <T>(api: APIRequestContext, path: string, data?: unknown): Promise<T> =>
  apiCall<T>(api, token, path, data);

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

test('the push token is created in the settings, shown once with the command line, a push lands docs, a refresh stops the old one', async ({
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
  // On a loaded machine the confirm can still be animating in when the click lands; click until the new
  // token shows (antd ignores a second click on a confirm that is already closing).
  await expect(async () => {
    const confirm = page.getByRole('dialog').getByRole('button', { name: zh.push.tokenRefresh });
    if (await confirm.isVisible()) await confirm.click({ timeout: 2000 });
    await expect(page.getByText(zh.push.tokenShownOnce)).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  const old = await request.post('/api', { data: smartDocBody(shown) });
  expect(old.status()).toBe(401);
  expect(((await old.json()) as Envelope<null>).code).toBe('14');
});
