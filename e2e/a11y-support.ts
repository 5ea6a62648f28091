import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { adminToken, apiCall } from './doc-support.ts';

/** Helpers of the accessibility specs: a realistic team to look at, and axe-core's WCAG 2.1 A/AA check. */

/** The rule sets the issue asks for: WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export type Team = {
  token: string;
  space: string;
  composeSpace: string;
  project: string;
  module: string;
  folder: string;
  doc: string;
  markdownDoc: string;
  publicShare: string;
  lockedShare: string;
  sharePassword: string;
  show: string;
  showPassword: string;
  release: string;
};

/**
 * A team as it looks after some use: a space with a project and an application, a tree of folders and docs
 * (one with nested request and response params, one Markdown page), an environment, a public and a password
 * share, a member, a composed project with its own password, a release followed by changes, a personal token,
 * and messages in the admin's message centre.
 */
export async function seedTeam(api: APIRequestContext, suffix: string): Promise<Team> {
  const token = await adminToken(api);
  const call = <T>(path: string, data?: unknown) => apiCall<T>(api, token, path, data);
  const space = await call<{ id: string }>('/api/space/add', { name: `Payments ${suffix}` });
  const project = await call<{ id: string }>('/api/project/add', {
    name: `Checkout ${suffix}`,
    spaceId: space.id,
  });
  const module = await call<{ id: string }>('/api/module/add', { name: 'Orders API', projectId: project.id });
  await call('/api/module/environment/add', {
    moduleId: module.id,
    name: 'sandbox',
    baseUrl: 'http://127.0.0.1:9/api',
    isPublic: true,
  });
  const folder = async (name: string, parentId = '') =>
    (await call<{ id: string }>('/api/doc/folder/add', { name, moduleId: module.id, parentId })).id;
  const orders = await folder('Orders');
  const refunds = await folder('Refunds', orders);
  await folder('Users');
  const save = async (body: Record<string, unknown>) =>
    (await call<{ id: string }>('/api/doc/save', { moduleId: module.id, ...body })).id;
  const doc = await save({
    parentId: orders,
    name: 'Create order',
    url: '/orders/{shopId}',
    httpMethod: 'POST',
    description: '<p>Creates an order. See <a href="https://example.com/terms">the terms</a>.</p>',
    pathParams: [{ name: 'shopId', type: 'string', required: true, example: 's-1', description: 'the shop' }],
    headerParams: [{ name: 'X-Trace', type: 'string', example: 'abc', description: 'trace id' }],
    requestParams: [
      { name: 'skuCode', type: 'string', required: true, example: 'A-1', description: 'the product' },
      {
        name: 'buyer',
        type: 'object',
        description: 'who pays',
        children: [
          { name: 'name', type: 'string', example: 'Li Lei', description: 'full name' },
          {
            name: 'address',
            type: 'object',
            children: [{ name: 'city', type: 'string', example: 'Hangzhou', description: 'city' }],
          },
        ],
      },
    ],
    responseParams: [
      { name: 'orderNo', type: 'string', description: 'order number' },
      {
        name: 'items',
        type: 'array',
        children: [{ name: 'price', type: 'number', description: 'price in cents' }],
      },
    ],
  });
  await save({ parentId: refunds, name: 'Refund order', url: '/refunds', httpMethod: 'PUT' });
  await save({ parentId: orders, name: 'List orders', url: '/orders', httpMethod: 'GET', deprecated: 'old' });
  const markdownDoc = await save({
    name: 'Billing guide',
    type: 3,
    description: '# Billing\n\nInvoices are **final**. Read [the FAQ](https://example.com/faq).',
  });
  const publicShare = (
    await call<{ id: string }>('/api/doc/share/add', {
      moduleId: module.id,
      type: 1,
      content: [{ docId: orders, isShareFolder: true }],
      remark: 'For partners',
    })
  ).id;
  const locked = await call<{ id: string; password: string }>('/api/doc/share/add', {
    moduleId: module.id,
    type: 2,
    isAll: true,
  });
  // A member in the space and the project, so the member tables have rows of both kinds.
  const member = await call<{ id: string }>('/api/system/reg', {
    username: `member-${suffix}`,
    password: 'member-pass-1',
    nickname: 'Han Meimei',
  });
  await call('/api/space/member/add', { spaceId: space.id, userIds: [member.id], roleCode: 'dev' });
  await call('/api/project/member/add', { projectId: project.id, userIds: [member.id], roleCode: 'dev' });

  const portal = await call<{ id: string }>('/api/space/add', { name: `Portal ${suffix}`, isCompose: true });
  const show = await call<{ id: string; password: string }>('/api/compose/project/add', {
    spaceId: portal.id,
    name: 'Partner portal',
    description: 'Everything a partner needs',
    type: 2,
  });
  const group = await call<{ id: string }>('/api/compose/doc/folder/add', {
    projectId: show.id,
    name: 'Payments',
  });
  await call('/api/compose/doc/add', { projectId: show.id, parentId: group.id, docList: [{ docId: doc }] });
  await call('/api/compose/additional/add', {
    projectId: show.id,
    title: 'Getting started',
    content: '# Welcome\n\nAsk for a key first.',
    contentKind: 'markdown',
  });

  // A release before the push below, so the changelog since it lists changes; a personal token to list.
  const release = await call<{ id: string }>('/api/project/release/add', {
    projectId: project.id,
    releaseNo: '1.0.0',
    releaseDesc: 'First public version',
  });
  await call('/api/user/token/add', { name: `CI ${suffix}`, scope: 'read', expiresInDays: 30 });

  // Messages: the admin follows the project and a push changes its docs.
  await call('/api/user/subscribe/project/subscribe', { sourceId: project.id });
  const pushToken = await call<string>(`/api/module/token/refresh?moduleId=${module.id}`);
  const apis = [
    { name: 'Ping', isFolder: '0', url: '/ping', httpMethod: 'GET', description: 'v2' },
    { name: 'Pong', isFolder: '0', url: '/pong', httpMethod: 'GET', description: 'v2' },
  ];
  const pushed = await api.post('/api', {
    data: {
      name: 'doc.push',
      version: '1.0',
      data: encodeURIComponent(JSON.stringify({ author: 'ci', isReplace: 0, apis })),
      access_token: pushToken,
    },
  });
  expect(pushed.ok()).toBe(true);
  return {
    token,
    space: space.id,
    composeSpace: portal.id,
    project: project.id,
    module: module.id,
    folder: orders,
    doc,
    markdownDoc,
    publicShare,
    lockedShare: locked.id,
    sharePassword: locked.password,
    show: show.id,
    showPassword: show.password,
    release: release.id,
  };
}

