import { expect, test } from '@playwright/test';
import { axeFindings } from './a11y-support.ts';
import { adminToken, apiCall, pageWithToken } from './doc-support.ts';
import { en, zh } from './support.ts';

/*
 * Releases as a project member meets them: a release is created on the releases page, a breaking change made
 * after it shows first on the changelog page, in Chinese (the default) and in English.
 */

const suffix = Date.now().toString(36);
let token = '';
let projectId = '';
let moduleId = '';
let docId = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  token = await adminToken(request);
  const call = <T>(path: string, data?: unknown) => apiCall<T>(request, token, path, data);
  const space = await call<{ id: string }>('/api/space/add', { name: `Releases ${suffix}` });
  projectId = (await call<{ id: string }>('/api/project/add', { name: 'Shop', spaceId: space.id })).id;
  moduleId = (await call<{ id: string }>('/api/module/add', { name: 'orders', projectId })).id;
  docId = (
    await call<{ id: string }>('/api/doc/save', {
      moduleId,
      name: 'Get order',
      url: '/orders/{id}',
      httpMethod: 'GET',
      pathParams: [{ name: 'id' }],
      responseParams: [
        { name: 'id', type: 'string' },
        { name: 'total', type: 'number' },
      ],
    })
  ).id;
});

test('a release is created on its page, and a breaking change after it leads the changelog, in both languages', async ({
  context,
  request,
}) => {
  const page = await pageWithToken(context, token);
  await page.goto(`/project/release/${projectId}`);
  await expect(page.getByRole('heading', { name: zh.releases.title, level: 1 })).toBeVisible();
  await expect(page.getByText(zh.releases.empty)).toBeVisible();
  await page.getByRole('button', { name: zh.releases.create }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(zh.releases.releaseNo).fill('1.0.0');
  await dialog.getByRole('button', { name: zh.common.create }).click();
  await expect(page.getByRole('cell', { name: '1.0.0', exact: true })).toBeVisible();

  // After the release: the response field `total` goes (breaking) and a new operation comes (non-breaking).
  const call = <T>(path: string, data?: unknown) => apiCall<T>(request, token, path, data);
  await call('/api/doc/save', {
    id: docId,
    moduleId,
    revision: 1,
    name: 'Get order',
    url: '/orders/{id}',
    httpMethod: 'GET',
    pathParams: [{ name: 'id' }],
    responseParams: [{ name: 'id', type: 'string' }],
  });
  await call('/api/doc/save', { moduleId, name: 'List carts', url: '/carts', httpMethod: 'GET' });

  await page.getByRole('link', { name: zh.releases.changelog }).click();
  await expect(page.getByRole('heading', { name: zh.releases.changelog, level: 1 })).toBeVisible();
  await expect(page.getByText(zh.releases.sinceRelease.replace('{0}', '1.0.0'))).toBeVisible();
  const operations = page.getByRole('region', { name: zh.releases.changelog }).locator('li[data-level]');
  await expect(operations).toHaveCount(2);
  await expect(operations.first()).toHaveAttribute('data-level', 'breaking');
  await expect(operations.first()).toContainText('GET /orders/{id}');
  await expect(operations.first()).toContainText('response-field-removed');

  await page.evaluate(() => window.localStorage.setItem('torna.language', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { name: en.releases.changelog, level: 1 })).toBeVisible();
  await expect(page.getByText(en.releases.sinceRelease.replace('{0}', '1.0.0'))).toBeVisible();
  await expect(page.getByText(en.releases.breaking).first()).toBeVisible();
});

test('the changelog shows from a cold load on the light page, in both languages and themes, then the app takes over', async ({
  browser,
}) => {
  for (const [language, texts, theme] of [
    ['zh-CN', zh, 'light'],
    ['en', en, 'dark'],
  ] as const) {
    const context = await browser.newContext();
    await context.addInitScript(
      ([value, lang, scheme]) => {
        window.localStorage.setItem('torna.token', value);
        window.localStorage.setItem('torna.language', lang);
        window.localStorage.setItem('quire.theme', scheme);
      },
      [token, language, theme] as const,
    );
    const page = await context.newPage();
    // The app's project route waits for the project's names: held back, the light page stays until released.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/project/space?**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/project/changelog/${projectId}`);
    const light = page.locator('#root[data-changelog-light]');
    await expect(light).toBeVisible();
    await expect(page.getByRole('heading', { name: texts.releases.changelog, level: 1 })).toBeVisible();
    await expect(page.getByText(texts.releases.sinceRelease.replace('{0}', '1.0.0'))).toBeVisible();
    const operations = page.getByRole('region', { name: texts.releases.changelog }).locator('li[data-level]');
    await expect(operations).toHaveCount(2);
    await expect(operations.first()).toHaveAttribute('data-level', 'breaking');
    await expect(operations.first()).toContainText(texts.releases.breaking);
    await expect(operations.first()).toContainText('response-field-removed');
    await expect(page.getByText('1.0.0', { exact: true })).toBeVisible();
    await expect(page.getByText(texts.releases.valid, { exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    // Nothing of antd on the light page: the app has not started yet.
    await expect(page.locator('.ant-card')).toHaveCount(0);
    await page.screenshot({ path: `e2e/.results/changelog-light-${language}-${theme}.png`, fullPage: true });
    // The light page on its own meets the rules the app's pages meet (e2e/wcag.spec.ts checks the app's).
    expect(await axeFindings(page, `light changelog ${language} ${theme}`)).toEqual([]);
    await expect(light).toBeVisible();

    release();
    // The app takes over: its rail and its application select appear, the light page is gone, one list only.
    await expect(page.getByRole('combobox', { name: texts.releases.application })).toBeVisible();
    await expect(page.locator('aside nav')).toBeVisible();
    await expect(light).toHaveCount(0);
    await expect(page.getByRole('region', { name: texts.releases.changelog })).toHaveCount(1);
    await expect(page.locator('li[data-level]')).toHaveCount(2);
    await expect(page.getByRole('heading', { name: texts.releases.changelog, level: 1 })).toHaveCount(1);
    await page.screenshot({ path: `e2e/.results/changelog-app-${language}-${theme}.png`, fullPage: true });
    await context.close();
  }
});

test('without a token or for an unknown project the changelog path starts the app at once, as before', async ({
  browser,
}) => {
  const anonymous = await browser.newContext();
  const page = await anonymous.newPage();
  await page.goto(`/project/changelog/${projectId}`);
  await expect(page).toHaveURL(/\/login/);
  await anonymous.close();

  const context = await browser.newContext();
  const member = await pageWithToken(context, token);
  const changelogAnswers: number[] = [];
  member.on('response', (response) => {
    if (response.url().includes('/api/project/changelog')) changelogAnswers.push(response.status());
  });
  await member.goto('/project/changelog/no-such-project');
  // The app's own handling of a project it cannot load; the light page never drew anything.
  await expect(member.locator('aside nav')).toBeVisible();
  await expect(member.locator('[data-changelog-light]')).toHaveCount(0);
  await expect(member.locator('li[data-level]')).toHaveCount(0);
  expect(changelogAnswers.length).toBeGreaterThan(0);
  await context.close();
});
