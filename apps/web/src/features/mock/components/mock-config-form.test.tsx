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
});
