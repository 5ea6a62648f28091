import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { copyText } from '../lib/clipboard.ts';
import { i18n } from '../lib/i18n.ts';
import { CopyButton } from './copy-button.tsx';

/** Puts a Clipboard API on navigator (or takes it away with undefined), the way each browser offers it. */
function setClipboard(clipboard: Pick<Clipboard, 'writeText'> | undefined) {
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
}

/** A copy button inside the app's providers, so its toasts render as in the app. */
function renderButton() {
  renderRoutes([{ path: '/', element: <CopyButton text="https://api.example.com/users" /> }], '/');
  // fireEvent rather than user-event: user-event installs its own clipboard on navigator.
  return () => fireEvent.click(screen.getByRole('button'));
}

describe('copying to the clipboard', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
  });
  afterEach(() => {
    // Back to jsdom's own navigator, which has no clipboard.
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('copies the text and says so', async () => {
    const writeText = vi.fn(async () => undefined);
    setClipboard({ writeText });
    const click = renderButton();
    click();
    expect(await screen.findByText('已复制')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('https://api.example.com/users');
  });

  it('shows "copy failed" when the browser refuses the write, in zh-CN and in English', async () => {
    const writeText = vi.fn(async () => {
      throw new DOMException('Write permission denied.', 'NotAllowedError');
    });
    setClipboard({ writeText });
    const click = renderButton();
    click();
    expect(await screen.findByText('复制失败')).toBeTruthy();
    expect(screen.queryByText('已复制')).toBeNull();

    await act(() => i18n.changeLanguage('en'));
    click();
    expect(await screen.findByText('copy failed')).toBeTruthy();
    expect(writeText).toHaveBeenCalledTimes(2);
  });

  it('shows "clipboard not supported" where there is no Clipboard API, in zh-CN and in English', async () => {
    setClipboard(undefined);
    const click = renderButton();
    click();
    expect(await screen.findByText('浏览器不支持剪贴板')).toBeTruthy();

    await act(() => i18n.changeLanguage('en'));
    click();
    expect(await screen.findByText('clipboard not supported')).toBeTruthy();
  });

  it('answers whether the text was copied, for callers that go on only after a copy', async () => {
    renderRoutes([{ path: '/', element: <p>page</p> }], '/');
    await screen.findByText('page');
    setClipboard(undefined);
    await expect(copyText('x')).resolves.toBe(false);
    setClipboard({ writeText: () => Promise.reject(new Error('denied')) });
    await expect(copyText('x')).resolves.toBe(false);
    setClipboard({ writeText: async () => undefined });
    await expect(copyText('x')).resolves.toBe(true);
    await waitFor(() => expect(screen.getByText('已复制')).toBeTruthy());
  });
});
