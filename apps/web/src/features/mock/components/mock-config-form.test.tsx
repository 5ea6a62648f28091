import type { MockConfig } from '@quire/shared';
import { builtinResources } from '@quire/shared/i18n';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sentBodies, stubApi } from '../../../../test/api-stub.ts';
import { envelope, renderRoutes } from '../../../../test/render.tsx';
import { i18n } from '../../../lib/i18n.ts';
import { MockConfigForm } from './mock-config-form.tsx';

const en = builtinResources.en as NonNullable<(typeof builtinResources)['en']>;

const CONFIG: MockConfig = {
  id: 'm1',
  docId: 'd1',
  name: 'default',
  version: 0,
  isDefault: true,
  path: 'v0/users',
  mockUrl: '/mock/v0/users',
  requestDataType: 0,
  dataKv: [],
  dataJson: '',
  requestHeaders: [],
  httpStatus: 200,
  delayMills: 0,
  responseHeaders: [],
  resultType: 0,
  responseBody: '{"id":1}',
  mockScript: '',
  remark: '',
  creatorName: '',
  modifierName: '',
  gmtCreate: '2026-11-25T00:00:00Z',
  gmtModified: '2026-11-25T00:00:00Z',
};

describe('MockConfigForm run', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const renderForm = () =>
    renderRoutes([{ path: '/', element: <MockConfigForm config={CONFIG} canEdit /> }], '/');

  it('shows what a request would get', async () => {
    const fetchMock = stubApi({
      'POST /api/doc/mock/run': () => ({ status: 200, headers: {}, body: '{"id":1}', error: null, logs: [] }),
    });
    renderForm();
    await userEvent.setup().click(screen.getByRole('button', { name: en.mock.run }));
    expect(await screen.findByTestId('mock-result')).toBeTruthy();
    expect(screen.getByText('HTTP 200')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/doc/mock/run')).toHaveLength(1);
    expect(screen.queryByText(en.mock.runError)).toBeNull();
  });

  it("says 'run error' when the run call itself fails", async () => {
    stubApi({ 'POST /api/doc/mock/run': () => envelope(null, 'http.internal', 'boom', 500) });
    renderForm();
    await userEvent.setup().click(screen.getByRole('button', { name: en.mock.run }));
    expect(await screen.findByText(en.mock.runError)).toBeTruthy();
    expect(screen.queryByTestId('mock-result')).toBeNull();
  });

  it('says which response headers and types a mock may not send, and saves none of them', async () => {
    const fetchMock = stubApi({ 'POST /api/doc/mock/save': () => ({ id: 'm1', name: 'default' }) });
    const config: MockConfig = {
      ...CONFIG,
      responseHeaders: [
        { name: 'Clear-Site-Data', value: '"*"' },
        { name: 'Content-Type', value: 'text/javascript' },
      ],
    };
    renderRoutes([{ path: '/', element: <MockConfigForm config={config} canEdit /> }], '/');
    expect(screen.getByText(en.mock.headersHelp)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: en.mock.save }));
    expect(await screen.findByText(en.validation.mock_header.replace('{0}', 'clear-site-data'))).toBeTruthy();
    expect(screen.getByText(en.validation.mock_content_type.replace('{0}', 'text/javascript'))).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/doc/mock/save')).toHaveLength(0);
    // Allowed values save.
    const [name, , , value] = screen.getAllByRole('textbox', { name: new RegExp(en.mock.responseHeaders) });
    await user.clear(name as HTMLElement);
    await user.type(name as HTMLElement, 'X-Trace');
    await user.clear(value as HTMLElement);
    await user.type(value as HTMLElement, 'application/json');
    await user.click(screen.getByRole('button', { name: en.mock.save }));
    await vi.waitFor(() => expect(sentBodies(fetchMock, 'POST /api/doc/mock/save')).toHaveLength(1));
    expect(sentBodies(fetchMock, 'POST /api/doc/mock/save')[0]).toMatchObject({
      responseHeaders: [
        { name: 'X-Trace', value: '"*"' },
        { name: 'Content-Type', value: 'application/json' },
      ],
    });
  });
});
