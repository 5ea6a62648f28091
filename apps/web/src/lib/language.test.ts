import { StorageKeys } from '@quire/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from './i18n.ts';
import { changeAppLanguage, loadServerLanguage } from './language.ts';
import { setToken } from './storage.ts';

function answer(data: unknown): Response {
  return new Response(JSON.stringify({ code: '0', msg: '', data }), { status: 200 });
}

function requestedUrls(mock: ReturnType<typeof vi.fn>): string[] {
  return mock.mock.calls.map((call) => String(call[0]));
}

describe('language bootstrap', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(async () => {
    vi.stubGlobal('fetch', fetchMock);
    window.history.replaceState(null, '', '/login');
    await i18n.changeLanguage('zh-CN');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('without a stored language, follows the account language and loads its pack', async () => {
    fetchMock
      .mockResolvedValueOnce(answer({ content: null, defaultLang: 'zh-CN', userLang: 'en' }))
      .mockResolvedValueOnce(
        answer({ content: { common: { ok: 'Sure' } }, defaultLang: 'zh-CN', userLang: 'en' }),
      );

    await loadServerLanguage();

    expect(requestedUrls(fetchMock)).toEqual([
      '/api/system/i18n/get?lang=zh-CN',
      '/api/system/i18n/get?lang=en',
    ]);
    expect(i18n.language).toBe('en');
    expect(i18n.t('common.ok')).toBe('Sure');
    expect(document.documentElement.lang).toBe('en');
  });

  it('without a stored language or account language, uses the server default', async () => {
    fetchMock.mockResolvedValueOnce(answer({ content: null, defaultLang: 'zh-CN', userLang: null }));
    await loadServerLanguage();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(i18n.language).toBe('zh-CN');
  });

  it('keeps the language stored on this browser over the account and default ones', async () => {
    localStorage.setItem(StorageKeys.language, 'en');
    fetchMock.mockResolvedValueOnce(answer({ content: null, defaultLang: 'zh-CN', userLang: 'zh-CN' }));
    await loadServerLanguage();
    expect(requestedUrls(fetchMock)).toEqual(['/api/system/i18n/get?lang=en']);
    expect(i18n.language).toBe('en');
  });

  it('keeps the built-in strings when the server cannot be reached', async () => {
    vi.spyOn(console, 'warn').mockImplementationOnce(() => undefined);
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await loadServerLanguage();
    expect(i18n.language).toBe('zh-CN');
    expect(i18n.t('common.ok')).toBe('确定');
  });

  it('changing the language remembers it and saves it on the account when logged in', async () => {
    setToken('u1:s');
    fetchMock
      .mockResolvedValueOnce(answer({ content: null, defaultLang: 'zh-CN', userLang: 'zh-CN' }))
      .mockResolvedValueOnce(answer(null));

    await changeAppLanguage('en');

    expect(localStorage.getItem(StorageKeys.language)).toBe('en');
    expect(i18n.language).toBe('en');
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe('/api/user/lang/update');
    expect(init?.body).toBe(JSON.stringify({ lang: 'en' }));
  });

  it('changing the language while logged out saves nothing on the server', async () => {
    fetchMock.mockResolvedValueOnce(answer({ content: null, defaultLang: 'zh-CN', userLang: null }));
    await changeAppLanguage('en');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
