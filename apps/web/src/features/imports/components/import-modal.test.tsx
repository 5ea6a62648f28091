import type { Job } from '@quire/shared';
import { builtinResources } from '@quire/shared/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sentBodies, stubApi } from '../../../../test/api-stub.ts';
import { envelope, renderRoutes } from '../../../../test/render.tsx';
import { i18n } from '../../../lib/i18n.ts';
import { ImportModal } from './import-modal.tsx';

const en = builtinResources.en as NonNullable<(typeof builtinResources)['en']>;
const z = en.imports;

function job(status: Job['status'], extra: Partial<Job> = {}): Job {
  return {
    id: 'j1',
    kind: 'import',
    moduleId: 'm9',
    status,
    phase: status === 'running' ? 'convert' : '',
    done: 3,
    total: 10,
    progress: { done: 3, total: 10 },
    result: null,
    error: null,
    createTime: '2026-01-01T00:00:00Z',
    finishTime: '',
    ...extra,
  };
}

function renderModal(onOpenModule = vi.fn()) {
  renderRoutes(
    [
      {
        path: '/',
        Component: () => (
          <ImportModal open projectId="p1" onClose={() => undefined} onOpenModule={onOpenModule} />
        ),
      },
    ],
    '/',
  );
  return onOpenModule;
}

