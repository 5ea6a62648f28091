import { type SourceEntry, sourceEntries } from '@quire/api-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocWorld, saveDoc } from '../../../test/doc-fixture.ts';
import { expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { doc, folder, syncTree, tree } from './doc-sync.fixture.ts';

/*
 * A re-import is one transaction (doc-sync.service.ts). On SQLite it runs on the writer connection of its own
 * thread (db/sqlite-writer.ts), so while it is open other users' reads answer at once, and their saves wait
 * for the lock with timers (db/sqlite-driver.ts) and land after it. Before, every query of the main connection
 * queued behind the whole re-import. Proved with a re-import held between two of its docs.
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

  it('answers the tree and a doc while a re-import is held open, and a save made meanwhile lands after it', async () => {
    const w = await createDocWorld(t);
    const other = await createDocWorld(t);
    await syncTree(
      t.db,
      w.moduleId,
      source('First'),
      { replace: true, override: false },
      { source: 'import' },
    );
    let reached!: () => void;
    let release!: () => void;
    const between = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const second = source('Second');
    async function* held(): AsyncGenerator<SourceEntry> {
      let n = 0;
      for (const entry of sourceEntries(second.nodes)) {
        if (n++ === 40) {
          reached();
          await gate;
        }
        yield entry;
      }
    }
    const importing = syncTree(
      t.db,
      w.moduleId,
      { ...second, nodes: [] },
      { replace: true, override: false },
      { source: 'import', entries: held() },
    );
    await between;
    // The re-import's transaction is open and has written: reads answer now, showing the docs before it.
    const list = await expectOk<Array<{ name: string }>>(
      t.get(`/api/doc/list?moduleId=${w.moduleId}`, { token: w.token }),
    );
    expect(list.map((d) => d.name)).toContain('First 0');
    expect(list.map((d) => d.name)).not.toContain('Second 0');
    const projectTree = await t.get(`/api/doc/view/dataByProject?projectId=${w.projectId}`, {
      token: w.token,
    });
    expect(projectTree.statusCode).toBe(200);
    // Another user's save waits for the writer on SQLite (one writer) and answers once the import commits.
    const saving = saveDoc(t, other.token, {
      moduleId: other.moduleId,
      name: 'Saved meanwhile',
      url: '/meanwhile',
      httpMethod: 'GET',
    });
    release();
    const [result, saved] = await Promise.all([importing, saving]);
    expect(result.added + result.updated).toBeGreaterThan(0);
    expect(saved.revision).toBe(1);
    const after = await expectOk<Array<{ name: string }>>(
      t.get(`/api/doc/list?moduleId=${w.moduleId}`, { token: w.token }),
    );
    expect(after.map((d) => d.name)).toContain('Second 0');
  });
});
