import { expect, test } from '@playwright/test';
import { adminToken, apiCall, pageWithToken } from './doc-support.ts';
import { en, zh } from './support.ts';

/*
 * The account page of personal access tokens: create one limited to a project, see its secret once, use it on
 * the web API and the MCP server, see its last use, revoke it (then it answers 401); the connection JSON; both
 * languages; light and dark.
 */

const suffix = Date.now().toString(36);
const shots = 'e2e/.results/screens';

test('creates, shows once, uses and revokes a personal access token', async ({ browser, request }) => {
  const admin = await adminToken(request);
  const space = await apiCall<{ id: string }>(request, admin, '/api/space/add', { name: `Tokens ${suffix}` });
  const project = await apiCall<{ id: string }>(request, admin, '/api/project/add', {
    name: `令牌项目 ${suffix}`,
    spaceId: space.id,
  });
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await pageWithToken(context, admin);
  await page.goto('/user/tokens');
  await expect(page.getByRole('heading', { name: zh.tokens.title })).toBeVisible();
  await expect(page.getByText(zh.tokens.connectTitle)).toBeVisible();
  await expect(page.getByTestId('mcp-snippet')).toContainText('"url": "http://127.0.0.1:');
  await expect(page.getByTestId('mcp-snippet')).toContainText('/mcp"');
  await expect(page.getByTestId('mcp-snippet')).toContainText('Bearer <token>');

  // A name is required, in the page's language; nothing is created.
  await page.getByRole('button', { name: zh.tokens.create }).click();
  const dialog = page.getByRole('dialog', { name: zh.tokens.createTitle });
  await dialog.getByRole('button', { name: zh.common.create }).click();
  await expect(dialog.getByText(zh.validation.required_max.replace('{0}', '64'))).toBeVisible();
  await dialog.getByLabel(zh.tokens.name).fill('我的 Claude Code');
  // Chosen by keyboard: type to filter, Enter to pick.
  await dialog.getByLabel(zh.tokens.projects).fill(suffix);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(
    dialog.locator('.ant-select-selection-item-content', { hasText: `令牌项目 ${suffix}` }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: zh.common.create }).click();

  const shown = page.getByRole('dialog', { name: zh.tokens.createdTitle });
  await expect(shown.getByText(zh.tokens.createdHint)).toBeVisible();
  const secret = (await shown.locator('code').first().innerText()).trim();
  expect(secret).toMatch(/^qpat_[A-Za-z0-9_-]{40,}$/);
  await page.screenshot({ path: `${shots}/tokens-created.png`, fullPage: true });
  await shown.getByRole('button', { name: zh.common.savedItClose }).click();

  const row = page.getByRole('row', { name: /我的 Claude Code/ });
  await expect(row).toContainText(zh.tokens.statusActive);
  await expect(row).toContainText(`令牌项目 ${suffix}`);
  await expect(row).toContainText(zh.tokens.neverUsed);
  // Once closed, the secret is gone from the page.
  await expect(page.getByText(secret)).toHaveCount(0);

  // The token works on the web API (only its project) and on the MCP server; its use shows after a reload.
  const listed = await request.get(`/api/project/list?spaceId=${space.id}`, {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(((await listed.json()) as { data: Array<{ id: string }> }).data.map((p) => p.id)).toEqual([
    project.id,
  ]);
  const mcp = await request.post('/mcp', {
    headers: { authorization: `Bearer ${secret}`, accept: 'application/json, text/event-stream' },
    data: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
  });
  expect(mcp.status()).toBe(200);
  expect(await mcp.text()).toContain('search_docs');
  await page.reload();
  await expect(page.getByRole('row', { name: /我的 Claude Code/ })).not.toContainText(zh.tokens.neverUsed);

  // Dark theme and English.
  await page.evaluate(() => {
    window.localStorage.setItem('quire.theme', 'dark');
    window.localStorage.setItem('torna.language', 'en');
  });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('heading', { name: en.tokens.title })).toBeVisible();
  await expect(page.getByText(en.tokens.connectTitle)).toBeVisible();
  await page.screenshot({ path: `${shots}/tokens-dark-en.png`, fullPage: true });

  // Revoke (by keyboard): confirmed, then the token answers 401 at once.
  await page.getByRole('button', { name: en.tokens.revokeNamed.replace('{0}', '我的 Claude Code') }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').getByRole('button', { name: en.tokens.revoke }).click();
  await expect(page.getByRole('row', { name: /我的 Claude Code/ })).toContainText(en.tokens.statusRevoked);
  const after = await request.get('/api/user/get', { headers: { authorization: `Bearer ${secret}` } });
  expect(after.status()).toBe(401);
  await page.evaluate(() => window.localStorage.removeItem('torna.language'));
  await context.close();
});
