import { builtinResources } from '@quire/shared/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../test/api-stub.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { i18n } from '../../../lib/i18n.ts';
import { PushTokenCard } from './push-token-card.tsx';

const en = builtinResources.en as NonNullable<(typeof builtinResources)['en']>;
const TOKEN = 'qpt_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

describe('PushTokenCard', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('creates the first token and shows it once with the quire push command line', async () => {
    let hasToken = false;
    const fetchMock = stubApi({
      'GET /api/module/token/status': () => ({
        moduleId: 'm1',
        hasToken,
        createdAt: hasToken ? '2026-11-23T07:00:00Z' : '',
        creatorName: hasToken ? 'alice' : '',
        lastUsedAt: '',
      }),
      'GET /api/module/token/refresh': () => {
        hasToken = true;
        return TOKEN;
      },
    });
    renderRoutes([{ path: '/', Component: () => <PushTokenCard moduleId="m1" /> }], '/');
    expect(await screen.findByText(en.push.tokenNone)).toBeTruthy();
    expect(
      screen.getByText(/quire push openapi\.json --server http:\/\/localhost(:\d+)? --token <token>/),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: new RegExp(en.push.tokenCreate) }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(en.push.tokenShownOnce)).toBeTruthy();
    expect(within(dialog).getByText(TOKEN)).toBeTruthy();
    expect(within(dialog).getByText(new RegExp(`--token ${TOKEN}$`))).toBeTruthy();
    const refreshCalls = fetchMock.mock.calls.filter(([url]) => String(url).includes('/token/refresh'));
    expect(refreshCalls).toHaveLength(1);
    expect(String(refreshCalls[0]?.[0])).toContain('moduleId=m1');
    await userEvent.click(within(dialog).getByRole('button', { name: en.common.savedItClose }));
    expect(await screen.findByRole('button', { name: new RegExp(en.push.tokenRefresh) })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(TOKEN)).toBeNull());
  });
});
