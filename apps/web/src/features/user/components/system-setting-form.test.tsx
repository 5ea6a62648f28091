import { StorageKeys } from '@quire/shared';
import { builtinResources } from '@quire/shared/i18n';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../test/api-stub.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { i18n } from '../../../lib/i18n.ts';
import { SystemSettingForm } from './system-setting-form.tsx';

const en = builtinResources.en as NonNullable<(typeof builtinResources)['en']>;

function renderForm() {
  return renderRoutes([{ path: '/', Component: SystemSettingForm }], '/');
}

const tabSwitch = () => screen.getByRole('switch', { name: en.user.docTabSwitch });

describe('SystemSettingForm doc tab switch', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    stubApi({ 'GET /api/system/i18n/lang/list': () => [] });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows "Open docs as tabs" on when torna.doc.view.tab.switch was never stored', () => {
    renderForm();
    expect(localStorage.getItem(StorageKeys.docViewTabSwitch)).toBeNull();
    expect(tabSwitch().getAttribute('aria-checked')).toBe('true');
  });

  it('stores the switch turned off under torna.doc.view.tab.switch and shows it off next time', async () => {
    const view = renderForm();
    await userEvent.click(tabSwitch());
    await userEvent.click(screen.getByRole('button', { name: en.common.save }));
    await waitFor(() => expect(localStorage.getItem(StorageKeys.docViewTabSwitch)).toBe('false'));
    expect(await screen.findByText(en.common.saved)).toBeTruthy();

    view.unmount();
    renderForm();
    expect(tabSwitch().getAttribute('aria-checked')).toBe('false');
  });
});
