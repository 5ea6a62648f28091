import { type SourceTree, sourceEntries } from '@quire/api-model';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createDocWorld,
  type DocWorld,
  detailOf,
  docTablesState,
  saveDoc,
} from '../../../test/doc-fixture.ts';
import { expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import * as versions from '../../db/cache-versions.ts';
import { reindexWaiting } from '../view/search-index.service.ts';
import { doc, folder, heldEntries, syncTree, tree } from './doc-sync.fixture.ts';

// The plan's and the switch's reads of the application's counters, to make someone write in between.
vi.mock('../../db/cache-versions.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../db/cache-versions.ts')>();
  return { ...original, readModuleWriteVersion: vi.fn(original.readModuleWriteVersion) };
});
const readVersion = vi.mocked(versions.readModuleWriteVersion);
const { readModuleWriteVersion: realReadVersion } = await vi.importActual<
  typeof import('../../db/cache-versions.ts')
>('../../db/cache-versions.ts');

/*
 * A re-import on SQLite is planned without the write lock and switched in one short transaction
 * (deferred-sync.ts). These prove: nobody's save waits for the plan, nothing of the re-import shows before
 * the switch, a write into the application meanwhile makes the plan start again (and a sync that keeps
 * meeting writes ends as one transaction), and a switch that fails leaves nothing.
 */