/** Waits until a screen has settled: the app replaced the light reader page, and nothing is loading. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  // The app has drawn its page (a route's code may still be loading after 'load': axe then saw an empty body).
  await expect(page.locator('main, [role="main"]').first()).toBeAttached();
  // The light pages (reader.html, changelog.html) have handed over to the app.
  await expect(page.locator('[data-reader-light], [data-changelog-light]')).toHaveCount(0);
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
  // Fonts and late renders (lazy panels, the bell's first count).
  await page.waitForTimeout(250);
}

export type Finding = { route: string; rule: string; impact: string; targets: string[]; summary: string };

/**
 * Best-practice rules run beside WCAG's: headings in order on every layout (`heading-order`), and landmarks
 * (one `main`, every content inside a landmark, unique landmark names). They are axe's `best-practice`
 * rules, not WCAG criteria, but issue 33 asks for them (screen readers navigate by headings and landmarks).
 */
export const STRUCTURE_RULES = [
  'heading-order',
  'landmark-one-main',
  'landmark-no-duplicate-main',
  'landmark-unique',
  'page-has-heading-one',
  'region',
];

/** Runs axe-core's WCAG 2.1 A/AA rules and the structure rules on the page as it is; one finding per rule. */
export async function axeFindings(page: Page, route: string, include?: string): Promise<Finding[]> {
  // Rules enabled by name run beside the tags (axe-core's ruleShouldRun: a rule's own `enabled` wins).
  const rules = Object.fromEntries(STRUCTURE_RULES.map((id) => [id, { enabled: true }]));
  const builder = new AxeBuilder({ page }).options({ rules }).withTags(WCAG_TAGS);
  if (include) builder.include(include);
  const result = await builder.analyze();
  return result.violations.map((violation) => ({
    route,
    rule: violation.id,
    impact: violation.impact ?? '',
    targets: violation.nodes.map((node) => node.target.join(' ')),
    summary: violation.nodes[0]?.failureSummary?.split('\n').slice(0, 3).join(' ') ?? violation.help,
  }));
}
