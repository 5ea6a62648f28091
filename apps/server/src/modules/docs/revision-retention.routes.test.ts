import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocWorld, saveDoc } from '../../../test/doc-fixture.ts';
import { expectError, expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { isPruneTurn, RevisionRetention } from './revision-retention.ts';

describe('isPruneTurn', () => {
  it('prunes on every tenth revision once a doc has more than the kept number', () => {
    expect(RevisionRetention).toEqual({ keepDays: 90, keepLatest: 50, pruneEvery: 10 });
    expect([10, 50, 59, 60, 61, 70].map(isPruneTurn)).toEqual([false, false, false, true, false, true]);
  });
});

describe.each(testDialects())('revision retention on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps every revision of the last 90 days and the newest 50; older ones go on a pruning save', async () => {
    const w = await createDocWorld(t);
    const doc = await saveDoc(t, w.token, { name: 'r', url: '/r', moduleId: w.moduleId });
    let revision = doc.revision;
    const saveTo = async (target: number) => {
      while (revision < target) {
        const saved = await saveDoc(t, w.token, {
          id: doc.id,
          revision,
          name: `r${revision + 1}`,
          url: '/r',
          moduleId: w.moduleId,
        });
        revision = saved.revision;
      }
    };
    await saveTo(59);
    // Revisions 1 to 5 are 100 days old, 6 to 59 recent.
    const old = new Date(Date.now() - 100 * 24 * 3600_000).toISOString();
    await t.db
      .updateTable('docRevisions')
      .set({ createdAt: old })
      .where('docId', '=', doc.id)
      .where('revision', '<=', 5)
      .execute();
    const numbers = async () =>
      (
        await t.db
          .selectFrom('docRevisions')
          .select('revision')
          .where('docId', '=', doc.id)
          .orderBy('revision')
          .execute()
      ).map((row) => row.revision);
    expect((await numbers()).length).toBe(59);

    await saveTo(60);
    // Old and outside the newest 50 (11..60): 1..5 go; 6..10 are recent and stay.
    const kept = await numbers();
    expect(kept[0]).toBe(6);
    expect(kept).toHaveLength(55);
    await expectError(
      t.get(`/api/doc/revision/get?docId=${doc.id}&revision=5`, { token: w.token }),
      404,
      'doc.revision_not_found',
    );
    await expectOk(t.get(`/api/doc/revision/get?docId=${doc.id}&revision=6`, { token: w.token }));

    // Everything old: only the newest 50 remain after the next pruning save.
    await t.db.updateTable('docRevisions').set({ createdAt: old }).where('docId', '=', doc.id).execute();
    await saveTo(69);
    expect(await numbers()).toHaveLength(64);
    await saveTo(70);
    const last = await numbers();
    expect(last).toHaveLength(50);
    expect(last[0]).toBe(21);
    expect(last.at(-1)).toBe(70);
  });
});
