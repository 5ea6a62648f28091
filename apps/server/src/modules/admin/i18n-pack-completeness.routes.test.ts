import { builtinResources, packKeys } from '@quire/shared/i18n';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectOk, newUser } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

interface SaveResult {
  lang: string;
  missingCount: number;
  missingKeys: string[];
  unknownCount: number;
  unknownKeys: string[];
}

describe.each(testDialects())(
  'an uploaded language pack is checked against the built-in keys on %s',
  (dialect) => {
    let t: TestApp;
    let token: string;
    beforeEach(async () => {
      t = await createTestApp(dialect);
      token = (await newUser(t, { isSuperAdmin: true })).token;
    });
    afterEach(async () => {
      await t.close();
    });

    it('reports nothing for a complete pack', async () => {
      const result = await expectOk<SaveResult>(
        t.post(
          '/api/admin/i18n/save',
          { lang: 'en-GB', description: 'British', content: builtinResources.en },
          { token },
        ),
      );
      expect(result).toMatchObject({
        lang: 'en-GB',
        missingCount: 0,
        missingKeys: [],
        unknownCount: 0,
        unknownKeys: [],
      });
    });

    it('saves an incomplete pack and names its missing and unknown keys', async () => {
      const pack = structuredClone(builtinResources.en) as unknown as Record<string, Record<string, string>>;
      delete pack.signin?.ldapAccount;
      delete pack.errors?.['auth.bad_credentials'];
      (pack.common as Record<string, string>).notAKey = 'extra';
      const result = await expectOk<SaveResult>(
        t.post(
          '/api/admin/i18n/save',
          { lang: 'fr', description: 'Français', content: JSON.stringify(pack) },
          { token },
        ),
      );
      expect(result).toMatchObject({
        missingCount: 2,
        missingKeys: ['errors.auth.bad_credentials', 'signin.ldapAccount'],
        unknownCount: 1,
        unknownKeys: ['common.notAKey'],
      });
      // Saved all the same: its texts are served, the missing ones fall back to the default language.
      const served = await expectOk<{ content: Record<string, Record<string, string>> }>(
        t.get('/api/system/i18n/get?lang=fr'),
      );
      expect(served.content.common?.notAKey).toBe('extra');
    });

    it('cuts long lists but counts every missing key', async () => {
      const total = packKeys(builtinResources.en).length;
      const result = await expectOk<SaveResult>(
        t.post(
          '/api/admin/i18n/save',
          { lang: 'ja', description: '日本語', content: { common: { ok: 'OK' } } },
          { token },
        ),
      );
      expect(result.missingCount).toBe(total - 1);
      expect(result.missingKeys).toHaveLength(Math.min(200, total - 1));
    });
  },
);
