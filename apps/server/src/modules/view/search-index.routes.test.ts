import { newApiDoc } from '@quire/api-model';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, saveDoc } from '../../../test/doc-fixture.ts';
import { expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { migrateToLatest } from '../../db/database.ts';
import { migrations } from '../../db/migrations/index.ts';
import { columnsOf } from '../docs/doc-document.ts';
import {
  catchUpSearchIndex,
  pauseSearchIndex,
  reindexWaiting,
  resumeSearchIndex,
  writeSearchColumns,
} from './search-index.service.ts';

/*
 * SQLite's full-text tables paused for one transaction and brought up to date after it (migration
 * `2026-11-28T2120-search-reindex`, search-index.service.ts): what a re-import's switch does
 * (doc-sync/deferred-sync.ts), which also leaves the search columns out and writes them after.
 */
describe('the search index paused for a transaction, on SQLite', () => {
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
  });

  const search = async (q: string) =>
    (
      await expectOk<Array<{ id: string }>>(
        t.get(`/api/doc/search?q=${encodeURIComponent(q)}`, { token: w.token }),
      )
    ).map((hit) => hit.id);
  const paused = (write: (trx: TestApp['db']) => Promise<unknown>) =>
    t.db.transaction().execute(async (trx) => {
      await pauseSearchIndex(trx);
      await write(trx);
      await resumeSearchIndex(trx);
    });
  /** A doc's columns as a sync writes them, and the search columns it leaves for after the switch. */
  const columns = (name: string, url: string) => {
    const { searchText, searchWords, ...rest } = columnsOf(newApiDoc(name, { url, httpMethod: 'GET' }));
    return { rest, search: { searchText, searchWords } };
  };
  const save = (name: string, url: string) =>
    saveDoc(t, w.token, { moduleId: w.moduleId, name, url, httpMethod: 'GET' });

  it('rebuilds a listed doc from its document: its search columns, then its entries', async () => {
    const saved = await save('Walrus census', '/walrus');
    expect(await search('walrus')).toEqual([saved.id]);
    // As a switch writes: the document and name change, the search columns are left as they were.
    await paused((trx) =>
      trx
        .updateTable('docs')
        .set(columns('Narwhal census', '/narwhal').rest)
        .where('id', '=', saved.id)
        .execute(),
    );
    expect(await reindexWaiting(t.db)).toBe(1);
    expect(await search('narwhal')).toEqual([]);
    await catchUpSearchIndex(t.db);
    expect(await reindexWaiting(t.db)).toBe(0);
    expect(await search('narwhal')).toEqual([saved.id]);
    expect(await search('walrus')).toEqual([]);
  });

  it('writes the search columns a switch left out, and takes those docs off the list', async () => {
    const saved = await save('Walrus census', '/walrus');
    const next = columns('Beluga census', '/beluga');
    await paused((trx) => trx.updateTable('docs').set(next.rest).where('id', '=', saved.id).execute());
    await writeSearchColumns(t.db, [{ id: saved.id, ...next.search }]);
    expect(await reindexWaiting(t.db)).toBe(0);
    expect(await search('beluga')).toEqual([saved.id]);
    const row = await t.db
      .selectFrom('docs')
      .select(['searchText', 'searchWords'])
      .where('id', '=', saved.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual(next.search);
  });

  it('never answers a doc removed while its entry lags, and indexes an added one once caught up', async () => {
    const gone = await save('Okapi sighting', '/okapi');
    const model = await t.db
      .selectFrom('docs')
      .selectAll()
      .where('id', '=', gone.id)
      .executeTakeFirstOrThrow();
    await paused(async (trx) => {
      await trx
        .updateTable('docs')
        .set({ deletedAt: new Date().toISOString() })
        .where('id', '=', gone.id)
        .execute();
      await trx
        .insertInto('docs')
        .values({
          ...model,
          ...columns('Quokka sighting', '/quokka').rest,
          id: `${gone.id}-new`,
          searchText: '',
          searchWords: '',
        })
        .execute();
    });
    expect(await reindexWaiting(t.db)).toBe(2);
    // Its entry still says live: the answer checks the doc itself.
    expect(await search('okapi')).toEqual([]);
    expect(await search('quokka')).toEqual([]);
    await catchUpSearchIndex(t.db);
    expect(await search('okapi')).toEqual([]);
    expect(await search('quokka')).toEqual([`${gone.id}-new`]);
  });

  it('indexes every write at once without a pause, and lists nothing', async () => {
    const saved = await save('Axolotl care', '/axolotl');
    expect(await search('axolotl')).toEqual([saved.id]);
    expect(await reindexWaiting(t.db)).toBe(0);
  });

  it('migrated down, indexes every write at once again, paused or not; migrated up, pauses again', async () => {
    const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } });
    const down = await migrator.migrateTo('2026-11-28T1330-tree-cache-version');
    expect(down.error).toBeUndefined();
    try {
      const saved = await save('Pangolin scales', '/pangolin');
      expect(await search('pangolin')).toEqual([saved.id]);
      const next = columns('Tapir scales', '/tapir');
      await t.db
        .updateTable('docs')
        .set({ ...next.rest, ...next.search })
        .where('id', '=', saved.id)
        .execute();
      expect(await search('tapir')).toEqual([saved.id]);
    } finally {
      await migrateToLatest(t.db);
    }
    const again = await save('Gecko feet', '/gecko');
    await paused((trx) =>
      trx.updateTable('docs').set(columns('Ibex feet', '/ibex').rest).where('id', '=', again.id).execute(),
    );
    expect(await search('ibex')).toEqual([]);
    await catchUpSearchIndex(t.db);
    expect(await search('ibex')).toEqual([again.id]);
  });
});
