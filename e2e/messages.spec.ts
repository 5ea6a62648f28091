import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminToken, apiCall, pageWithToken } from './doc-support.ts';
import { zh } from './support.ts';

/*
 * A follower hears about a push while looking at the app: the bell's badge moves within seconds (the message
 * stream, well before the 30 s poll), the message centre shows the digest, the subscriptions page lists the
 * followed project; an admin sets up a signed webhook whose secret is shown once.
 */

const suffix = Date.now().toString(36);
const shots = 'e2e/.results/screens';

let admin = '';
let follower = '';
let projectId = '';
let moduleId = '';
let pushToken = '';

const call = <T>(api: APIRequestContext, token: string, path: string, data?: unknown) =>
  apiCall<T>(api, token, path, data);

function push(api: APIRequestContext, variant: string) {
  const apis = Array.from({ length: 12 }, (_, i) => ({
    name: `订单接口 ${i}`,
    isFolder: '0',
    url: `/orders/${i}`,
    httpMethod: 'GET',
    description: variant,
  }));
  return api.post('/api', {
    data: {
      name: 'doc.push',
      version: '1.0',
      data: encodeURIComponent(JSON.stringify({ author: 'ci', isReplace: 1, apis })),
      access_token: pushToken,
    },
  });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  admin = await adminToken(request);
  const space = await call<{ id: string }>(request, admin, '/api/space/add', { name: `Messages ${suffix}` });
  projectId = (
    await call<{ id: string }>(request, admin, '/api/project/add', { name: '商城', spaceId: space.id })
  ).id;
  moduleId = (await call<{ id: string }>(request, admin, '/api/module/add', { name: '订单', projectId })).id;
  pushToken = await call<string>(request, admin, `/api/module/token/refresh?moduleId=${moduleId}`);
  const username = `follower-${suffix}`;
  const { id } = await call<{ id: string }>(request, '', '/api/system/reg', {
    username,
    password: 'follower-pass-1',
    nickname: '小王',
  });
  await call(request, admin, '/api/space/member/add', {
    spaceId: space.id,
    userIds: [id],
    roleCode: 'guest',
  });
  await call(request, admin, '/api/project/member/add', { projectId, userIds: [id], roleCode: 'guest' });
  follower = (
    await call<{ token: string }>(request, '', '/api/system/login', { username, password: 'follower-pass-1' })
  ).token;
  await call(request, follower, '/api/user/subscribe/project/subscribe', { sourceId: projectId });
});

test('the bell hears of a push within seconds, and the message centre and subscriptions show it', async ({
  context,
  request,
}) => {
  const page = await pageWithToken(context, follower);
  await page.goto('/user/subscribe/doc');
  await expect(page.getByRole('heading', { name: zh.subscription.title, level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: '商城' })).toBeVisible();
  await page.screenshot({ path: `${shots}/subscriptions.png`, fullPage: true });

  const bell = page.getByRole('button', { name: /条未读/ });
  await expect(bell).toBeVisible();
  expect((await push(request, 'v1')).ok()).toBe(true);
  // Well under the 30 s poll: the stream told the bell.
  await expect(page.locator('.ant-badge-count')).toHaveText('1', { timeout: 10_000 });
  await bell.click();
  await expect(page.getByText(/变更了 商城 - 订单 中你关注的 12 个文档/).first()).toBeVisible();
  await page.screenshot({ path: `${shots}/bell.png` });

  await page.goto('/user/message');
  await expect(page.getByText(/变更了 商城 - 订单 中你关注的 12 个文档/)).toBeVisible();
  await page.screenshot({ path: `${shots}/messages.png`, fullPage: true });
});

test('an admin adds a signed webhook and sees its secret once, then its delivery log', async ({
  context,
}) => {
  const page = await pageWithToken(context, admin);
  await page.goto(`/project/doc/${projectId}?moduleId=${moduleId}&tab=webhooks`);
  await page.getByRole('button', { name: zh.webhook.add }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(zh.webhook.kind).click();
  await page.getByTitle(zh.webhook.kind_generic).click();
  await dialog.getByLabel(zh.webhook.url).fill('https://hooks.example.com/quire');
  await dialog.getByRole('button', { name: zh.common.create }).click();
  await expect(page.getByText(zh.webhook.secretOnce)).toBeVisible();
  await expect(page.getByText('https://hooks.example.com/quire')).toBeVisible();
  await page.screenshot({ path: `${shots}/webhooks.png`, fullPage: true });
  // The edit form keeps the URL and secret unless retyped, and shows the template placeholders as written.
  await page.getByRole('button', { name: zh.common.edit }).click();
  await expect(page.getByText(/\{modifyType\} \{projectName\}/)).toBeVisible();
  await expect(page.getByRole('dialog').getByLabel(zh.webhook.url)).toHaveValue('');
  await page.screenshot({ path: `${shots}/webhook-form.png`, fullPage: true });
  await page.getByRole('dialog').getByRole('button', { name: zh.common.cancel }).click();
  await page.getByRole('button', { name: zh.webhook.deliveries }).click();
  await expect(page.getByText(zh.webhook.noDeliveries)).toBeVisible();
});
