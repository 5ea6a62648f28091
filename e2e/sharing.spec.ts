import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminToken, apiCall, pageWithToken } from './doc-support.ts';
import { en, zh } from './support.ts';

/*
 * Shares and composed projects as an anonymous visitor meets them, in both languages: a public share's tree and
 * doc, an encrypted share's password form (empty, wrong, then right with spaces; a reload stays verified),
 * an encrypted composed project with its additional page; then the team's side: the share management tab
 * and the composed-project list.
 */

const suffix = Date.now().toString(36);
const shots = 'e2e/.results/sharing';
let token = '';
const ids: Record<string, string> = {};
const secrets: Record<string, string> = {};

const call = <T>(api: APIRequestContext, path: string, data?: unknown): Promise<T> =>
  apiCall<T>(api, token, path, data);

async function chooseLanguage(page: Page, lang: 'en' | 'zh-CN') {
  await page
    .getByLabel(lang === 'en' ? zh.common.language : en.common.language, { exact: true })
    .selectOption(lang);
}

test.describe
  .serial('shares and composed projects', () => {
    test.beforeAll(async ({ request }) => {
      token = await adminToken(request);
      const space = await call<{ id: string }>(request, '/api/space/add', { name: `Share space ${suffix}` });
      const project = await call<{ id: string }>(request, '/api/project/add', {
        name: `Payments ${suffix}`,
        spaceId: space.id,
      });
      const module = await call<{ id: string }>(request, '/api/module/add', {
        name: 'Orders API',
        projectId: project.id,
      });
      ids.project = project.id;
      ids.module = module.id;
      await call(request, '/api/module/environment/add', {
        moduleId: module.id,
        name: 'sandbox',
        baseUrl: 'https://sandbox.example.com',
        isPublic: true,
      });
      await call(request, '/api/module/environment/add', {
        moduleId: module.id,
        name: 'internal',
        baseUrl: 'http://10.0.0.5',
        isPublic: false,
      });
      const folder = await call<{ id: string }>(request, '/api/doc/folder/add', {
        name: '订单',
        moduleId: module.id,
      });
      const save = (name: string, url: string, parentId = '') =>
        call<{ id: string }>(request, '/api/doc/save', {
          moduleId: module.id,
          parentId,
          name,
          url,
          httpMethod: 'POST',
          description: '<p>Creates an order.</p>',
          requestParams: [
            { name: 'amount', type: 'number', required: true, description: '金额（分）', example: '100' },
          ],
        });
      ids.doc = (await save('创建订单', '/orders', folder.id)).id;
      ids.secretDoc = (await save('内部对账', '/internal/reconcile')).id;
      ids.publicShare = (
        await call<{ id: string }>(request, '/api/doc/share/add', {
          moduleId: module.id,
          type: 1,
          content: [{ docId: folder.id, isShareFolder: true }],
          remark: 'For partners',
        })
      ).id;
      const locked = await call<{ id: string; password: string }>(request, '/api/doc/share/add', {
        moduleId: module.id,
        type: 2,
        isAll: true,
      });
      ids.lockedShare = locked.id;
      secrets.share = locked.password;

      const portal = await call<{ id: string }>(request, '/api/space/add', {
        name: `Portal ${suffix}`,
        isCompose: true,
      });
      ids.composeSpace = portal.id;
      const show = await call<{ id: string; password: string }>(request, '/api/compose/project/add', {
        spaceId: portal.id,
        name: 'Partner portal',
        description: 'Everything a partner needs',
        type: 2,
      });
      ids.show = show.id;
      secrets.show = show.password;
      const group = await call<{ id: string }>(request, '/api/compose/doc/folder/add', {
        projectId: show.id,
        name: 'Payments',
      });
      await call(request, '/api/compose/doc/add', {
        projectId: show.id,
        parentId: group.id,
        docList: [{ docId: ids.doc }],
      });
      await call(request, '/api/compose/project/setting/save', {
        id: show.id,
        gatewayUrl: 'https://gw.example.com/api',
      });
      ids.page = (
        await call<{ id: string }>(request, '/api/compose/additional/add', {
          projectId: show.id,
          title: 'Getting started',
          content: '# Welcome\n\nAsk for a key first.',
          contentKind: 'markdown',
        })
      ).id;
    });

    test('a public share shows only its docs, with its public environment, in Chinese and English', async ({
      page,
    }) => {
      await page.goto(`/share/${ids.publicShare}`);
      const tree = page.getByRole('tree');
      await expect(tree.getByText('订单', { exact: true })).toBeVisible();
      await expect(tree.getByText('创建订单')).toBeVisible();
      await expect(tree.getByText('内部对账')).toHaveCount(0);
      await expect(page.getByText(zh.sharing.selectDoc)).toBeVisible();
      await tree.getByText('创建订单').click();
      await expect(page).toHaveURL(new RegExp(`/share/${ids.publicShare}/${ids.doc}$`));
      await expect(page.getByTestId('doc-url')).toHaveText('https://sandbox.example.com/orders');
      await expect(page.getByTestId('param-grid').getByText('金额（分）')).toBeVisible();
      const response = await page.request.get(`/share/${ids.publicShare}`);
      expect(response.headers()['x-robots-tag']).toContain('noindex');
      await page.screenshot({ path: `${shots}/share-zh.png`, fullPage: true });
      await chooseLanguage(page, 'en');
      await expect(
        page.getByRole('heading', { name: en.doc.tables.requestParams, exact: true }),
      ).toBeVisible();
      await page.screenshot({ path: `${shots}/share-en.png`, fullPage: true });
      // A doc outside the share, typed into the address bar, is refused.
      await page.goto(`/share/${ids.publicShare}/${ids.secretDoc}`);
      await expect(page.getByText(en.errors['share.doc_not_found'])).toBeVisible();
    });

    test('an encrypted share asks for its password; the verified state survives a reload', async ({
      page,
    }) => {
      await page.goto(`/share/${ids.lockedShare}`);
      await expect(page.getByText(zh.sharing.passwordTitle)).toBeVisible();
      await expect(page.getByRole('tree')).toHaveCount(0);
      await page.getByRole('button', { name: zh.sharing.open }).click();
      await expect(page.getByText(zh.validation.can_not_empty)).toBeVisible();
      await page.getByLabel(zh.sharing.passwordLabel).fill('wrong-one');
      await page.getByRole('button', { name: zh.sharing.open }).click();
      await expect(page.getByText(zh.errors['share.password_wrong'])).toBeVisible();
      await page.screenshot({ path: `${shots}/share-password-zh.png` });
      await page.getByLabel(zh.sharing.passwordLabel).fill(`  ${secrets.share}  `);
      await page.getByRole('button', { name: zh.sharing.open }).click();
      await expect(page.getByRole('tree').getByText('内部对账')).toBeVisible();
      await page.reload();
      await expect(page.getByRole('tree').getByText('内部对账')).toBeVisible();
    });

    test('an encrypted composed project shows its tree, gateway and additional page after the password', async ({
      page,
    }) => {
      await page.goto(`/show/${ids.show}`);
      await chooseLanguage(page, 'en');
      await expect(page.getByText(en.sharing.passwordTitle)).toBeVisible();
      await page.getByLabel(en.sharing.passwordLabel).fill(secrets.show ?? '');
      await page.getByRole('button', { name: en.sharing.open }).click();
      await expect(page.getByRole('heading', { name: 'Partner portal', level: 1 })).toBeVisible();
      await page.getByRole('button', { name: 'Getting started' }).click();
      await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
      await page.getByRole('tree').getByText('创建订单').click();
      await expect(page.getByTestId('doc-url')).toHaveText('https://gw.example.com/api/orders');
      await page.screenshot({ path: `${shots}/show-en.png`, fullPage: true });
      await chooseLanguage(page, 'zh-CN');
      await expect(
        page.getByRole('heading', { name: zh.doc.tables.requestParams, exact: true }),
      ).toBeVisible();
      await page.screenshot({ path: `${shots}/show-zh.png`, fullPage: true });
    });

    test('the public doc pages show the doc from the light page first, then the app with its tree and selects', async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      // Hold the app's bundle back, so the light page can be looked at before the app replaces it.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`/share/${ids.publicShare}/${ids.doc}`);
      const light = page.locator('[data-reader-light]');
      await expect(light.getByRole('heading', { name: '创建订单', level: 1 })).toBeVisible();
      await expect(light.getByTestId('doc-url')).toHaveText('https://sandbox.example.com/orders');
      await expect(light.getByRole('heading', { name: 'Orders API', level: 1 })).toBeVisible();
      // No app yet: no tree, no selects.
      await expect(page.getByRole('tree')).toHaveCount(0);
      await page.screenshot({ path: `${shots}/share-light.png` });
      release();
      await expect(page.getByRole('tree').getByText('创建订单')).toBeVisible();
      await expect(light).toHaveCount(0);
      await expect(page.getByTestId('doc-url')).toHaveText('https://sandbox.example.com/orders');
      // The theme switch of the public pages, kept on reload (the light page applies it before any paint).
      await page.getByRole('combobox', { name: zh.theme.label }).selectOption('dark');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expect(page.getByRole('tree').getByText('创建订单')).toBeVisible();
      await page.screenshot({ path: `${shots}/share-dark.png`, fullPage: true });
      await page.getByRole('combobox', { name: zh.theme.label }).selectOption('system');

      // An encrypted composed project: the password form first (no light page without its session), then,
      // once verified, the light page on the next load.
      await page.goto(`/show/${ids.show}/${ids.doc}`);
      await page.getByLabel(zh.sharing.passwordLabel).fill(secrets.show ?? '');
      await page.getByRole('button', { name: zh.sharing.open }).click();
      await expect(page.getByTestId('doc-url')).toHaveText('https://gw.example.com/api/orders');
      await page.unroute(/\/assets\/main-[^/]+\.js$/);
      let releaseAgain: () => void = () => undefined;
      const heldAgain = new Promise<void>((resolve) => {
        releaseAgain = resolve;
      });
      await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
        await heldAgain;
        await route.continue();
      });
      await page.reload();
      await expect(light.getByTestId('doc-url')).toHaveText('https://gw.example.com/api/orders');
      await expect(light.getByRole('heading', { name: 'Partner portal', level: 1 })).toBeVisible();
      releaseAgain();
      await expect(page.getByRole('button', { name: 'Getting started' })).toBeVisible();
      await expect(light).toHaveCount(0);
    });

    test('a disabled composed project is "Document not found"', async ({ page, request }) => {
      await call(request, '/api/compose/project/update', {
        id: ids.show,
        name: 'Partner portal',
        type: 2,
        status: 0,
      });
      await page.goto(`/show/${ids.show}`);
      await expect(page.getByText(zh.errors['compose.not_found'])).toBeVisible();
      await call(request, '/api/compose/project/update', {
        id: ids.show,
        name: 'Partner portal',
        type: 2,
        status: 1,
      });
    });

    test('the team manages shares in the application tab and composed projects in the composed space', async ({
      context,
    }) => {
      const page = await pageWithToken(context, token);
      await page.goto(`/project/doc/${ids.project}?moduleId=${ids.module}&tab=share`);
      await expect(page.getByRole('tab', { name: zh.sharing.tab })).toBeVisible();
      await expect(page.getByText(secrets.share ?? '-')).toBeVisible();
      await page.getByRole('button', { name: zh.sharing.create }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(zh.sharing.scopeChosen).check();
      await dialog.getByRole('tree').getByText('内部对账').click();
      await expect(dialog.getByText(zh.docMenu.selected.replace('{0}', '1'))).toBeVisible();
      await page.screenshot({ path: `${shots}/share-dialog-zh.png` });
      await dialog.getByRole('button', { name: zh.common.save }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.locator('.ant-table-row')).toHaveCount(3);
      await page.screenshot({ path: `${shots}/share-tab-zh.png`, fullPage: true });

      await page.goto(`/space/compose/${ids.composeSpace}`);
      await expect(page.getByRole('link', { name: 'Partner portal' })).toBeVisible();
      await page.locator('.ant-table-row').getByRole('button', { name: zh.compose.manage }).click();
      await expect(page.getByRole('dialog').getByText('创建订单')).toBeVisible();
      await page.screenshot({ path: `${shots}/compose-zh.png`, fullPage: true });
    });
  });
