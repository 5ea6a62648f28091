import type { Job, TornaImportReport } from '@quire/shared';
import { builtinResources } from '@quire/shared/i18n';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sentBodies, stubApi } from '../../test/api-stub.ts';
import { renderRoutes } from '../../test/render.tsx';
import { i18n } from '../lib/i18n.ts';
import { AdminTornaPage } from './admin-torna-page.tsx';

const en = builtinResources.en as NonNullable<(typeof builtinResources)['en']>;
const URL_TYPED = 'mysql://torna:s3cret@10.0.0.5:3306/torna';

const report: TornaImportReport = {
  dryRun: true,
  version: 13100,
  tables: [
    {
      table: 'doc_info',
      torna: 11,
      added: 10,
      updated: 0,
      deleted: 0,
      unchanged: 0,
      left: [{ key: 'reason.soft_deleted', args: [], count: 1 }],
    },
    { table: 'gen_template2', torna: 0, added: 0, updated: 0, deleted: 0, unchanged: 0, left: [] },
  ],
  quire: { docs: 10, users: 5 },
  quireBefore: { docs: 0, users: 1 },
  notes: [
    { key: 'note.folder_missing', args: ['13', '孤儿', '99'] },
    {
      key: 'note.template_disabled',
      args: [
        '默认分组',
        'Vue',
        [
          { key: 'velocity.unsupported', args: ['set'] },
          { key: 'velocity.method_call', args: ['trim'] },
        ],
      ],
    },
  ],
  source: 'mysql://torna:***@10.0.0.5:3306/torna',
  elapsedMs: 1234,
};

function job(status: Job['status'], extra: Partial<Job> = {}): Job {
  return {
    id: 'job-1',
    kind: 'torna-import',
    moduleId: '',
    status,
    phase: status === 'running' ? 'doc_info' : '',
    done: status === 'running' ? 40 : 0,
    total: status === 'running' ? 100 : 0,
    progress: { done: 0, total: 0 },
    result: null,
    file: null,
    torna: null,
    error: null,
    createTime: '2026-11-28T06:00:00Z',
    finishTime: '',
    ...extra,
  };
}

describe('AdminTornaPage', { timeout: 60_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const renderPage = () =>
    renderRoutes([{ path: '/admin/torna', Component: AdminTornaPage }], '/admin/torna');

  it('refuses a URL that is not mysql:// before sending anything', async () => {
    const fetchMock = stubApi({});
    renderPage();
    const user = userEvent.setup();
    fireEvent.change(await screen.findByLabelText(en.tornaUi.url), { target: { value: 'http://torna/' } });
    await user.click(screen.getByRole('button', { name: en.tornaUi.dryRun }));
    expect(await screen.findByText(en.validation.torna_url)).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/admin/torna/dryRun')).toEqual([]);
  });

  it('runs a dry run, shows its progress by table, then the report on both sides', async () => {
    let polls = 0;
    const fetchMock = stubApi({
      'POST /api/admin/torna/dryRun': () => ({ jobId: 'job-1' }),
      'GET /api/job/get': () => (++polls < 2 ? job('running') : job('done', { torna: report })),
    });
    renderPage();
    const user = userEvent.setup();
    fireEvent.change(await screen.findByLabelText(en.tornaUi.url), { target: { value: URL_TYPED } });
    fireEvent.change(screen.getByLabelText(en.tornaUi.salt), { target: { value: 'pepper' } });
    await user.click(screen.getByRole('button', { name: en.tornaUi.dryRun }));
    expect(await screen.findByText(en.tornaUi.phaseTable.replace('{0}', 'doc_info'))).toBeTruthy();
    expect(await screen.findByText(en.tornaUi.dryRunDone, {}, { timeout: 5000 })).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/admin/torna/dryRun')).toEqual([
      { url: URL_TYPED, salt: 'pepper' },
    ]);
    const torna = screen.getByRole('table', { name: en.tornaUi.tornaSide });
    const row = within(torna).getByText('doc_info').closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['doc_info', '11', '10', '0', '0', '0', '1', '1 × soft-deleted in Torna']);
    // Empty tables are hidden until asked for.
    expect(within(torna).queryByText('gen_template2')).toBeNull();
    const quire = screen.getByRole('table', { name: en.tornaUi.quireSide });
    const docs = within(quire).getByText(en.tornaUi.kinds.docs).closest('tr') as HTMLElement;
    expect(
      within(docs)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([en.tornaUi.kinds.docs, '0', '10']);
    expect(screen.getByText(report.source)).toBeTruthy();
    expect(screen.queryByText(URL_TYPED)).toBeNull();
  });

  it('shows the reasons and notes in the reader’s language', async () => {
    await i18n.changeLanguage('zh-CN');
    stubApi({
      'POST /api/admin/torna/dryRun': () => ({ jobId: 'job-1' }),
      'GET /api/job/get': () => job('done', { torna: report }),
    });
    renderPage();
    const user = userEvent.setup();
    const zh = builtinResources['zh-CN'] as NonNullable<(typeof builtinResources)['zh-CN']>;
    fireEvent.change(await screen.findByLabelText(zh.tornaUi.url), { target: { value: URL_TYPED } });
    await user.click(screen.getByRole('button', { name: zh.tornaUi.dryRun }));
    const torna = await screen.findByRole('table', { name: zh.tornaUi.tornaSide }, { timeout: 5000 });
    const row = within(torna).getByText('doc_info').closest('tr') as HTMLElement;
    expect(within(row).getAllByRole('cell').at(-1)?.textContent).toBe('1 × 在 Torna 中已删除');
    await user.click(screen.getByText(zh.tornaUi.notes.replace('{0}', '2')));
    expect(await screen.findByText('文档 #13“孤儿”：其目录 #99 已删除或不存在；放在顶层')).toBeTruthy();
    expect(
      screen.getByText(
        '代码模板“默认分组 / Vue”已停用，需改写为 Liquid：#set 没有对应的 Liquid 写法；方法调用 .trim(…) 没有对应的 Liquid 写法',
      ),
    ).toBeTruthy();
  });

  it('shows a failed job with the server’s message', async () => {
    const message = 'Cannot reach the Torna database at mysql://torna:***@10.0.0.5:3306/torna (ECONNREFUSED)';
    stubApi({
      'POST /api/admin/torna/dryRun': () => ({ jobId: 'job-1' }),
      'GET /api/job/get': () => job('failed', { error: message }),
    });
    renderPage();
    const user = userEvent.setup();
    fireEvent.change(await screen.findByLabelText(en.tornaUi.url), { target: { value: URL_TYPED } });
    await user.click(screen.getByRole('button', { name: en.tornaUi.dryRun }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain(message));
    expect(alert.textContent).toContain(en.tornaUi.failed);
  });
});
