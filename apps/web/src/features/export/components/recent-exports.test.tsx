import { builtinResources } from '@quire/shared/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi, stubObjectUrls } from '../../../../test/api-stub.ts';
import { envelope, renderRoutes } from '../../../../test/render.tsx';
import { i18n } from '../../../lib/i18n.ts';
import { RecentExports } from './recent-exports.tsx';

const en = builtinResources.en as NonNullable<(typeof builtinResources)['en']>;
const z = en.exportUi;

function renderList() {
  renderRoutes([{ path: '/', Component: () => <RecentExports moduleId="m1" /> }], '/');
}

const item = (id: string, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  format: 'word',
  style: 'allInOne',
  status,
  phase: '',
  done: 0,
  total: 0,
  fileName: null,
  size: null,
  downloadUrl: null,
  expiresAt: null,
  createdAt: '2026-11-25T08:00:00.000Z',
  error: null,
  ...extra,
});

const doneItem = (id: string, fileName: string) =>
  item(id, 'done', {
    fileName,
    size: 2048,
    downloadUrl: `/api/doc/export/download?id=${id}`,
    expiresAt: '2026-11-26T08:00:00.000Z',
  });

describe('RecentExports', { timeout: 45_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    stubObjectUrls();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says when there is no recent export', async () => {
    const fetchMock = stubApi({ 'GET /api/doc/export/list': () => [] });
    renderList();
    expect(await screen.findByText(z.recentEmpty)).toBeTruthy();
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
    expect(asked.map((u) => [u.pathname, u.searchParams.get('moduleId')])).toEqual([
      ['/api/doc/export/list', 'm1'],
    ]);
  });

  it('says when the list cannot be read', async () => {
    stubApi({
      'GET /api/doc/export/list': () => envelope(null, 'auth.forbidden', 'No permission', 403),
    });
    renderList();
    expect(await screen.findByText(z.recentError)).toBeTruthy();
  });

  it('lists files with a download, progress while one runs (polled until it is done), and failures', async () => {
    let reads = 0;
    const fetchMock = stubApi({
      'GET /api/doc/export/list': () => {
        reads += 1;
        return [
          reads < 2
            ? item('j3', 'running', {
                format: 'markdown',
                style: 'perDoc',
                phase: 'render',
                done: 3,
                total: 10,
              })
            : doneItem('j3', 'Shop.zip'),
          doneItem('j2', 'Shop.docx'),
          item('j1', 'failed', {
            format: 'html',
            error: 'The export took longer than 60 s; choose fewer docs',
          }),
        ];
      },
      'GET /api/doc/export/download': ({ url }) =>
        new Response('PK', {
          headers: {
            'Content-Disposition': `attachment; filename="Shop-${url.searchParams.get('id')}.docx"`,
          },
        }),
    });
    renderList();
    const user = userEvent.setup();
    // The running one: its format and style until it has a file, and its progress.
    expect(await screen.findByText(`Markdown, ${z.recentPerDoc}`)).toBeTruthy();
    expect(screen.getByText('Writing the file: 3 of 10 docs')).toBeTruthy();
    expect(
      screen.getByText('The export failed: The export took longer than 60 s; choose fewer docs'),
    ).toBeTruthy();
    const rows = screen.getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText('Shop.docx')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText(/^2\.0 KB, kept until /)).toBeTruthy();
    // Nothing to download for a failed export.
    expect(within(rows[2] as HTMLElement).queryByRole('button')).toBeNull();
    await user.click(screen.getByRole('button', { name: `${z.download} Shop.docx` }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    const downloads = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((u) => u.pathname === '/api/doc/export/download');
    expect(downloads.map((u) => u.searchParams.get('id'))).toEqual(['j2']);
    // The list is read again while one runs; once done, the file is offered and the polling stops.
    expect(
      await screen.findByRole('button', { name: `${z.download} Shop.zip` }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByText('Writing the file: 3 of 10 docs')).toBeNull();
    const settled = reads;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(reads).toBe(settled);
  });
});
