import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, saveDoc } from '../../../test/doc-fixture.ts';
import { expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { migrateToLatest } from '../../db/database.ts';
import { currentSchema } from '../../db/dialect.ts';
import { migrations } from '../../db/migrations/index.ts';

/** Words of one or two characters and CJK text through the word index (migration `doc-search-words`). */
describe.each(testDialects())('doc search by words on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  const ids: Record<string, string> = {};

  const search = async (q: string, token = w.token) =>
    (
      await expectOk<Array<{ id: string }>>(t.get(`/api/doc/search?q=${encodeURIComponent(q)}`, { token }))
    ).map((h) => h.id);
  const save = async (key: string, body: Record<string, unknown>) => {
    ids[key] = (await saveDoc(t, w.token, { moduleId: w.moduleId, httpMethod: 'GET', ...body })).id;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await createDocWorld(t);
    await save('idName', { name: 'Get id', url: '/things/one' });
    await save('idParam', {
      name: 'Billing',
      url: '/billing',
      queryParams: [{ name: 'idCard', type: 'string', description: '证件号' }],
    });
    await save('tyre', { name: 'Tyre list', url: '/tyres' });
    await save('camel', {
      name: 'Transfer',
      url: '/transfer',
      requestParams: [{ name: 'ownerId', type: 'string', description: '' }],
    });
    await save('orderName', { name: '查询订单列表', url: '/orders/query' });
    await save('orderParam', {
      name: 'Checkout',
      url: '/checkout',
      requestParams: [{ name: 'no', type: 'string', description: '订单编号' }],
    });
    await save('exact', { name: 'Ship', url: '/a' });
    await save('starts', { name: 'Ship later', url: '/b' });
    await save('contains', { name: 'Cancel ship', url: '/c' });
    await save('byUrl', { name: 'Fetch parcel', url: '/ship/parcel' });
    await save('byBody', { name: 'Track', url: '/track', description: '<p>Where the ship is.</p>' });
    await save('hidden', { name: 'Hidden qv', url: '/hidden', isShow: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds words of one or two characters as word prefixes, name matches first', async () => {
    expect(await search('id')).toEqual([ids.idName, ids.idParam, ids.camel]);
    expect(await search('ty')).toEqual([ids.tyre]);
    expect(await search('TY LI')).toEqual([ids.tyre]);
    expect(await search('zz')).toEqual([]);
    // A short word narrows a long one.
    expect(await search('billing id')).toEqual([ids.idParam]);
    expect(await search('billing zz')).toEqual([]);
  });

  it('finds the parts of camelCase names and the whole name', async () => {
    expect(await search('owner')).toEqual([ids.camel]);
    expect(await search('ownerId')).toEqual([ids.camel]);
    expect(await search('ownerid')).toEqual([ids.camel]);
  });

  it('finds CJK words inside longer runs, name matches first', async () => {
    expect(await search('订单')).toEqual([ids.orderName, ids.orderParam]);
    expect(await search('订')).toEqual([ids.orderName, ids.orderParam]);
    expect(await search('单列')).toEqual([ids.orderName]);
    expect(await search('证件')).toEqual([ids.idParam]);
    expect(await search('无此')).toEqual([]);
    expect(await search('订单 checkout')).toEqual([ids.orderParam]);
  });

  it('ranks the exact name, then names starting with the word, other names, URLs, then the rest', async () => {
    expect(await search('ship')).toEqual([ids.exact, ids.starts, ids.contains, ids.byUrl, ids.byBody]);
  });

  it('leaves out hidden and deleted docs, and docs the caller may not read', async () => {
    expect(await search('qv')).toEqual([]);
    const other = await createDocWorld(t);
    expect(await search('订单', other.token)).toEqual([]);
    await save('gone', { name: 'Gone qx', url: '/gone' });
    expect(await search('qx')).toEqual([ids.gone]);
    await expectOk(t.post('/api/doc/delete', { id: ids.gone }, { token: w.token }));
    expect(await search('qx')).toEqual([]);
  });

  it('fills the word index of docs written before its migration', async () => {
    const schema = await currentSchema(t.db);
    const migrator = new Migrator({
      db: t.db,
      provider: { getMigrations: async () => migrations },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const down = await migrator.migrateTo('2026-11-23T0845-job-source');
    expect(down.error).toBeUndefined();
    await migrateToLatest(t.db);
    expect(await search('订单')).toEqual([ids.orderName, ids.orderParam]);
    // The stored search text is lower-cased: `ownerId` of an old row is split into words when next saved.
    expect(await search('id')).toEqual([ids.idName, ids.idParam]);
    expect(await search('ownerid')).toEqual([ids.camel]);
  });

  it('tells the server time of an answer', async () => {
    const response = await t.get('/api/doc/search?q=id', { token: w.token });
    expect(response.headers['server-timing']).toMatch(/^app;dur=\d+(\.\d+)?$/);
  });
});
