import type { DocDetail, ProjectChangelog, Release, ReleaseComparison } from '@quire/shared';
import { builtinResources } from '@quire/shared/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { named, sentBodies, stubApi } from '../../test/api-stub.ts';
import { PROJECT_SCREEN_ABILITIES, permsWith } from '../../test/perms.ts';
import { renderRoutes } from '../../test/render.tsx';
import { i18n } from '../lib/i18n.ts';
import { CHANGE_PAGE } from '../features/releases/components/change-list.tsx';
import { ProjectChangelogPage } from './project-changelog-page.tsx';
import { ProjectReleasePage } from './project-release-page.tsx';
import { ProjectReleaseReadPage } from './project-release-read-page.tsx';
import { ShareChangelog } from '../features/releases/components/share-changelog.tsx';

const en = builtinResources.en as NonNullable<(typeof builtinResources)['en']>;
const zh = builtinResources['zh-CN'] as NonNullable<(typeof builtinResources)['zh-CN']>;

const RELEASE: Release = {
  id: 'r1',
  projectId: 'p1',
  releaseNo: '1.0.0',
  releaseDesc: 'first',
  status: 1,
  dingdingWebhook: '',
  weComWebhook: '',
  gmtCreate: '2026-01-01T00:00:00Z',
  creatorName: 'Ann',
  docCount: 2,
  moduleSourceIdMap: { m1: ['d1', 'd2'] },
  isSubscribe: false,
};

const CHANGES: ReleaseComparison = {
  from: { id: 'r1', releaseNo: '1.0.0' },
  to: null,
  summary: {
    operations: { added: 1, removed: 0, changed: 1 },
    levels: { breaking: 1, 'non-breaking': 1, docs: 0 },
    breakingOperations: 1,
  },
  operations: [
    {
      key: 'GET /users/{id}',
      docId: 'd1',
      moduleId: 'm1',
      moduleName: 'Users',
      method: 'GET',
      url: '/users/{id}',
      name: 'Get user',
      kind: 'changed',
      level: 'breaking',
      changes: [{ rule: 'response-field-removed', level: 'breaking', where: 'response', path: 'data.age' }],
    },
    {
      key: 'GET /carts',
      docId: 'd3',
      moduleId: 'm1',
      moduleName: 'Users',
      method: 'GET',
      url: '/carts',
      name: 'Carts',
      kind: 'added',
      level: 'non-breaking',
      changes: [{ rule: 'operation-added', level: 'non-breaking', where: 'operation', path: '' }],
    },
  ],
};

const FROZEN: DocDetail = {
  id: 'd1',
  moduleId: 'm1',
  projectId: 'p1',
  parentId: '',
  isFolder: false,
  name: 'Get user (as released)',
  type: 0,
  url: '/users/{id}',
  httpMethod: 'GET',
  contentType: '',
  description: '',
  descriptionKind: 'html',
  author: '',
  deprecated: '$false$',
  isShow: true,
  isLocked: false,
  orderIndex: 10000,
  revision: 1,
  remark: '',
  isUseGlobalHeaders: true,
  isUseGlobalParams: true,
  isUseGlobalReturns: true,
  isRequestArray: false,
  isResponseArray: false,
  requestArrayType: 'object',
  responseArrayType: 'object',
  pathParams: [],
  headerParams: [],
  queryParams: [],
  requestParams: [],
  responseParams: [],
  errorCodeParams: [],
  dubboInfo: null,
  globalHeaders: [],
  globalParams: [],
  globalReturns: [],
  enums: [],
  creatorName: 'admin',
  modifierName: 'admin',
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
};

function serve(role: 'dev' | 'guest', releases: Release[], changes: ReleaseComparison = CHANGES) {
  return stubApi({
    'POST /api/project/release/bind/list': () => [
      {
        id: 'm1',
        name: 'Users',
        isFolder: 1,
        releaseId: 'r1',
        children: [
          {
            id: 'd1',
            name: 'Get user',
            httpMethod: 'GET',
            url: '/users/{id}',
            version: '',
            revision: 1,
            isFolder: 0,
          },
        ],
      },
    ],
    'GET /api/project/release/doc': ({ url }) => (url.searchParams.get('releaseId') === 'r1' ? FROZEN : null),
    'GET /api/module/environment/list': () => [],
    'GET /api/module/list': () => [
      {
        id: 'm1',
        name: 'Users',
        projectId: 'p1',
        type: 0,
        orderIndex: 0,
        createTime: '2026-01-01T00:00:00Z',
      },
    ],
    'GET /api/user/perm/get': () =>
      permsWith({
        'project:p1': [role, PROJECT_SCREEN_ABILITIES[role]],
        'space:s1': ['guest', ['space.read']],
      }),
    'GET /api/project/release/list': () => releases,
    'GET /api/project/release/compare': () => CHANGES,
    'POST /api/project/release/add': ({ body }) => ({ ...RELEASE, id: 'r2', ...(body as object) }),
    'POST /api/project/release/doc/subscribe': () => null,
    'POST /api/project/release/doc/cancelSubscribe': () => null,
    // As the server: the first `limit` operations, the summary counting them all.
    'GET /api/project/changelog': ({ url }): ProjectChangelog => ({
      releases,
      since: releases[0] ? { id: 'r1', releaseNo: '1.0.0', gmtCreate: RELEASE.gmtCreate } : null,
      changes: releases[0]
        ? {
            ...changes,
            operations: changes.operations.slice(0, Number(url.searchParams.get('limit') ?? Infinity)),
          }
        : null,
    }),
  });
}

