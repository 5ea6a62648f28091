import { builtinResources } from '@quire/shared/i18n';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { named, sentBodies, stubApi } from '../../test/api-stub.ts';
import { envelope, renderRoutes } from '../../test/render.tsx';
import { i18n } from '../lib/i18n.ts';
import { AdminGenPage } from './admin-gen-page.tsx';

const en = builtinResources.en as NonNullable<(typeof builtinResources)['en']>;

const TS = {
  id: 't1',
  groupName: 'TypeScript',
  name: 'Interfaces',
  content: 'export interface {{ doc.requestTypeName }} {}',
  updateTime: '2026-11-25T00:00:00Z',
  disabledNote: '',
};
/** A Torna template the import could not translate (docs/torna-import.md). */
const VELOCITY = {
  id: 't3',
  groupName: '前端',
  name: 'Vue 表格',
  content: '#set($jq="$")',
  updateTime: '2026-11-25T00:00:00Z',
  disabledNote: 'Velocity from Torna, to rewrite in Liquid: #set has no Liquid form',
};

function serve(options: { save?: () => Response; velocity?: boolean } = {}) {
  let tree = [{ groupName: 'TypeScript', templates: [{ id: 't1', name: 'Interfaces' }] }];
  return stubApi({
    'GET /api/admin/gen/template/tree': () =>
      options.velocity ? [...tree, { groupName: '前端', templates: [{ id: 't3', name: 'Vue 表格' }] }] : tree,
    'GET /api/admin/gen/template/listGroupName': () => ['TypeScript'],
    'GET /api/admin/gen/template/detail': ({ url }) =>
      url.searchParams.get('id') === 't1'
        ? TS
        : url.searchParams.get('id') === 't3'
          ? VELOCITY
          : envelope(null, 'gen.template_not_found', 'Template not found'),
    'POST /api/admin/gen/template/update': () => null,
    'POST /api/admin/gen/template/save': () => {
      if (options.save) return options.save();
      tree = [...tree, { groupName: 'Go', templates: [{ id: 't2', name: 'Struct' }] }];
      return { id: 't2' };
    },
    'POST /api/admin/gen/template/delete': () => {
      tree = [];
      return null;
    },
  });
}

// Full antd screens in jsdom are slow on a busy machine; allow them time.
describe('AdminGenPage', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const renderPage = () => renderRoutes([{ path: '/admin/gen', Component: AdminGenPage }], '/admin/gen');

  it('lists templates by group, opens one, and saves the edited text', async () => {
    const fetchMock = serve();
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByText('Interfaces'));
    const content = (await screen.findByLabelText(en.genUi.content)) as HTMLTextAreaElement;
    expect(content.value).toBe(TS.content);
    // What a template can use is written beside the editor.
    expect(screen.getByText(en.genUi.refFilters)).toBeTruthy();
    fireEvent.change(content, { target: { value: 'type {{ doc.name | pascal_case }} = {}' } });
    await user.click(screen.getByRole('button', { name: en.common.save }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST /api/admin/gen/template/update')).toEqual([
        {
          id: 't1',
          groupName: 'TypeScript',
          name: 'Interfaces',
          content: 'type {{ doc.name | pascal_case }} = {}',
        },
      ]),
    );
  });

  it("shows the server's syntax error with its line and column and keeps the text", async () => {
    const refusal = 'Template syntax error at line 1, column 4: tag "fo" not found';
    const fetchMock = serve({ save: () => envelope(null, 'gen.template_syntax', refusal, 400) });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: named(en.genUi.newTemplate) }));
    await user.type(await screen.findByLabelText(en.genUi.group), 'Go');
    await user.type(screen.getByLabelText(en.genUi.name), 'Struct');
    fireEvent.change(screen.getByLabelText(en.genUi.content), { target: { value: '{% fo %}' } });
    await user.click(screen.getByRole('button', { name: en.common.save }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect((screen.getByLabelText(en.genUi.content) as HTMLTextAreaElement).value).toBe('{% fo %}');
    expect(sentBodies(fetchMock, 'POST /api/admin/gen/template/save')).toEqual([
      { groupName: 'Go', name: 'Struct', content: '{% fo %}' },
    ]);
  });

  it('says why a template imported from Torna is disabled, above its Velocity text', async () => {
    serve({ velocity: true });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByText('Vue 表格'));
    expect(await screen.findByText(en.genUi.disabled)).toBeTruthy();
    expect(screen.getByText(VELOCITY.disabledNote)).toBeTruthy();
    await user.click(screen.getByText('Interfaces'));
    await screen.findByDisplayValue(TS.content);
    expect(screen.queryByText(en.genUi.disabled)).toBeNull();
  });

  it('requires a group and a name before saving', async () => {
    const fetchMock = serve();
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: named(en.genUi.newTemplate) }));
    await user.click(await screen.findByRole('button', { name: en.common.save }));
    const refusals = await screen.findAllByText(en.validation.required_max.replace('{0}', '64'));
    expect(refusals).toHaveLength(2);
    expect(sentBodies(fetchMock, 'POST /api/admin/gen/template/save')).toEqual([]);
  });

  it('deletes a template after confirming', async () => {
    const fetchMock = serve();
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByText('Interfaces'));
    await user.click(await screen.findByRole('button', { name: named(en.genUi.deleteTemplate) }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: en.genUi.deleteTemplate }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST /api/admin/gen/template/delete')).toEqual([{ id: 't1' }]),
    );
    expect(await screen.findByText(en.genUi.emptyTree)).toBeTruthy();
  });
});
