import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, envelopeOf, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { nowIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { writeSetting } from '../system/settings.repository.ts';

describe.each(testDialects())('i18n routes on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  async function storePack(lang: string, content: string) {
    const now = nowIso();
    await t.db
      .insertInto('i18nPacks')
      .values({ id: newId(), lang, description: `${lang} pack`, content, createdAt: now, updatedAt: now })
      .execute();
  }

  it('answers the default language zh-CN and no content for a built-in language without a pack', async () => {
    const response = await t.get('/api/system/i18n/get?lang=en');
    expect(envelopeOf(response)).toEqual({
      code: '0',
      msg: '',
      data: { content: null, defaultLang: 'zh-CN', userLang: null },
    });
  });

  it('answers a stored pack so the client merges it over the built-in strings', async () => {
    await storePack('en', JSON.stringify({ auth: { loginTitle: 'Sign in to ACME docs' } }));
    const body = envelopeOf<{ content: unknown }>(await t.get('/api/system/i18n/get?lang=en'));
    expect(body.data.content).toEqual({ auth: { loginTitle: 'Sign in to ACME docs' } });
  });

  it('falls back to empty content for a language nobody provided', async () => {
    const body = envelopeOf<{ content: unknown }>(await t.get('/api/system/i18n/get?lang=fr'));
    expect(body.data.content).toEqual({});
  });

  it("tells a logged-in user's stored language and follows an admin's default", async () => {
    const id = await t.createUser({ username: 'lang-user' });
    await t.db.updateTable('users').set({ lang: 'en' }).where('id', '=', id).execute();
    await writeSetting(t.db, 'torna.default-lang', 'en');
    const token = await t.login('lang-user');
    const body = envelopeOf<{ defaultLang: string; userLang: string }>(
      await t.get('/api/system/i18n/get', { token }),
    );
    expect(body.data).toMatchObject({ defaultLang: 'en', userLang: 'en' });
  });

  it('lists built-in languages then uploaded ones, without duplicating an override', async () => {
    await storePack('ja', '{}');
    await storePack('en', '{}');
    const body = envelopeOf<Array<{ lang: string }>>(await t.get('/api/system/i18n/lang/list'));
    expect(body.data.map((l) => l.lang)).toEqual(['zh-CN', 'en', 'ja']);
  });

  it('stores the language a user picks', async () => {
    await t.createUser({ username: 'picker' });
    const token = await t.login('picker');
    expect(envelopeOf(await t.post('/api/user/lang/update', { lang: 'en' }, { token })).code).toBe('0');
    expect(envelopeOf<{ lang: string }>(await t.get('/api/user/get', { token })).data.lang).toBe('en');
    const bad = await t.post('/api/user/lang/update', { lang: '<script>' }, { token });
    expect(bad.statusCode).toBe(400);
  });
});
