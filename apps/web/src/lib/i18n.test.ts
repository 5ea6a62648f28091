import { builtinResources } from '@quire/shared/i18n';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguagePack, createI18n, mergePack, pickStartupLanguage } from './i18n.ts';

describe('pickStartupLanguage', () => {
  it('prefers the language stored on this browser', () => {
    expect(pickStartupLanguage('en', '?lang=zh')).toBe('en');
  });

  it('reads ?lang= next, mapping zh to zh-CN', () => {
    expect(pickStartupLanguage(null, '?lang=zh')).toBe('zh-CN');
    expect(pickStartupLanguage(null, '?lang=en')).toBe('en');
  });

  it('defaults to zh-CN', () => {
    expect(pickStartupLanguage(null, '')).toBe('zh-CN');
  });
});

describe('mergePack', () => {
  it('deep-merges server strings over the built-in ones without touching the originals', () => {
    const base = { common: { ok: 'OK', cancel: 'Cancel' }, auth: { login: 'Log in' } };
    const merged = mergePack(base, { common: { ok: 'Fine' }, extra: { hello: 'Hi' } });
    expect(merged).toEqual({
      common: { ok: 'Fine', cancel: 'Cancel' },
      auth: { login: 'Log in' },
      extra: { hello: 'Hi' },
    });
    expect(base.common.ok).toBe('OK');
  });

  it('ignores prototype keys and values that are not strings or objects', () => {
    const hostile = JSON.parse(
      '{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}, "common": {"ok": 5, "cancel": ["x"], "__proto__": {"x": "y"}}}',
    ) as unknown;
    const merged = mergePack({ common: { ok: 'OK' } }, hostile);
    expect(merged).toEqual({ common: { ok: 'OK' } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(merged, '__proto__')).toBe(false);
  });
});

describe('applyLanguagePack', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('merges the server content over the built-in pack of that language', async () => {
    const instance = createI18n('en');
    await applyLanguagePack(instance, 'en', { common: { ok: 'Alright' } });
    await instance.changeLanguage('en');
    expect(instance.t('common.ok')).toBe('Alright');
    expect(instance.t('common.cancel')).toBe(builtinResources.en?.common.cancel);
    expect(console.warn).not.toHaveBeenCalled();
  });

  it('uses an uploaded pack for a custom language and falls back to zh-CN for its gaps', async () => {
    const instance = createI18n('zh-CN');
    await applyLanguagePack(instance, 'ja', { common: { ok: 'はい' } });
    await instance.changeLanguage('ja');
    expect(instance.t('common.ok')).toBe('はい');
    expect(instance.t('common.cancel')).toBe('取消');
  });

  it('warns and falls back to empty, then zh-CN, for a language without any pack', async () => {
    const instance = createI18n('zh-CN');
    await applyLanguagePack(instance, 'fr', {});
    await instance.changeLanguage('fr');
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('"fr"'));
    expect(instance.t('common.requestError')).toBe('请求异常，请查看日志');
  });

  it('loads the English pack only when it is asked for', async () => {
    const instance = createI18n('zh-CN');
    expect(instance.hasResourceBundle('en', 'translation')).toBe(false);
    await instance.changeLanguage('en');
    expect(instance.t('common.cancel')).toBe(builtinResources.en?.common.cancel);
  });

  it('keeps server strings when the built-in pack is read again after them', async () => {
    const instance = createI18n('en');
    await applyLanguagePack(instance, 'en', { common: { ok: 'Alright' } });
    await instance.reloadResources(['en']);
    expect(instance.t('common.ok')).toBe('Alright');
    expect(instance.t('common.cancel')).toBe(builtinResources.en?.common.cancel);
  });

  it('fills {0} placeholders', async () => {
    const instance = createI18n('en');
    await instance.loadLanguages('en');
    expect(instance.t('validation.max', { 0: 64 })).toBe('Max length is 64');
  });

  it('treats an empty uploaded string as untranslated', async () => {
    const instance = createI18n('en');
    await applyLanguagePack(instance, 'en', { common: { ok: '' } });
    await instance.changeLanguage('en');
    expect(instance.t('common.ok')).not.toBe('');
  });
});
