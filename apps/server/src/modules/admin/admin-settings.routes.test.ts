import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError, expectOk, newUser } from '../../../test/org-fixture.ts';
import { createTestApp, envelopeOf, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

interface Pack {
  id: string;
  lang: string;
  description: string;
}

describe.each(testDialects())('admin settings and language packs on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    token = (await newUser(t, { isSuperAdmin: true })).token;
  });
  afterEach(async () => {
    await t.close();
  });

  it('turns registration off (the register call then refuses) and sets the default language', async () => {
    expect(await expectOk(t.get('/api/admin/setting/get', { token }))).toEqual({
      enableReg: true,
      defaultLang: 'zh-CN',
    });
    expect(
      await expectOk(t.post('/api/admin/setting/update', { enableReg: false, defaultLang: 'en' }, { token })),
    ).toEqual({
      enableReg: false,
      defaultLang: 'en',
    });
    await expectError(
      t.post('/api/system/reg', { username: 'late', password: 'late-pass', nickname: 'Late' }),
      403,
      'auth.registration_closed',
    );
    const i18n = envelopeOf<{ defaultLang: string }>(await t.get('/api/system/i18n/get'));
    expect(i18n.data.defaultLang).toBe('en');
    const msg = await expectError(
      t.post('/api/admin/setting/update', { defaultLang: 'fr' }, { token }),
      400,
      'i18n.lang_unknown',
    );
    expect(msg).toBe('No language pack for "fr"');
    await expectError(
      t.post('/api/admin/setting/update', { defaultLang: 'fr_FR!' }, { token }),
      400,
      'validation.invalid_input',
    );
    expect(
      (await expectOk<{ defaultLang: string }>(t.get('/api/admin/setting/get', { token }))).defaultLang,
    ).toBe('en');
  });

  it('saves a pack from file text or an object, lists, reads, replaces and deletes it', async () => {
    const saved = await expectOk<Pack>(
      t.post(
        '/api/admin/i18n/save',
        { lang: 'fr', description: 'Français', content: '{"common":{"ok":"D\'accord"}}' },
        { token },
      ),
    );
    expect(saved).toMatchObject({ lang: 'fr', description: 'Français' });
    await expectOk(
      t.post(
        '/api/admin/i18n/save',
        { lang: 'fr', description: 'French', content: { common: { ok: 'OK!' } } },
        { token },
      ),
    );
    const list = await expectOk<Pack[]>(t.get('/api/admin/i18n/list', { token }));
    expect(list).toEqual([expect.objectContaining({ id: saved.id, lang: 'fr', description: 'French' })]);
    expect(list[0]).not.toHaveProperty('content');
    const detail = await expectOk<Pack & { content: unknown }>(
      t.get(`/api/admin/i18n/get?id=${saved.id}`, { token }),
    );
    expect(detail.content).toEqual({ common: { ok: 'OK!' } });
    const langs = envelopeOf<Array<{ lang: string }>>(await t.get('/api/system/i18n/lang/list')).data.map(
      (l) => l.lang,
    );
    expect(langs).toContain('fr');
    await expectOk(t.post('/api/admin/i18n/delete', { id: saved.id }, { token }));
    expect(await expectOk(t.get('/api/admin/i18n/list', { token }))).toEqual([]);
    await expectError(
      t.post('/api/admin/i18n/delete', { id: saved.id }, { token }),
      404,
      'i18n.pack_not_found',
    );
  });

  it('refuses content that is not a JSON object of texts, or that names prototype keys', async () => {
    const bad: Array<[unknown, string]> = [
      ['not json', 'JSON'],
      ['[1,2]', '{}'],
      ['"text"', '{}'],
      ['{"__proto__":{"polluted":"yes"}}', '__proto__'],
      ['{"common":{"constructor":{"prototype":"x"}}}', 'common.constructor'],
      [{ common: { constructor: 'x' } }, 'common.constructor'],
      [{ common: { ok: 1 } }, 'common.ok'],
      [{ common: ['a'] }, 'common'],
    ];
    for (const [content, where] of bad) {
      const msg = await expectError(
        t.post('/api/admin/i18n/save', { lang: 'de', description: 'Deutsch', content }, { token }),
        400,
        'i18n.content_invalid',
      );
      expect(msg).toBe(`The language pack must be a JSON object of texts: ${where}`);
    }
    expect(await expectOk(t.get('/api/admin/i18n/list', { token }))).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses language tags that are not tags', async () => {
    for (const lang of ['', 'f', 'fr FR', '../etc', 'zh_CN']) {
      const msg = await expectError(
        t.post('/api/admin/i18n/save', { lang, description: 'x', content: {} }, { token }),
        400,
        'validation.invalid_input',
      );
      expect(msg).toMatch(/^body\.lang: Error Content, support letter\/numer\/-\/_/);
    }
  });

  it('keeps the pack of the default language until another default is chosen', async () => {
    const pack = await expectOk<Pack>(
      t.post('/api/admin/i18n/save', { lang: 'ja', description: '日本語', content: {} }, { token }),
    );
    await expectOk(t.post('/api/admin/setting/update', { defaultLang: 'ja' }, { token }));
    await expectError(t.post('/api/admin/i18n/delete', { id: pack.id }, { token }), 409, 'i18n.pack_in_use');
    await expectOk(t.post('/api/admin/setting/update', { defaultLang: 'zh-CN' }, { token }));
    await expectOk(t.post('/api/admin/i18n/delete', { id: pack.id }, { token }));
  });
});
