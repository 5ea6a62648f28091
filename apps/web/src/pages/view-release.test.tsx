import { type DocDetail, type Release, StorageKeys, type ViewNodeWire } from '@quire/shared';
import { builtinResources } from '@quire/shared/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api-stub.ts';
import { renderRoutes } from '../../test/render.tsx';
import { ViewLayout } from '../layouts/view-layout.tsx';
import { i18n } from '../lib/i18n.ts';
import { ViewDocPage } from './view-doc-page.tsx';
import { ViewPage } from './view-page.tsx';

const en = builtinResources.en as NonNullable<(typeof builtinResources)['en']>;
const zh = builtinResources['zh-CN'] as NonNullable<(typeof builtinResources)['zh-CN']>;

const RELEASE: Release = {
  id: 'r1',
  projectId: 'p1',
  releaseNo: '1.0.0',
  releaseDesc: '',
  status: 1,
  dingdingWebhook: '',
  weComWebhook: '',
  gmtCreate: '2026-01-01T00:00:00Z',
  creatorName: 'Ann',
  docCount: 1,
  moduleSourceIdMap: { m1: ['d1'] },
  isSubscribe: false,
};

const LIVE: ViewNodeWire[] = [
  {
    id: 'm1',
    type: 1,
    label: 'Users',
    isFolder: true,
    children: [{ id: 'd2', type: 3, label: 'Carts now' }],
  },
];
const FROZEN_TREE: ViewNodeWire[] = [
  {
    id: 'm1',
    type: 1,
    label: 'Users',
    isFolder: true,
    children: [{ id: 'd1', type: 3, label: 'Orders frozen' }],
  },
];

function doc(id: string, name: string): DocDetail {
  return {
    id,
    moduleId: 'm1',
    projectId: 'p1',
    parentId: '',
    isFolder: false,
    name,
    type: 0,
    url: '/orders',
    httpMethod: 'GET',
    contentType: '',
    description: '',
    descriptionKind: 'html',
    author: '',
    deprecated: '$false$',
    isShow: true,
    isLocked: false,
    orderIndex: 0,
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
    creatorName: '',
    modifierName: '',
    createTime: '2026-01-01T00:00:00Z',
    updateTime: '2026-01-01T00:00:00Z',
  };
}

function serve() {
  return stubApi({
    'GET /api/doc/view/projects': () => [{ id: 's1', name: 'Space', projects: [{ id: 'p1', name: 'Shop' }] }],
    'GET /api/doc/view/dataByProject': () => LIVE,
    'GET /api/project/release/list': () => [RELEASE],
    'GET /api/project/release/tree': ({ url }) =>
      url.searchParams.get('releaseId') === 'r1' ? FROZEN_TREE : [],
    'GET /api/project/release/doc': ({ url }) =>
      url.searchParams.get('docId') === 'd1' ? doc('d1', 'Orders (deleted since)') : null,
    'GET /api/project/release/search': ({ url }) =>
      url.searchParams.get('q') === 'ord'
        ? [
            {
              id: 'd1',
              name: 'Orders frozen',
              url: '/orders',
              httpMethod: 'GET',
              docType: 0,
              deprecated: '$false$',
              moduleId: 'm1',
              moduleName: 'Users',
              projectId: 'p1',
              projectName: 'Shop',
            },
          ]
        : [],
    'GET /api/doc/search': () => [],
    'GET /api/module/environment/list': () => [],
    'GET /api/user/perm/get': () => ({ isSuperAdmin: false, spaces: {}, projects: {} }),
  });
}

function renderReader() {
  return renderRoutes(
    [
      {
        path: '/view',
        Component: ViewLayout,
        children: [
          { index: true, Component: ViewPage },
          { path: ':docId', Component: ViewDocPage },
        ],
      },
    ],
    '/view',
  );
}

describe('a release in the reader', { timeout: 90_000 }, () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    localStorage.clear();
    await i18n.changeLanguage('en');
  });

  it.each([
    ['en', en],
    ['zh-CN', zh],
  ] as const)('switches the tree, the doc page and search to the frozen docs (%s)', async (lang, texts) => {
    await i18n.changeLanguage(lang);
    // Every folder open, so the docs show in the tree.
    localStorage.setItem(StorageKeys.docViewTreeTrigger, 'true');
    const fetchMock = serve();
    const user = userEvent.setup();
    renderReader();
    // The first render compiles antd's styles: slow on a loaded machine.
    const slow = { timeout: 15_000 };
    const treeOf = () => screen.findByRole('tree', { name: texts.reader.treeLabel }, slow);
    expect(await within(await treeOf()).findByText('Carts now', {}, slow)).toBeTruthy();

    await user.click(await screen.findByRole('combobox', { name: texts.reader.release }));
    await user.click(await screen.findByTitle('1.0.0'));
    // The tree is rebuilt from the release (it shows a skeleton while the frozen tree loads).
    expect(await screen.findByText('Orders frozen', {}, slow)).toBeTruthy();
    const tree = await treeOf();
    expect(within(tree).queryByText('Carts now')).toBeNull();
    expect(await screen.findByText(texts.reader.releaseReading.replace('{0}', '1.0.0'))).toBeTruthy();

    // The frozen doc opens from the tree, deleted since or not.
    await user.click(within(tree).getByText('Orders frozen'));
    expect(await screen.findByRole('heading', { name: /Orders \(deleted since\)/ }, slow)).toBeTruthy();

    // Search asks the release, not the live docs.
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('combobox'), 'ord');
    expect(await within(dialog).findByRole('option', { name: /Orders frozen/ })).toBeTruthy();
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([input]) =>
          String(input).includes('/api/project/release/search?releaseId=r1'),
        ),
      ).toBe(true),
    );
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/doc/search'))).toBe(false);
  });

  it('stays in the chosen release over a reload, and leaves a release deleted since', async () => {
    localStorage.setItem(StorageKeys.docViewTreeTrigger, 'true');
    serve();
    const user = userEvent.setup();
    const slow = { timeout: 15_000 };
    const first = renderReader();
    await user.click(await screen.findByRole('combobox', { name: en.reader.release }, slow));
    await user.click(await screen.findByTitle('1.0.0'));
    expect(await screen.findByText('Orders frozen', {}, slow)).toBeTruthy();
    first.unmount();

    // A reload: the reader opens in the release.
    const second = renderReader();
    expect(await screen.findByText('Orders frozen', {}, slow)).toBeTruthy();
    expect(screen.queryByText('Carts now')).toBeNull();
    second.unmount();

    // The release is deleted meanwhile: the reader falls back to the docs as they are now.
    vi.unstubAllGlobals();
    stubApi({
      'GET /api/doc/view/projects': () => [
        { id: 's1', name: 'Space', projects: [{ id: 'p1', name: 'Shop' }] },
      ],
      'GET /api/doc/view/dataByProject': () => LIVE,
      'GET /api/project/release/list': () => [],
      'GET /api/project/release/tree': () =>
        new Response(JSON.stringify({ code: 'release.not_found', msg: 'Release not found', data: null }), {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        }),
      'GET /api/module/environment/list': () => [],
      'GET /api/user/perm/get': () => ({ isSuperAdmin: false, spaces: {}, projects: {} }),
    });
    renderReader();
    expect(await screen.findByText('Carts now', {}, slow)).toBeTruthy();
    expect(localStorage.getItem('quire.view.release')).toBeNull();
  });
});