describe('release and changelog pages', { timeout: 30_000 }, () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('a dev creates a release; the list shows the releases and what changed since one, breaking first', async () => {
    await i18n.changeLanguage('en');
    const fetchMock = serve('dev', [RELEASE]);
    renderRoutes(
      [{ path: '/project/release/:projectId', Component: ProjectReleasePage }],
      '/project/release/p1',
    );
    expect(await screen.findByText('1.0.0')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: `${en.releases.compareNow} 1.0.0` }));
    const list = await screen.findByRole('region', { name: en.releases.changelog });
    const items = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.dataset.level);
    expect(items.map((li) => li.dataset.level)).toEqual(['breaking', 'non-breaking']);
    expect(within(list).getByText('response-field-removed')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: named(en.releases.create) }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(en.releases.releaseNo), '2.0.0');
    await userEvent.click(within(dialog).getByRole('button', { name: en.common.create }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST /api/project/release/add')).toEqual([
        { projectId: 'p1', releaseNo: '2.0.0', releaseDesc: '', status: 1 },
      ]),
    );
  });

  it('a dev gives a new release its robots, refusing a URL that is not http(s), in both languages', async () => {
    for (const [language, texts] of [
      ['en', en],
      ['zh-CN', zh],
    ] as const) {
      await i18n.changeLanguage(language);
      const fetchMock = serve('dev', [RELEASE]);
      const view = renderRoutes(
        [{ path: '/project/release/:projectId', Component: ProjectReleasePage }],
        '/project/release/p1',
      );
      await userEvent.click(await screen.findByRole('button', { name: named(texts.releases.create) }));
      const dialog = await screen.findByRole('dialog');
      await userEvent.type(within(dialog).getByLabelText(texts.releases.releaseNo), '2.0.0');
      const ding = within(dialog).getByLabelText(texts.releases.dingtalkRobot);
      await userEvent.type(ding, 'ftp://robot.example/hook');
      await userEvent.click(within(dialog).getByRole('button', { name: named(texts.common.create) }));
      expect(await within(dialog).findByText(texts.validation.url)).toBeTruthy();
      expect(sentBodies(fetchMock, 'POST /api/project/release/add')).toEqual([]);
      await userEvent.clear(ding);
      await userEvent.type(ding, 'https://oapi.dingtalk.com/robot/send?access_token=t');
      await userEvent.type(
        within(dialog).getByLabelText(texts.releases.wecomRobot),
        'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k',
      );
      await userEvent.click(within(dialog).getByRole('button', { name: named(texts.common.create) }));
      await waitFor(() =>
        expect(sentBodies(fetchMock, 'POST /api/project/release/add')).toEqual([
          {
            projectId: 'p1',
            releaseNo: '2.0.0',
            releaseDesc: '',
            status: 1,
            dingdingWebhook: 'https://oapi.dingtalk.com/robot/send?access_token=t',
            weComWebhook: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k',
          },
        ]),
      );
      view.unmount();
      vi.unstubAllGlobals();
    }
  });

  it('a guest follows a release and stops following it', async () => {
    await i18n.changeLanguage('en');
    const fetchMock = serve('guest', [
      RELEASE,
      { ...RELEASE, id: 'r0', releaseNo: '0.9.0', isSubscribe: true },
    ]);
    renderRoutes(
      [{ path: '/project/release/:projectId', Component: ProjectReleasePage }],
      '/project/release/p1',
    );
    await userEvent.click(await screen.findByRole('button', { name: `${en.releases.follow} 1.0.0` }));
    await userEvent.click(screen.getByRole('button', { name: `${en.releases.unfollow} 0.9.0` }));
    await waitFor(() => {
      expect(sentBodies(fetchMock, 'POST /api/project/release/doc/subscribe')).toEqual([{ sourceId: 'r1' }]);
      expect(sentBodies(fetchMock, 'POST /api/project/release/doc/cancelSubscribe')).toEqual([
        { sourceId: 'r0' },
      ]);
    });
  });

  it('a guest reads releases without the create or delete buttons', async () => {
    await i18n.changeLanguage('en');
    serve('guest', [RELEASE]);
    renderRoutes(
      [{ path: '/project/release/:projectId', Component: ProjectReleasePage }],
      '/project/release/p1',
    );
    expect(await screen.findByText('1.0.0')).toBeTruthy();
    expect(screen.queryByRole('button', { name: named(en.releases.create) })).toBeNull();
    expect(screen.queryByRole('button', { name: `${en.releases.remove} 1.0.0` })).toBeNull();
  });

  it('the changelog shows the changes since the newest release, in Chinese too, or says there is none', async () => {
    await i18n.changeLanguage('zh-CN');
    const fetchMock = serve('guest', [RELEASE]);
    const view = renderRoutes(
      [{ path: '/project/changelog/:projectId', Component: ProjectChangelogPage }],
      '/project/changelog/p1',
    );
    expect(await screen.findByText(zh.releases.sinceRelease.replace('{0}', '1.0.0'))).toBeTruthy();
    expect(screen.getAllByText(zh.releases.breaking).length).toBeGreaterThan(0);
    // The changelog of one application: the selector asks for its changes.
    await userEvent.click(screen.getByRole('combobox', { name: zh.releases.application }));
    await userEvent.click(await screen.findByTitle('Users'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([input]) =>
            String(input).includes('/api/project/changelog') && String(input).includes('moduleId=m1'),
        ),
      ).toBe(true),
    );
    view.unmount();
    await i18n.changeLanguage('en');
    serve('guest', []);
    renderRoutes(
      [{ path: '/project/changelog/:projectId', Component: ProjectChangelogPage }],
      '/project/changelog/p1',
    );
    expect(await screen.findByText(en.releases.noReleaseYet)).toBeTruthy();
  });

  it('the changelog asks for the first operations only, then for more, in both languages', async () => {
    for (const [language, texts] of [
      ['en', en],
      ['zh-CN', zh],
    ] as const) {
      await i18n.changeLanguage(language);
      const total = CHANGE_PAGE + 7;
      const many: ReleaseComparison = {
        ...CHANGES,
        summary: { ...CHANGES.summary, operations: { added: total, removed: 0, changed: 0 } },
        operations: Array.from({ length: total }, (_, i) => ({
          ...(CHANGES.operations[1] as ReleaseComparison['operations'][number]),
          key: `GET /items/${i}`,
          docId: `d${i}`,
          name: `Item ${i}`,
        })),
      };
      const fetchMock = serve('guest', [RELEASE], many);
      const view = renderRoutes(
        [{ path: '/project/changelog/:projectId', Component: ProjectChangelogPage }],
        '/project/changelog/p1',
      );
      expect(await screen.findByText('Item 0')).toBeTruthy();
      const limits = () =>
        fetchMock.mock.calls
          .map(([input]) => new URL(String(input), 'http://localhost'))
          .filter((url) => url.pathname === '/api/project/changelog')
          .map((url) => url.searchParams.get('limit'));
      expect(limits()).toEqual([String(CHANGE_PAGE)]);
      expect(screen.queryByText(`Item ${CHANGE_PAGE}`)).toBeNull();
      const more = texts.releases.showMore.replace('{0}', '7').replace('{1}', String(total));
      await userEvent.click(screen.getByRole('button', { name: more }));
      expect(await screen.findByText(`Item ${total - 1}`)).toBeTruthy();
      expect(limits()).toEqual([String(CHANGE_PAGE), String(CHANGE_PAGE * 5)]);
      expect(screen.queryByRole('button', { name: more })).toBeNull();
      view.unmount();
      vi.unstubAllGlobals();
    }
  });

  it('reads a release as it froze its docs, with a release selector', async () => {
    await i18n.changeLanguage('en');
    serve('guest', [RELEASE, { ...RELEASE, id: 'r0', releaseNo: '0.9.0' }]);
    renderRoutes(
      [{ path: '/project/release/:projectId/:releaseId', Component: ProjectReleaseReadPage }],
      '/project/release/p1/r1',
    );
    expect(
      await screen.findByRole('heading', { name: en.releases.readTitle.replace('{0}', '1.0.0') }),
    ).toBeTruthy();
    const selector = screen.getByRole('combobox', { name: en.releases.selector });
    expect(selector).toBeTruthy();
    expect(screen.getByText(en.releases.pickDoc)).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: /Get user/ }));
    expect(await screen.findByText('Get user (as released)')).toBeTruthy();
  });

  it("a share's landing shows what changed since the newest release and links its Atom feed", async () => {
    await i18n.changeLanguage('en');
    stubApi({
      'GET /api/share/changelog': () => ({
        releases: [{ id: 'r1', releaseNo: '1.0.0', releaseDesc: '', gmtCreate: RELEASE.gmtCreate }],
        since: { id: 'r1', releaseNo: '1.0.0', gmtCreate: RELEASE.gmtCreate },
        changes: { operations: CHANGES.operations, summary: CHANGES.summary },
      }),
    });
    renderRoutes([{ path: '/share/:shareId', element: <ShareChangelog shareId="s1" /> }], '/share/s1');
    expect(await screen.findByText(en.releases.sinceRelease.replace('{0}', '1.0.0'))).toBeTruthy();
    expect(screen.getByText('response-field-removed')).toBeTruthy();
    expect(screen.getByRole('link', { name: en.releases.feed }).getAttribute('href')).toBe(
      '/share/s1/changelog.atom',
    );
  });
});
