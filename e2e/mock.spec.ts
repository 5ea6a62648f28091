import { expect, test } from '@playwright/test';
import { adminToken, apiCall, pageWithToken } from './doc-support.ts';
import { zh } from './support.ts';

test('the Mock tab edits a script mock, runs it and serves it at its mock URL', async ({
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const suffix = Date.now().toString(36);
  const space = await apiCall<{ id: string }>(request, token, '/api/space/add', { name: `Mock ${suffix}` });
  const project = await apiCall<{ id: string }>(request, token, '/api/project/add', {
    name: 'P',
    spaceId: space.id,
  });
  const module = await apiCall<{ id: string }>(request, token, '/api/module/add', {
    name: 'M',
    projectId: project.id,
  });
  const doc = await apiCall<{ id: string }>(request, token, '/api/doc/save', {
    moduleId: module.id,
    name: 'Get order',
    url: `/order/get-${suffix}`,
    httpMethod: 'GET',
    responseParams: [{ name: 'orderId', type: 'number', example: '42' }],
  });
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await pageWithToken(context, token);
  await page.goto(`/view/${doc.id}`);
  await page.getByRole('button', { name: zh.mock.tab }).click();
  const drawer = page.getByRole('dialog');
  // The generated default mock comes from the response params.
  await expect(drawer.getByRole('tab', { name: new RegExp(zh.mock.defaultName) })).toBeVisible();
  await expect(drawer.getByLabel(zh.mock.resultType, { exact: true })).toHaveValue(/"orderId": 42/);

  await drawer.getByRole('button', { name: zh.mock.add }).click();
  await expect(drawer.getByRole('tab', { name: 'v1' })).toBeVisible();
  const panel = drawer.getByRole('tabpanel');
  await expect(panel.getByTestId('mock-url')).toHaveValue(new RegExp(`/mock/v1/order/get-${suffix}$`));
  await panel.getByText(zh.mock.resultScript, { exact: true }).click();
  await panel
    .getByRole('textbox', { name: zh.mock.resultScript, exact: true })
    .fill('console.log("id", $params.id);\nreturn { orderId: Number($params.id || 7), sig: md5("a") };');
  await panel.getByRole('button', { name: zh.mock.run }).click();
  const result = panel.getByTestId('mock-result');
  await expect(result).toContainText('"orderId":7');
  await expect(result).toContainText('id undefined');
  await page.screenshot({ path: 'e2e/.results/mock-tab.png' });
  await panel.getByRole('button', { name: zh.mock.save }).click();
  await expect(page.getByText(zh.common.saved)).toBeVisible();

  const served = await request.get(`/mock/v1/order/get-${suffix}?id=5`);
  expect(served.status()).toBe(200);
  expect(await served.json()).toEqual({ orderId: 5, sig: '0cc175b9c0f1b6a831c399e269772661' });
  expect(served.headers()['content-security-policy']).toBe('sandbox');

  // A script without return says so on the run button.
  await panel.getByRole('textbox', { name: zh.mock.resultScript, exact: true }).fill('const a = 1;');
  await panel.getByRole('button', { name: zh.mock.run }).click();
  await expect(result).toContainText(zh.mock.noReturn);
  await context.close();
});
