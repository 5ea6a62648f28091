import { newApiDoc } from '@quire/api-model';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, saveDoc } from '../../../test/doc-fixture.ts';
import { expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { migrateToLatest } from '../../db/database.ts';
import { migrations } from '../../db/migrations/index.ts';
import { columnsOf } from '../docs/doc-document.ts';
import { replaceCurrentSnapshots, revisionRow } from '../docs/docs.service.ts';
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
 * (doc-sync/deferred-sync.ts).
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
  const paused = <T>(write: (trx: TestApp['db']) => Promise<T>) =>
    t.db.transaction().execute(async (trx) => {
      await pauseSearchIndex(trx);
      const written = await write(trx);
      await resumeSearchIndex(trx);
      return written;
    });

  /** A doc's row and document as a re-import's switch leaves them: search columns empty (deferred-writes.ts). */
  const switched = (name: string, url: string) => {
    const { content, searchText, searchWords, ...rest } = columnsOf(
      newApiDoc(name, { url, httpMethod: 'GET' }),
    );
    return {
      row: { ...rest, searchText: '', searchWords: '' },
      content,
      search: { searchText, searchWords },
    };
  };
  const switchDoc = async (trx: TestApp['db'], id: string, name: string, url: string) => {
    const next = switched(name, url);
    await trx.updateTable('docs').set(next.row).where('id', '=', id).execute();
    await replaceCurrentSnapshots(trx, [{ id, content: next.content }]);
    return next;
  };
  const save = (name: string, url: string) =>
    saveDoc(t, w.token, { moduleId: w.moduleId, name, url, httpMethod: 'GET' });

  it('rebuilds a listed doc from its document: its search columns, then its entries', async () => {
    const saved = await save('Walrus census', '/walrus');
    expect(await search('walrus')).toEqual([saved.id]);
    await paused((trx) => switchDoc(trx, saved.id, 'Narwhal census', '/narwhal'));
    // The entries still hold the words before the transaction: the new ones are not found yet.
    expect(await reindexWaiting(t.db)).toBe(1);
    expect(await search('narwhal')).toEqual([]);
    await catchUpSearchIndex(t.db);
    expect(await reindexWaiting(t.db)).toBe(0);
    expect(await search('narwhal')).toEqual([saved.id]);
    expect(await search('walrus')).toEqual([]);
  });

  it('writes the search columns a switch left empty, and takes those docs off the list', async () => {
    const saved = await save('Walrus census', '/walrus');
    const next = await paused((trx) => switchDoc(trx, saved.id, 'Beluga census', '/beluga'));
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
    const added = switched('Quokka sighting', '/quokka');
    await paused(async (trx) => {
      await trx
        .updateTable('docs')
        .set({ deletedAt: new Date().toISOString() })
        .where('id', '=', gone.id)
        .execute();
      await trx
        .insertInto('docs')
        .values({ ...model, ...added.row, id: `${gone.id}-new`, revision: 1 })
        .execute();
      await trx
        .insertInto('docRevisions')
        .values(
          revisionRow({
            docId: `${gone.id}-new`,
            revision: 1,
            snapshot: added.content,
            remark: '',
            source: 'import',
            changes: [],
            actorId: model.createdBy,
            now: model.createdAt,
          }),
        )
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

  it('leaves the index as it was without a pause: every write indexed at once, nothing listed', async () => {
    const saved = await saveDoc(t, w.token, {
      moduleId: w.moduleId,
      name: 'Axolotl care',
      url: '/axolotl',
      httpMethod: 'GET',
    });
    expect(await search('axolotl')).toEqual([saved.id]);
    expect(await reindexWaiting(t.db)).toBe(0);
  });

  it('migrated down, indexes every write at once again, paused or not; migrated up, pauses again', async () => {
    const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } });
    const down = await migrator.migrateTo('2026-11-28T1330-tree-cache-version');
    expect(down.error).toBeUndefined();
    try {
      const saved = await saveDoc(t, w.token, {
        moduleId: w.moduleId,
        name: 'Pangolin scales',
        url: '/pangolin',
        httpMethod: 'GET',
      });
      expect(await search('pangolin')).toEqual([saved.id]);
      await t.db
        .updateTable('docs')
        .set({ name: 'Tapir scales', searchText: 'tapir scales', searchWords: 'tapir scales\ntapir\n' })
        .where('id', '=', saved.id)
        .execute();
      expect(await search('tapir')).toEqual([saved.id]);
    } finally {
      await migrateToLatest(t.db);
    }
    const again = await saveDoc(t, w.token, {
      moduleId: w.moduleId,
      name: 'Gecko feet',
      url: '/gecko',
      httpMethod: 'GET',
    });
    await paused((trx) => switchDoc(trx, again.id, 'Ibex feet', '/ibex'));
    expect(await search('ibex')).toEqual([]);
    await catchUpSearchIndex(t.db);
    expect(await search('ibex')).toEqual([again.id]);
  });
});
