import type { DocDetail, Module, Perms } from '@quire/shared';
import { builtinResources } from '@quire/shared/i18n';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sentBodies, stubApi } from '../../test/api-stub.ts';
import { PROJECT_SCREEN_ABILITIES, permsWith } from '../../test/perms.ts';
import { envelope, renderRoutes } from '../../test/render.tsx';
import { i18n } from '../lib/i18n.ts';
import { DocEditPage } from './doc-edit-page.tsx';

// ProseMirror needs layout APIs jsdom lacks; the rich-text editor is a plain text area here.
vi.mock('../features/docs/components/rich-text-editor.tsx', () => ({
  RichTextEditor: ({
    value,
    onChange,
    label,
  }: {
    value: string;
    onChange: (v: string) => void;
    label: string;
  }) => <textarea aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />,
}));

const en = builtinResources.en as NonNullable<(typeof builtinResources)['en']>;

const MODULE: Module = {
  id: 'm1',
  name: 'order-service',
  projectId: 'p1',
  type: 0,
  orderIndex: 0,
  createTime: '2026-01-01T00:00:00Z',
};

function detail(overrides: Partial<DocDetail> = {}): DocDetail {
  return {
    id: 'd1',
    moduleId: 'm1',
    projectId: 'p1',
    parentId: '',
    isFolder: false,
    name: 'Create order',
    type: 0,
    url: '/orders',
    httpMethod: 'POST',
    contentType: 'application/json',
    description: '',
    descriptionKind: 'html',
    author: '',
    deprecated: '$false$',
    isShow: true,
    isLocked: false,
    orderIndex: 10000,
    revision: 3,
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
    responseParams: [
      {
        id: 'r1',
        name: 'data',
        type: 'object',
        required: true,
        maxLength: '64',
        example: '',
        description: '',
        enumId: '',
        enumContent: '',
        children: [],
      },
    ],
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
    ...overrides,
  };
}

function serve(save: (body: unknown) => unknown, current: () => DocDetail = () => detail()) {
  const perms: Perms = permsWith({ 'project:p1': ['dev', PROJECT_SCREEN_ABILITIES.dev] });
  return stubApi({
    'GET /api/user/perm/get': () => perms,
    'GET /api/module/info': () => MODULE,
    'GET /api/doc/detail': () => current(),
    'GET /api/doc/list': () => [],
    'GET /api/doc/enum/info/baselist': () => [],
    'POST /api/doc/save': ({ body }) => save(body),
  });
}

