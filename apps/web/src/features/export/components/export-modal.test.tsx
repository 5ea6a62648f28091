import { builtinResources } from '@quire/shared/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sentBodies, stubApi } from '../../../../test/api-stub.ts';
import { envelope, renderRoutes } from '../../../../test/render.tsx';
import { i18n } from '../../../lib/i18n.ts';
import { ExportModal } from './export-modal.tsx';

const en = builtinResources.en as NonNullable<(typeof builtinResources)['en']>;
const z = en.exportUi;

function renderModal(onClose = vi.fn()) {
  renderRoutes(
    [
      {
        path: '/',
        Component: () => <ExportModal open module={{ id: 'm1', name: 'Shop' }} onClose={onClose} />,
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
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
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
});