// Full antd dialogs and a polled job in jsdom are slow on a busy machine; allow them time.
describe('ImportModal', { timeout: 45_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('checks the URL, starts the import with basic auth, then follows the job to its result', async () => {
    const answers = [
      job('running'),
      job('running', { phase: 'write', done: 4, total: 10 }),
      job('done', {
        progress: { done: 10, total: 10 },
        result: {
          added: 9,
          updated: 0,
          removed: 1,
          unchanged: 0,
          removedDocs: [],
          warnings: ['TRACE /x skipped'],
        },
      }),
    ];
    const fetchMock = stubApi({
      'POST /api/module/import/swagger': () => ({ moduleId: 'm9', jobId: 'j1' }),
      'GET /api/job/get': () => answers.shift() ?? answers.at(-1) ?? job('done'),
    });
    const opened = renderModal();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(z.url), 'ftp://nope');
    await user.click(within(dialog).getByRole('button', { name: z.start }));
    expect(await within(dialog).findByText(z.urlInvalid)).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/module/import/swagger')).toEqual([]);

    await user.clear(within(dialog).getByLabelText(z.url));
    await user.type(within(dialog).getByLabelText(z.url), 'https://api.example.com/openapi.json');
    await user.type(within(dialog).getByLabelText(z.authUsername), 'reader');
    await user.type(within(dialog).getByLabelText(z.authPassword), 'pw');
    await user.click(within(dialog).getByRole('button', { name: z.start }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST /api/module/import/swagger')).toEqual([
        {
          projectId: 'p1',
          url: 'https://api.example.com/openapi.json',
          authUsername: 'reader',
          authPassword: 'pw',
          refreshMinutes: 0,
        },
      ]),
    );
    expect(await screen.findByText(en.jobs.phaseConvert)).toBeTruthy();
    expect(screen.getByText('3 / 10')).toBeTruthy();
    expect(await screen.findByText(en.jobs.phaseWrite, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('4 / 10')).toBeTruthy();
    expect(await screen.findByText(z.done, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(z.added)).toBeTruthy();
    expect(screen.getByText(`${z.warnings} (1)`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: z.viewDocs }));
    expect(opened).toHaveBeenCalledWith('m9');
  });

  it('shows the phase and count of a running job and cancels it', async () => {
    let cancelled = false;
    const fetchMock = stubApi({
      'POST /api/module/import/swagger': () => ({ moduleId: 'm9', jobId: 'j1' }),
      'GET /api/job/get': () =>
        cancelled ? job('cancelled', { phase: '' }) : job('running', { phase: 'parse', done: 0, total: 0 }),
      'POST /api/job/cancel': () => {
        cancelled = true;
        return job('cancelled', { phase: '' });
      },
    });
    renderModal();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(z.url), 'https://api.example.com/openapi.json');
    await user.click(within(dialog).getByRole('button', { name: z.start }));
    expect(await screen.findByText(en.jobs.phaseParse)).toBeTruthy();
    // A phase without a count shows no made-up numbers.
    expect(screen.queryByText('0 / 0')).toBeNull();
    await user.click(screen.getByRole('button', { name: en.jobs.cancel }));
    const confirm = await screen.findByRole('tooltip');
    await user.click(within(confirm).getByRole('button', { name: en.jobs.cancel }));
    expect(await screen.findByText(en.jobs.cancelled)).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/job/cancel')).toEqual([{ id: 'j1' }]);
  });

  it('shows a refusal from the server in the dialog and a failed job with its reason', async () => {
    let refuse = true;
    stubApi({
      'POST /api/module/import/swagger': () =>
        refuse
          ? envelope(null, 'import.source_required', 'Give the URL of the description or paste its text', 400)
          : { moduleId: 'm9', jobId: 'j1' },
      'GET /api/job/get': () => job('failed', { error: 'The text is not valid JSON: Unexpected end' }),
    });
    renderModal();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByText(z.sourceText));
    await user.type(within(dialog).getByLabelText(z.content), '{{"openapi"');
    await user.click(within(dialog).getByRole('button', { name: z.start }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'Give the URL of the description or paste its text',
    );
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: z.start }));
    expect(await screen.findByText('The text is not valid JSON: Unexpected end')).toBeTruthy();
    expect(screen.getByText(z.failed)).toBeTruthy();
    expect(screen.getByRole('button', { name: z.viewDocs })).toHaveProperty('disabled', true);
  });

  it('wants a file for Postman and Markdown imports', async () => {
    const fetchMock = stubApi({});
    renderModal();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByText(z.kindPostman));
    await user.click(within(dialog).getByRole('button', { name: z.start }));
    expect(await within(dialog).findByText(z.fileRequired)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('aimed at an application: starts on its kind and a file, and uploads into it with its moduleId', async () => {
    const fetchMock = stubApi({
      'POST /api/module/import/postman': () => ({ moduleId: 'm3', jobId: 'j1' }),
      'GET /api/job/get': () =>
        job('done', {
          kind: 'refresh',
          moduleId: 'm3',
          result: { added: 0, updated: 0, removed: 0, unchanged: 4, removedDocs: [], warnings: [] },
        }),
    });
    const opened = vi.fn();
    renderRoutes(
      [
        {
          path: '/',
          Component: () => (
            <ImportModal
              open
              projectId="p1"
              target={{ id: 'm3', name: 'Shop', kind: 'postman' }}
              onClose={() => undefined}
              onOpenModule={opened}
            />
          ),
        },
      ],
      '/',
    );
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Import into “Shop”')).toBeTruthy();
    expect(within(dialog).getByText(z.intoHint)).toBeTruthy();
    expect(within(dialog).getByText(z.fileHintPostman)).toBeTruthy();
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['{"info":{}}'], 'shop.json', { type: 'application/json' }));
    await user.click(within(dialog).getByRole('button', { name: z.start }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/module/import/postman')),
      ).toHaveLength(1),
    );
    const [, init] =
      fetchMock.mock.calls.find(([url]) => String(url).includes('/api/module/import/postman')) ?? [];
    const form = init?.body as FormData;
    expect(form.get('moduleId')).toBe('m3');
    expect(form.get('projectId')).toBe('p1');
    expect((form.get('file') as File).name).toBe('shop.json');
    expect(await screen.findByText(z.unchanged, {}, { timeout: 5000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: z.viewDocs }));
    expect(opened).toHaveBeenCalledWith('m3');
  });
});