describe('a re-import planned, then switched, on SQLite', () => {
  let t: TestApp;
  let w: DocWorld;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    w = await createDocWorld(t);
    readVersion.mockClear();
  });

  const source = (label: string, count = 30) =>
    tree(
      [
        folder(
          'Orders',
          Array.from({ length: count }, (_, i) => doc(`${label} ${i}`, 'GET', `/orders/${i}`)),
        ),
      ],
      {
        enums: [
          {
            name: `Status ${label}`,
            description: '',
            items: [{ name: 'OK', type: 'string', value: 'ok', description: '' }],
          },
        ],
      },
    );
  const reimport = (from: SourceTree, extra: Parameters<typeof syncTree>[4] = {}) =>
    syncTree(t.db, w.moduleId, from, { replace: true, override: false }, { source: 'import', ...extra });
  const names = async () =>
    (
      await expectOk<Array<{ name: string; isFolder: boolean | number }>>(
        t.get(`/api/doc/list?moduleId=${w.moduleId}`, { token: w.token }),
      )
    )
      .filter((row) => !row.isFolder)
      .map((row) => row.name)
      .sort();
  const docId = async (url: string) =>
    (
      await t.db
        .selectFrom('docs')
        .select('id')
        .where('moduleId', '=', w.moduleId)
        .where('url', '=', url)
        .where('deletedAt', 'is', null)
        .executeTakeFirstOrThrow()
    ).id;

  /**
   * The plan's first read of the counters, then a save of `target` by hand: written after the plan read them
   * and before it reads the docs, so the switch must see it. `onRead` runs at that read.
   */
  const saveByHandWhenPlanBegins = (target: string, onRead: () => void = () => undefined) =>
    readVersion.mockImplementationOnce(async (db, moduleId) => {
      onRead();
      const before = await realReadVersion(db, moduleId);
      const current = await detailOf(t, w.token, target);
      await saveDoc(t, w.token, {
        id: target,
        revision: current.revision,
        moduleId: w.moduleId,
        name: 'First 3',
        url: '/orders/3',
        httpMethod: 'GET',
        description: '<p>written by hand</p>',
      });
      return before;
    });

  it('lets a save into the same application commit while the source arrives, and shows nothing before the switch', async () => {
    await reimport(source('First'));
    const second = source('Second');
    const held = heldEntries(second, 20);
    const importing = reimport({ ...second, nodes: [] }, { entries: held.entries });
    await held.reached;
    // A one-transaction re-import held the write lock here: this save would wait for the release.
    const saved = await saveDoc(t, w.token, {
      moduleId: w.moduleId,
      name: 'Mine',
      url: '/mine',
      httpMethod: 'GET',
    });
    expect(saved.revision).toBe(1);
    expect(await names()).toContain('First 0');
    expect(await names()).not.toContain('Second 0');
    held.release();
    const result = await importing;
    expect(result).toMatchObject({ updated: 30, added: 0 });
    const after = await names();
    expect(after).toContain('Second 29');
    expect(after).not.toContain('First 0');
    // Made in Quire, not by a sync: a replacing re-import leaves it.
    expect(after).toContain('Mine');
    // Its words were indexed after the switch, before the sync answered.
    expect(await reindexWaiting(t.db)).toBe(0);
    const hits = await expectOk<Array<{ name: string }>>(
      t.get(`/api/doc/search?q=second&limit=50`, { token: w.token }),
    );
    expect(hits.map((hit) => hit.name).sort()).toEqual(after.filter((name) => name.startsWith('Second')));
  });

  it('plans again when someone saves a doc of the application during the plan, and keeps what they wrote', async () => {
    await reimport(source('First'));
    const target = await docId('/orders/3');
    readVersion.mockClear();
    saveByHandWhenPlanBegins(target);
    const result = await reimport(source('Second'));
    // Two plans. The first read the counters as it began and again before its first write ahead, where it
    // found the save and stopped; the second as it began, before and after its one write ahead, and in its
    // switch.
    expect(readVersion).toHaveBeenCalledTimes(6);
    expect(result).toMatchObject({ updated: 30, added: 0 });
    const detail = await detailOf(t, w.token, target);
    expect(detail.name).toBe('Second 3');
    expect(detail.description).toBe('<p>written by hand</p>');
  });

  it('walks entries as they come and plans again from their source (`again`), not from a buffer', async () => {
    await reimport(source('First'));
    const target = await docId('/orders/3');
    const second = source('Second');
    let yielded = 0;
    async function* entries() {
      for (const entry of sourceEntries(second.nodes)) {
        yielded++;
        yield entry;
      }
    }
    const again = vi.fn(() => entries());
    let yieldedAtPlan = -1;
    readVersion.mockClear();
    saveByHandWhenPlanBegins(target, () => {
      yieldedAtPlan = yielded;
    });
    const result = await reimport({ ...second, nodes: [] }, { entries: entries(), again });
    // The first plan began before any entry was taken: nothing was buffered ahead of it.
    expect(yieldedAtPlan).toBe(0);
    // The save made it stale: the second plan walked the entries again, from their source.
    expect(again).toHaveBeenCalledTimes(1);
    expect(yielded).toBe(2 * sourceEntries(second.nodes).length);
    expect(result).toMatchObject({ updated: 30, added: 0 });
    const detail = await detailOf(t, w.token, target);
    expect(detail.name).toBe('Second 3');
    expect(detail.description).toBe('<p>written by hand</p>');
  });

  it('ends as one transaction when every plan meets a write', async () => {
    await reimport(source('First'));
    let n = 0;
    readVersion.mockImplementation(async () => `changed ${n++}`);
    try {
      const result = await reimport(source('Second'));
      expect(result).toMatchObject({ updated: 30, added: 0 });
    } finally {
      readVersion.mockImplementation(realReadVersion);
    }
    expect(await names()).toContain('Second 29');
    // What the stale plans emptied ahead was written or filled back: nothing waits for the index.
    expect(await reindexWaiting(t.db)).toBe(0);
    const blank = await t.db
      .selectFrom('docs')
      .select('id')
      .where('moduleId', '=', w.moduleId)
      .where('isFolder', '=', 0)
      .where('searchText', '=', '')
      .execute();
    expect(blank).toEqual([]);
    const dictionaries = await t.db
      .selectFrom('enums')
      .select('name')
      .where('moduleId', '=', w.moduleId)
      .execute();
    expect(dictionaries.map((row) => row.name).sort()).toEqual(['Status First', 'Status Second']);
  });

  it('leaves nothing when the switch fails: no doc, revision or dictionary of the re-import', async () => {
    await reimport(source('First'));
    const state = await docTablesState(t);
    const enums = await t.db.selectFrom('enums').selectAll().where('moduleId', '=', w.moduleId).execute();
    await expect(
      reimport(source('Second', 40), {
        beforeCommit: async () => {
          throw new Error('cancelled at the commit');
        },
      }),
    ).rejects.toThrow('cancelled at the commit');
    expect(await docTablesState(t)).toBe(state);
    expect(await t.db.selectFrom('enums').selectAll().where('moduleId', '=', w.moduleId).execute()).toEqual(
      enums,
    );
  });

  it('switches thousands of docs in statements of many rows: updates, additions and removals all land', async () => {
    await reimport(source('First', 1500));
    const result = await reimport(
      tree([
        folder('Orders', [
          ...Array.from({ length: 1400 }, (_, i) => doc(`Second ${i}`, 'GET', `/orders/${i}`)),
          ...Array.from({ length: 1600 }, (_, i) => doc(`New ${i}`, 'POST', `/new/${i}`)),
        ]),
      ]),
    );
    expect(result).toMatchObject({ updated: 1400, added: 1600, deleted: 100 });
    const rows = await t.db
      .selectFrom('docs')
      .select(['name', 'revision'])
      .where('moduleId', '=', w.moduleId)
      .where('isFolder', '=', 0)
      .where('deletedAt', 'is', null)
      .execute();
    expect(rows).toHaveLength(3000);
    expect(rows.filter((row) => row.name.startsWith('Second')).every((row) => row.revision === 2)).toBe(true);
    const revisions = await t.db
      .selectFrom('docRevisions')
      .innerJoin('docs', 'docs.id', 'docRevisions.docId')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('docs.moduleId', '=', w.moduleId)
      .executeTakeFirstOrThrow();
    // 1,500 first revisions, 1,400 second ones, 1,600 first ones of the new docs, and the folder's one (a
    // folder keeps its document in a revision too, migration 2026-11-29T0030).
    expect(Number(revisions.n)).toBe(4501);
    // The switch wrote the search columns empty; they were written after it, for new and changed docs alike.
    const blank = await t.db
      .selectFrom('docs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('moduleId', '=', w.moduleId)
      .where('isFolder', '=', 0)
      .where((eb) => eb.or([eb('searchText', '=', ''), eb('searchWords', '=', '')]))
      .executeTakeFirstOrThrow();
    expect(Number(blank.n)).toBe(0);
    const hits = await expectOk<Array<{ name: string }>>(
      t.get('/api/doc/search?q=new%201599&limit=5', { token: w.token }),
    );
    expect(hits.map((hit) => hit.name)).toContain('New 1599');
  });
});
