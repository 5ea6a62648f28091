import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, saveDoc } from '../../../test/doc-fixture.ts';
import { expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { migrateToLatest } from '../../db/database.ts';
import { currentSchema } from '../../db/dialect.ts';
import { migrations } from '../../db/migrations/index.ts';

/**
 * Substrings inside words, found only by the trigram step (on SQLite the GLOB over `docs_fts` of migration
 * `lean-doc-trigrams`): a term matches where it occurs whole, never where its trigrams are merely scattered,
 * and wildcard characters in a term are plain text.
 */
describe.each(testDialects())('doc search by substrings on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  const ids: Record<string, string> = {};

  const search = async (q: string) =>
    (
      await expectOk<Array<{ id: string }>>(
        t.get(`/api/doc/search?q=${encodeURIComponent(q)}`, { token: w.token }),
      )
    ).map((h) => h.id);
  const save = async (key: string, body: Record<string, unknown>) => {
    ids[key] = (await saveDoc(t, w.token, { moduleId: w.moduleId, httpMethod: 'GET', ...body })).id;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await createDocWorld(t);
    await save('shipment', { name: 'Shipments', url: '/logistics/shipments' });
    // Holds every trigram of "hipmen" ("hip", "ipm", "pme", "men") but never the run itself.
    await save('scattered', {
      name: 'Scattered',
      url: '/scattered',
      description: '<p>hipm and pmen apart</p>',
    });
    // A term starting inside a word is found by the trigram step alone; read as a pattern it would match both.
    await save('star', { name: 'Glob', url: '/glob', description: '<p>see abx*y?z[1] here</p>' });
    await save('plain', { name: 'Plain', url: '/plain', description: '<p>see abxqyqz1 here</p>' });
    await save('chinese', { name: '批量查询订单列表', url: '/orders/batch' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds a run of characters inside a word, and not its trigrams scattered apart', async () => {
    expect(await search('hipmen')).toEqual([ids.shipment]);
    expect(await search('istics/ship')).toEqual([ids.shipment]);
    expect(await search('询订单列')).toEqual([ids.chinese]);
  });

  it('reads *, ? and [ in a term as themselves', async () => {
    expect(await search('bx*y?z[1]')).toEqual([ids.star]);
    expect(await search('bxqyqz1')).toEqual([ids.plain]);
  });

  it('finds the same after the trigram index is rebuilt by its migration', async () => {
    const schema = await currentSchema(t.db);
    const migrator = new Migrator({
      db: t.db,
      provider: { getMigrations: async () => migrations },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const down = await migrator.migrateTo('2026-11-25T0900-create-export-files');
    expect(down.error).toBeUndefined();
    expect(await search('hipmen')).toEqual([ids.shipment]);
    await migrateToLatest(t.db);
    expect(await search('hipmen')).toEqual([ids.shipment]);
    expect(await search('bx*y?z[1]')).toEqual([ids.star]);
    await save('later', { name: 'Reshipment', url: '/reship' });
    expect((await search('hipmen')).sort()).toEqual([ids.shipment, ids.later].sort());
  });
});
