import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocWorld, saveDoc } from '../../../test/doc-fixture.ts';
import { expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { doc, folder, heldEntries, syncTree, tree } from './doc-sync.fixture.ts';

/*
 * A re-import held between two of its docs: other users' reads answer at once, and another user's save lands.
 * On PostgreSQL and MySQL the re-import is one transaction holding row locks only. On SQLite it runs on the
 * writer connection of its own thread (db/sqlite-writer.ts) and writes nothing until its switch
 * (deferred-sync.ts; deferred-sync.test.ts proves the save does not wait). Before, every query of the main
 * connection queued behind the whole re-import.
 */
describe.each(testDialects())('reads during a re-import on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const source = (label: string) =>
    tree([
      folder(
        'Orders',
        Array.from({ length: 60 }, (_, i) => doc(`${label} ${i}`, 'GET', `/orders/${i}`)),
      ),
    ]);

  it('answers the tree and a doc while a re-import is held open, and a save made meanwhile lands', async () => {
    const w = await createDocWorld(t);
    const other = await createDocWorld(t);
    await syncTree(
      t.db,
      w.moduleId,
      source('First'),
      { replace: true, override: false },
      { source: 'import' },
    );
    const second = source('Second');
    const held = heldEntries(second, 40);
    const importing = syncTree(
      t.db,
      w.moduleId,
      { ...second, nodes: [] },
      { replace: true, override: false },
      { source: 'import', entries: held.entries },
    );
    await held.reached;
    // The re-import is under way: reads answer now, showing the docs before it.
    const list = await expectOk<Array<{ name: string }>>(
      t.get(`/api/doc/list?moduleId=${w.moduleId}`, { token: w.token }),
    );
    expect(list.map((d) => d.name)).toContain('First 0');
    expect(list.map((d) => d.name)).not.toContain('Second 0');
    const projectTree = await t.get(`/api/doc/view/dataByProject?projectId=${w.projectId}`, {
      token: w.token,
    });
    expect(projectTree.statusCode).toBe(200);
    const saving = saveDoc(t, other.token, {
      moduleId: other.moduleId,
      name: 'Saved meanwhile',
      url: '/meanwhile',
      httpMethod: 'GET',
    });
    held.release();
    const [result, saved] = await Promise.all([importing, saving]);
    expect(result.added + result.updated).toBeGreaterThan(0);
    expect(saved.revision).toBe(1);
    const after = await expectOk<Array<{ name: string }>>(
      t.get(`/api/doc/list?moduleId=${w.moduleId}`, { token: w.token }),
    );
    expect(after.map((d) => d.name)).toContain('Second 0');
  });
});
