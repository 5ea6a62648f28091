import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, saveDoc } from '../../../test/doc-fixture.ts';
import { expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * PostgreSQL without pg_trgm: the migration then builds a full-text index instead, and search answers from
 * it. The test makes a schema look like that by swapping the indexes before the first search.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('doc search on PostgreSQL without pg_trgm', () => {
  let t: TestApp;
  let w: DocWorld;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    for (const index of ['docs_search_trgm', 'docs_name_trgm', 'docs_url_trgm']) {
      await sql`drop index if exists ${sql.id(index)}`.execute(t.db);
    }
    await sql`create index docs_search_tsv on docs using gin (to_tsvector('simple', search_text))`.execute(
      t.db,
    );
    w = await createDocWorld(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds docs by name first, then by a param name through the full-text index', async () => {
    const byName = await saveDoc(t, w.token, {
      moduleId: w.moduleId,
      name: 'Invoice list',
      url: '/invoices',
    });
    const byParam = await saveDoc(t, w.token, {
      moduleId: w.moduleId,
      name: 'Billing',
      url: '/billing',
      queryParams: [{ name: 'invoiceNumber', type: 'string', description: '发票号' }],
    });
    const hits = await expectOk<Array<{ id: string }>>(
      t.get('/api/doc/search?q=invoice', { token: w.token }),
    );
    expect(hits.map((h) => h.id)).toEqual([byName.id, byParam.id]);
    expect(await expectOk(t.get('/api/doc/search?q=nothing-like-it', { token: w.token }))).toEqual([]);
    // A two-character word is below what either index holds: it is matched with LIKE over the search text.
    const short = await expectOk<Array<{ id: string }>>(
      t.get(`/api/doc/search?q=${encodeURIComponent('发票')}`, { token: w.token }),
    );
    expect(short.map((h) => h.id)).toEqual([byParam.id]);
  });
});