function renderEditor() {
  return renderRoutes(
    [
      { path: '/doc/edit/:moduleId/:docId', Component: DocEditPage },
      { path: '/elsewhere', element: <p>elsewhere</p> },
    ],
    '/doc/edit/m1/d1',
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('doc editor', { timeout: 30_000 }, () => {
  it('a stale save shows who saved first, their changes, and reloads on request', async () => {
    let name = 'Create order';
    const fetchMock = serve(
      () =>
        envelope(
          {
            updatedBy: 'alice',
            updatedAt: '2026-03-01T10:00:00Z',
            revision: 4,
            changes: [
              {
                target: 'field',
                kind: 'update',
                field: 'name',
                before: 'Create order',
                after: 'Place order',
              },
            ],
          },
          'doc.stale',
          'Someone saved first',
          409,
        ),
      () => detail({ name, revision: name === 'Create order' ? 3 : 4 }),
    );
    const user = userEvent.setup();
    renderEditor();
    const nameInput = await screen.findByLabelText(en.doc.name);
    fireEvent.change(nameInput, { target: { value: 'Mine' } });
    await user.click(screen.getByRole('button', { name: en.doc.save }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/alice/)).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/doc/save')[0]).toMatchObject({
      id: 'd1',
      revision: 3,
      name: 'Mine',
    });
    await user.click(within(dialog).getByRole('button', { name: en.doc.reviewChanges }));
    expect(await within(dialog).findByText('Place order')).toBeTruthy();

    name = 'Place order';
    await user.click(within(dialog).getByRole('button', { name: en.doc.reload }));
    await waitFor(() =>
      expect((screen.getByLabelText(en.doc.name) as HTMLInputElement).value).toBe('Place order'),
    );
  });

  it('imports a JSON sample with a root array into the response and saves the nested tree', async () => {
    const fetchMock = serve(() => ({ id: 'd1', revision: 4, updateTime: '2026-03-01T10:00:00Z' }));
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('tab', { name: new RegExp(en.doc.tables.responseParams) }));
    await user.click(screen.getByRole('button', { name: new RegExp(en.paramImport.button) }));
    const dialog = await screen.findByRole('dialog');
    const area = within(dialog).getByLabelText(en.paramImport.text);
    fireEvent.change(area, { target: { value: '[]' } });
    await user.click(within(dialog).getByRole('button', { name: en.paramImport.ok }));
    expect(await within(dialog).findByText(en.validation.root_array)).toBeTruthy();

    fireEvent.change(area, { target: { value: '[{"id": 1, "items": [{"sku": "A1", "tags": ["x"]}]}]' } });
    await user.click(within(dialog).getByRole('button', { name: en.paramImport.ok }));
    await waitFor(() => expect(screen.getByDisplayValue('sku')).toBeTruthy());
    expect(screen.queryByDisplayValue('data')).toBeNull();

    await user.click(screen.getByRole('button', { name: en.doc.save }));
    await waitFor(() => expect(sentBodies(fetchMock, 'POST /api/doc/save')).toHaveLength(1));
    const body = sentBodies(fetchMock, 'POST /api/doc/save')[0] as {
      isResponseArray: boolean;
      responseArrayType: string;
      responseParams: Array<{
        name: string;
        type: string;
        children: Array<{ name: string; type: string }>;
      }>;
    };
    expect(body.isResponseArray).toBe(true);
    expect(body.responseArrayType).toBe('object');
    expect(body.responseParams.map((r) => [r.name, r.type])).toEqual([
      ['id', 'number'],
      ['items', 'array'],
    ]);
    expect(body.responseParams[1]?.children.map((c) => [c.name, c.type])).toEqual([
      ['sku', 'string'],
      ['tags', 'str_array'],
    ]);
  });

  it('imports a header block pasted from the browser into the headers, and names a bad line', async () => {
    const fetchMock = serve(() => ({ id: 'd1', revision: 4, updateTime: '2026-03-01T10:00:00Z' }));
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('tab', { name: new RegExp(en.doc.tables.headerParams) }));
    await user.click(screen.getByRole('button', { name: new RegExp(en.paramImport.button) }));
    const dialog = await screen.findByRole('dialog');
    const area = within(dialog).getByLabelText(en.paramImport.text);
    fireEvent.change(area, { target: { value: 'X-Token: abc\nnot a header line' } });
    await user.click(within(dialog).getByRole('button', { name: en.paramImport.ok }));
    expect(
      await within(dialog).findByText('Line 2: write key: value, key=value or a tab between name and value'),
    ).toBeTruthy();

    fireEvent.change(area, { target: { value: 'GET /orders HTTP/1.1\nX-Token: abc\nX-Tenant: acme' } });
    expect(
      await within(dialog).findByText(en.paramImport.detected.replace('{0}', en.paramImport.format.lines)),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: en.paramImport.ok }));
    await waitFor(() => expect(screen.getByDisplayValue('X-Tenant')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: en.doc.save }));
    await waitFor(() => expect(sentBodies(fetchMock, 'POST /api/doc/save')).toHaveLength(1));
    const body = sentBodies(fetchMock, 'POST /api/doc/save')[0] as {
      headerParams: Array<{ name: string; example: string }>;
    };
    expect(body.headerParams.map((r) => [r.name, r.example])).toEqual([
      ['X-Token', 'abc'],
      ['X-Tenant', 'acme'],
    ]);
  });

  it('adds a child under an object row and deletes rows in the tree editor', async () => {
    serve(() => ({ id: 'd1', revision: 4, updateTime: '2026-03-01T10:00:00Z' }));
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('tab', { name: new RegExp(en.doc.tables.responseParams) }));
    await user.click(screen.getByRole('button', { name: new RegExp(`${en.doc.addChild} data$`) }));
    const child = screen.getByLabelText(`${en.doc.col.name} 2`);
    fireEvent.change(child, { target: { value: 'orderId' } });
    expect(screen.getByDisplayValue('orderId')).toBeTruthy();
    // Keyboard: arrow up moves to the same column of the row above.
    fireEvent.keyDown(child, { key: 'ArrowUp' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(`${en.doc.col.name} 1`)));

    await user.click(screen.getByRole('button', { name: new RegExp(`${en.doc.deleteRow} orderId$`) }));
    expect(screen.queryByDisplayValue('orderId')).toBeNull();
    await user.click(screen.getByRole('button', { name: new RegExp(`${en.doc.deleteRow} data$`) }));
    expect(screen.getByText(en.doc.noRows)).toBeTruthy();
  });

  it('asks before leaving with unsaved changes, and leaves freely once saved', async () => {
    serve(() => ({ id: 'd1', revision: 4, updateTime: '2026-03-01T10:00:00Z' }));
    const user = userEvent.setup();
    const { router } = renderEditor();
    const nameInput = await screen.findByLabelText(en.doc.name);
    fireEvent.change(nameInput, { target: { value: 'Create order!' } });
    void router.navigate('/elsewhere');
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getAllByText(en.doc.leaveTitle).length).toBeGreaterThan(0);
    await user.click(within(confirm).getByRole('button', { name: en.doc.stay }));
    expect(router.state.location.pathname).toBe('/doc/edit/m1/d1');

    // Toasts of earlier tests may still be on screen (antd's message is global): wait for one more.
    const toasts = screen.queryAllByText(en.doc.saved).length;
    await user.click(screen.getByRole('button', { name: en.doc.save }));
    await waitFor(() => expect(screen.queryAllByText(en.doc.saved).length).toBeGreaterThan(toasts));
    void router.navigate('/elsewhere');
    // Unmounting the editor (grid, rich text) can take seconds on a loaded CI machine.
    expect(await screen.findByText('elsewhere', {}, { timeout: 8000 })).toBeTruthy();
  }, 20_000);
});
