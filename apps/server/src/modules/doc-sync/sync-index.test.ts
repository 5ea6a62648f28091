import { sourceEntries } from '@quire/api-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocWorld } from '../../../test/doc-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { doc, folder, syncTree, tree } from './doc-sync.fixture.ts';
import { HeldRows } from './sync-index.ts';

/*
 * What a sync holds of the application it merges into (sync-index.ts): the folders' documents, but a doc's
 * only once the source names it, a batch at a time. Before, a re-import read every doc's document up front and
 * held them all (Microsoft Graph's: 140 MB, on the writer thread and again on the main one).
 */
describe.each(testDialects())('what a sync holds of an application on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const source = () =>
    tree([
      folder(
        'Orders',
        Array.from({ length: 6 }, (_, i) => doc(`Order ${i}`, 'GET', `/orders/${i}`)),
      ),
    ]);

  it("reads a doc's document once the source names it, once, and never a locked doc's", async () => {
    const w = await createDocWorld(t);
    await syncTree(t.db, w.moduleId, source());
    const locked = await t.db
      .selectFrom('docs')
      .select('id')
      .where('moduleId', '=', w.moduleId)
      .where('url', '=', '/orders/5')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('docs').set({ isLocked: 1 }).where('id', '=', locked.id).execute();

    const held = new HeldRows();
    // Streamed entries: nothing says up front which docs the source names.
    const entries = sourceEntries(source().nodes);
    await held.load(t.db, { ...syncInput(w.moduleId), entries: (async function* () {})() });
    const docs = [...held.docs.values()];
    expect(docs).toHaveLength(6);
    expect(docs.every((row) => row.content === '')).toBe(true);
    // A folder's document is read up front: its description is compared as the folder comes.
    expect([...held.folders.values()][0]?.content).toContain('"name":"Orders"');
    expect(held.hasUnread()).toBe(true);

    const byUrl = (url: string) => docs.find((row) => row.url === url);
    // The folder and the first two docs.
    await held.readDocuments(t.db, entries.slice(0, 3));
    expect(JSON.parse(byUrl('/orders/0')?.content ?? '{}').name).toBe('Order 0');
    expect(JSON.parse(byUrl('/orders/1')?.content ?? '{}').name).toBe('Order 1');
    expect(byUrl('/orders/2')?.content).toBe('');

    // Read once: what the sync emptied after comparing stays empty.
    const first = byUrl('/orders/0');
    if (first) first.content = '';
    await held.readDocuments(t.db, entries);
    expect(first?.content).toBe('');
    expect(JSON.parse(byUrl('/orders/4')?.content ?? '{}').name).toBe('Order 4');
    expect(byUrl('/orders/5')?.content).toBe('');
    expect(held.hasUnread()).toBe(false);
  });

  it('syncs an application whose docs it reads a batch at a time: changes and repeats as before', async () => {
    const w = await createDocWorld(t);
    const many = (label: string) =>
      tree([
        folder(
          'A',
          Array.from({ length: 70 }, (_, i) => doc(`${label} ${i}`, 'GET', `/a/${i}`)),
        ),
        folder('B', [doc(`${label} moved`, 'GET', '/a/3'), doc('Repeat', 'GET', '/a/69')]),
      ]);
    await syncTree(t.db, w.moduleId, many('First'));
    const next = many('Second');
    const result = await syncTree(
      t.db,
      w.moduleId,
      { ...next, nodes: [] },
      { replace: true, override: false },
      {
        source: 'import',
        entries: (async function* () {
          yield* sourceEntries(next.nodes);
        })(),
      },
    );
    // Every doc of A changed its name; /a/3 and /a/69 came twice (the first of each is kept).
    expect(result).toMatchObject({ added: 0, updated: 70, deleted: 0 });
    expect(result.warnings.filter((line) => line.includes('appears twice'))).toHaveLength(2);
    const names = await t.db
      .selectFrom('docs')
      .select(['name', 'revision'])
      .where('moduleId', '=', w.moduleId)
      .where('isFolder', '=', 0)
      .where('deletedAt', 'is', null)
      .execute();
    expect(names.map((row) => row.name).sort()).toEqual(
      Array.from({ length: 70 }, (_, i) => `Second ${i}`).sort(),
    );
    expect(names.every((row) => row.revision === 2)).toBe(true);
  });
});

function syncInput(moduleId: string) {
  return {
    moduleId,
    tree: tree([]),
    mode: { replace: true, override: false },
    source: 'import' as const,
    actorId: 'open-api',
    author: 'ci-bot',
  };
}
