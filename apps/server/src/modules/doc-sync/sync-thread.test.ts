import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld } from '../../../test/doc-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { AppError } from '../../http/app-error.ts';
import { doc, GOODS, syncTree, tree } from './doc-sync.fixture.ts';
import { syncThreadRuns } from './sync-thread.ts';

const shared = testDialects().filter((dialect) => dialect !== 'sqlite');

describe.each(shared)('pushes run on the sync thread on %s (sync-thread.ts)', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    w = await createDocWorld(t);
  });

  it('merges on the thread what the request thread reads at once, and the same push twice writes nothing', async () => {
    const before = syncThreadRuns(t.db) ?? 0;
    const first = await syncTree(t.db, w.moduleId, GOODS());
    expect(first).toMatchObject({ added: 3, updated: 0, deleted: 0 });
    expect(syncThreadRuns(t.db)).toBe(before + 1);
    const names = await t.db
      .selectFrom('docs')
      .select('name')
      .where('moduleId', '=', w.moduleId)
      .where('isFolder', '=', 0)
      .where('deletedAt', 'is', null)
      .orderBy('name')
      .execute();
    expect(names.map((row) => row.name)).toEqual(['Add goods', 'List goods', 'Refund']);
    expect(await syncTree(t.db, w.moduleId, GOODS())).toMatchObject({ added: 0, updated: 0, unchanged: 3 });
    expect(syncThreadRuns(t.db)).toBe(before + 2);
  });

  it("answers the thread's errors as the caller's own: an AppError keeps its code and status", async () => {
    const error = await syncTree(t.db, 'no-such-application', tree([doc('A', 'GET', '/a')])).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('module.not_found');
    expect((error as AppError).status).toBe(404);
  });

  it('a push that asks for its documents (the change report) gets them back from the thread', async () => {
    const before = syncThreadRuns(t.db) ?? 0;
    const first = await syncTree(t.db, w.moduleId, tree([doc('A', 'GET', '/a')]), undefined, {
      keepContents: true,
    });
    expect(first.contents?.map((c) => c.before)).toEqual([null]);
    expect(syncThreadRuns(t.db)).toBe(before + 1);
  });

  it('a sync with a callback stays on the calling thread (functions do not cross threads)', async () => {
    const before = syncThreadRuns(t.db) ?? 0;
    let called = 0;
    await syncTree(t.db, w.moduleId, GOODS(), undefined, {
      beforeCommit: async () => {
        called++;
      },
    });
    expect(called).toBe(1);
    expect(syncThreadRuns(t.db) ?? 0).toBe(before);
  });
});
