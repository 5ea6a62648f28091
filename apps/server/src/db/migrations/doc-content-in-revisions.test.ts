import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocWorld, detailOf, docsWithDocument, saveDoc } from '../../../test/doc-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { doc, folder, syncTree, tree } from '../../modules/doc-sync/doc-sync.fixture.ts';
import { migrateToLatest } from '../database.ts';
import { migrations } from './index.ts';

/*
 * Migration 2026-11-29T0030: a doc's document moves from `docs.content` to its revision at its own number.
 * Down puts the column back from those revisions; up gives a revision to every doc and folder that had none
 * (folders never had one) and makes the current revision hold what the doc showed.
 */
describe.each(testDialects())('the documents moved into revisions, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('moves every document, a folder’s and one changed without a revision too, and back', async () => {
    const w = await createDocWorld(t);
    await syncTree(t.db, w.moduleId, tree([folder('Orders', [doc('List orders', 'GET', '/orders')])]), {
      replace: false,
      override: false,
    });
    const saved = await saveDoc(t, w.token, {
      moduleId: w.moduleId,
      name: 'Pay',
      url: '/pay',
      httpMethod: 'POST',
    });
    const before = await docsWithDocument(t)
      .select(['docs.id', 'docs.isFolder', 'docs.revision', 'cur.snapshot as content'])
      .where('docs.moduleId', '=', w.moduleId)
      .orderBy('docs.id')
      .execute();
    expect(before).toHaveLength(3);

    const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } });
    const down = await migrator.migrateTo('2026-11-28T2120-search-reindex');
    expect(down.error).toBeUndefined();
    try {
      const rows = await sql<{
        id: string;
        content: string;
      }>`select id, content from docs where module_id = ${w.moduleId} order by id`.execute(t.db);
      expect(rows.rows).toEqual(before.map(({ id, content }) => ({ id, content })));
      // As the older schema left things: a folder without any revision, a doc whose row moved on alone.
      const orders = before.find((row) => row.isFolder === 1);
      await sql`delete from doc_revisions where doc_id = ${orders?.id ?? ''}`.execute(t.db);
      const renamed = JSON.stringify({
        ...JSON.parse(before.find((row) => row.id === saved.id)?.content ?? '{}'),
        name: 'Pay now',
      });
      await sql`update docs set content = ${renamed} where id = ${saved.id}`.execute(t.db);
    } finally {
      await migrateToLatest(t.db);
    }
    const after = await docsWithDocument(t)
      .select(['docs.id', 'docs.revision', 'cur.snapshot as content', 'cur.source'])
      .where('docs.moduleId', '=', w.moduleId)
      .orderBy('docs.id')
      .execute();
    expect(after.map((row) => row.id)).toEqual(before.map((row) => row.id));
    const orders = before.find((row) => row.isFolder === 1);
    expect(after.find((row) => row.id === orders?.id)).toMatchObject({
      content: orders?.content,
      revision: 1,
      source: 'push',
    });
    expect((await detailOf(t, w.token, saved.id)).name).toBe('Pay now');
    const columns = await sql<{ content?: string }>`select * from docs where id = ${saved.id}`.execute(t.db);
    expect(columns.rows[0]).not.toHaveProperty('content');
  });
});
