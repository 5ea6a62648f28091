import { builtinResources } from '@quire/shared/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sentBodies, stubApi, stubObjectUrls } from '../../../../test/api-stub.ts';
import { envelope, renderRoutes } from '../../../../test/render.tsx';
import { i18n } from '../../../lib/i18n.ts';
import { ExportModal } from './export-modal.tsx';

const en = builtinResources.en as NonNullable<(typeof builtinResources)['en']>;
const z = en.exportUi;

function renderModal(onClose = vi.fn(), projectId?: string) {
  renderRoutes(
    [
      {
        path: '/',
        Component: () => (
          <ExportModal open module={{ id: 'm1', name: 'Shop' }} projectId={projectId} onClose={onClose} />
        ),
      },
    ],
    '/',
  );
  return onClose;
}

const environments = [
  { id: 'e1', moduleId: 'm1', name: 'dev', baseUrl: 'http://127.0.0.1:7901', isPublic: false, orderIndex: 0 },
  {
    id: 'e2',
    moduleId: 'm1',
    name: 'prod',
    baseUrl: 'https://api.example.test',
    isPublic: true,
    orderIndex: 1,
  },
];

describe('ExportModal', { timeout: 45_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    stubObjectUrls();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('exports the application with the ticked environments and downloads the file', async () => {
    const fetchMock = stubApi({
      'GET /api/module/environment/list': () => environments,
      'POST /api/doc/export': () =>
        new Response('# Shop', {
          headers: {
            'Content-Type': 'text/markdown; charset=utf-8',
            'Content-Disposition': `attachment; filename="Shop.md"; filename*=UTF-8''${encodeURIComponent('Shop.md')}`,
          },
        }),
    });
    const closed = renderModal();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByLabelText('dev (http://127.0.0.1:7901)'));
    await user.click(within(dialog).getByLabelText(z.perDoc));
    await user.click(within(dialog).getByRole('button', { name: z.submit }));
    await waitFor(() => expect(closed).toHaveBeenCalled());
    expect(sentBodies(fetchMock, 'POST /api/doc/export')).toEqual([
      { format: 'markdown', moduleId: 'm1', environmentIds: ['e1'], style: 'perDoc', openapiFormat: 'json' },
    ]);
    expect(URL.createObjectURL).toHaveBeenCalled();
  });

  it.each([
    ['en', en],
    ['zh-CN', builtinResources['zh-CN'] as NonNullable<(typeof builtinResources)['zh-CN']>],
  ] as const)('exports a release of the project instead of the docs now (%s)', async (language, texts) => {
    await i18n.changeLanguage(language);
    const fetchMock = stubApi({
      'GET /api/module/environment/list': () => [],
      'GET /api/project/release/list': () => [
        {
          id: 'r7',
          projectId: 'p1',
          releaseNo: '2.0.0',
          releaseDesc: '',
          status: 1,
          dingdingWebhook: '',
          weComWebhook: '',
          gmtCreate: '2026-01-01T00:00:00Z',
          creatorName: 'Ann',
          docCount: 3,
          moduleSourceIdMap: {},
          isSubscribe: false,
        },
      ],
      'POST /api/doc/export': () =>
        new Response('{}', {
          headers: {
            'Content-Type': 'application/json',
            'Content-Disposition': `attachment; filename="Shop.json"`,
          },
        }),
    });
    const closed = renderModal(vi.fn(), 'p1');
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog');
    const content = await within(dialog).findByLabelText(texts.exportUi.content);
    await user.click(content);
    await user.click(
      await screen.findByText(texts.exportUi.contentRelease.replace('{0}', '2.0.0'), {
        selector: '.ant-select-item-option-content',
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: texts.exportUi.submit }));
    await waitFor(() => expect(closed).toHaveBeenCalled());
    expect(sentBodies(fetchMock, 'POST /api/doc/export')).toEqual([
      {
        format: 'markdown',
        moduleId: 'm1',
        environmentIds: [],
        style: 'allInOne',
        openapiFormat: 'json',
        releaseId: 'r7',
      },
    ]);
  });

  it("shows the server's refusal in the dialog", async () => {
    stubApi({
      'GET /api/module/environment/list': () => environments,
      'POST /api/doc/export': () =>
        envelope(null, 'export.environments_required', 'environments must be ticked', 400),
    });
    const closed = renderModal();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByLabelText('dev (http://127.0.0.1:7901)');
    await user.click(within(dialog).getByRole('button', { name: z.submit }));
    expect(await within(dialog).findByText('environments must be ticked')).toBeTruthy();
    expect(closed).not.toHaveBeenCalled();
  });

  it('says when the application has no environments', async () => {
    stubApi({ 'GET /api/module/environment/list': () => [] });
    renderModal();
    expect(await screen.findByText(z.noEnvironments)).toBeTruthy();
  });

  const row = (id: string, name: string, parentId = '', isFolder = false) => ({
    id,
    parentId,
    name,
    url: isFolder ? '' : `/${id}`,
    httpMethod: isFolder ? '' : 'GET',
    type: 0,
    isFolder,
    deprecated: '$false$',
    isShow: true,
    isLocked: false,
    orderIndex: 0,
  });

  it('exports chosen docs as HTML: a ticked folder is sent once, its docs come with it', async () => {
    const fetchMock = stubApi({
      'GET /api/module/environment/list': () => [],
      'GET /api/doc/list': () => [
        row('f1', 'Orders', '', true),
        row('d1', 'Get order', 'f1'),
        row('d2', 'Pay order', 'f1'),
        row('d3', 'Login'),
      ],
      'POST /api/doc/export': () =>
        new Response('<!DOCTYPE html>', {
          headers: {
            'Content-Type': 'text/html; charset=utf-8',
            'Content-Disposition': 'attachment; filename="Shop.html"',
          },
        }),
    });
    const closed = renderModal();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: z.format }));
    await user.click(await screen.findByTitle(z.html));
    await user.click(within(dialog).getByLabelText(z.scopeChosen));
    const folder = await within(dialog).findByText('Orders');
    const node = folder.closest('.ant-tree-treenode');
    const box = node?.querySelector('.ant-tree-checkbox');
    if (!box) throw new Error('no checkbox on the folder');
    await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: z.submit }));
    await waitFor(() => expect(closed).toHaveBeenCalled());
    expect(sentBodies(fetchMock, 'POST /api/doc/export')).toEqual([
      { format: 'html', docIds: ['f1'], environmentIds: [], style: 'allInOne', openapiFormat: 'json' },
    ]);
  });

  it("sends an empty selection when nothing is ticked, and shows the server's 'Please choose doc'", async () => {
    const fetchMock = stubApi({
      'GET /api/module/environment/list': () => [],
      'GET /api/doc/list': () => [row('d3', 'Login')],
      'POST /api/doc/export': () => envelope(null, 'export.no_docs', 'Please choose doc', 400),
    });
    renderModal();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText(z.scopeChosen));
    await within(dialog).findByText('Login');
    await user.click(within(dialog).getByRole('button', { name: z.submit }));
    expect(await within(dialog).findByText('Please choose doc')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/doc/export')).toMatchObject([{ docIds: [] }]);
  });

  it('follows a large export as a job, then downloads its file', async () => {
    let polls = 0;
    let listReads = 0;
    const job = (status: string, extra: Record<string, unknown> = {}) => ({
      id: 'j1',
      kind: 'export',
      moduleId: 'm1',
      status,
      phase: status === 'running' ? 'render' : '',
      done: 3,
      total: 10,
      progress: { done: 3, total: 10 },
      result: null,
      error: null,
      createTime: '',
      finishTime: '',
      ...extra,
    });
    const fetchMock = stubApi({
      'GET /api/module/environment/list': () => [],
      'POST /api/doc/export': () => envelope({ jobId: 'j1' }, '0', '', 202),
      'GET /api/doc/export/list': () => {
        listReads += 1;
        return [];
      },
      'GET /api/job/get': () => {
        polls += 1;
        return polls < 2
          ? job('running')
          : job('done', {
              file: {
                fileName: 'Shop.docx',
                size: 2048,
                downloadUrl: '/api/doc/export/download?id=j1',
                expiresAt: '2026-11-26T00:00:00.000Z',
              },
            });
      },
      'GET /api/doc/export/download': () =>
        new Response('PK', { headers: { 'Content-Disposition': 'attachment; filename="Shop.docx"' } }),
    });
    renderModal();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(z.recentEmpty)).toBeTruthy();
    expect(listReads).toBe(1);
    await user.click(within(dialog).getByRole('button', { name: z.submit }));
    expect(await within(dialog).findByText('Writing the file: 3 of 10 docs')).toBeTruthy();
    // The dialog reads its recent exports again once the job is queued.
    await waitFor(() => expect(listReads).toBe(2));
    expect(
      await within(dialog).findByText(
        'Shop.docx is ready (2.0 KB); only you can download it, for a day.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    const downloads = fetchMock.mock.calls.filter(([input]) =>
      String(input).includes('/doc/export/download'),
    );
    expect(
      downloads.map(([input]) => new URL(String(input), 'http://localhost').searchParams.get('id')),
    ).toEqual(['j1']);
  });
});
