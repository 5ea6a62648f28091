import { builtinResources } from '@quire/shared/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sentBodies, stubApi } from '../../../../test/api-stub.ts';
import { envelope, renderRoutes } from '../../../../test/render.tsx';
import { i18n } from '../../../lib/i18n.ts';
import { GenerateCodeButton } from './generate-code-button.tsx';

const en = builtinResources.en as NonNullable<(typeof builtinResources)['en']>;
const z = en.genUi;

function renderButton() {
  renderRoutes([{ path: '/', Component: () => <GenerateCodeButton docId="d1" docName="Get order" /> }], '/');
}

const tree = [
  {
    groupName: 'Built-in',
    templates: [
      { id: 't1', name: 'TypeScript interfaces' },
      { id: 't2', name: 'Broken' },
    ],
  },
];

describe('GenerateCodeButton', { timeout: 45_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('renders the chosen template for the doc, and says why a render failed', async () => {
    const fetchMock = stubApi({
      'GET /api/doc/gen/template/tree': () => tree,
      'POST /api/doc/gen/generate': ({ body }) =>
        (body as { templateId: string }).templateId === 't1'
          ? { docName: 'Get order', content: 'export interface GetOrderResponse {}' }
          : envelope(null, 'gen.render_failed', 'The template could not be rendered: limit', 422),
    });
    renderButton();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Generate code/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('combobox', { name: z.template }));
    await user.click(await screen.findByTitle('TypeScript interfaces'));
    expect(await within(dialog).findByText('export interface GetOrderResponse {}')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: z.copy })).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/doc/gen/generate')).toEqual([{ docId: 'd1', templateId: 't1' }]);

    await user.click(within(dialog).getByRole('combobox', { name: z.template }));
    await user.click(await screen.findByTitle('Broken'));
    await waitFor(() =>
      expect(within(dialog).getByText('The template could not be rendered: limit')).toBeTruthy(),
    );
  });

  it('says when there are no templates', async () => {
    stubApi({ 'GET /api/doc/gen/template/tree': () => [] });
    renderButton();
    await userEvent.setup().click(screen.getByRole('button', { name: /Generate code/ }));
    expect(await screen.findByText(z.noTemplates)).toBeTruthy();
  });
});
