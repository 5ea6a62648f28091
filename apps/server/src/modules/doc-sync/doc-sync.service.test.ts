import { type ApiDoc, newApiDoc, type SourceNode, type SourceTree, type SyncMode } from '@quire/api-model';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, detailOf, saveDoc } from '../../../test/doc-fixture.ts';
import { expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { createDatabase } from '../../db/database.ts';
import { currentSchema } from '../../db/dialect.ts';
import { doc, folder, GOODS, syncTree, tree } from './doc-sync.fixture.ts';
import { lockModuleRow } from './doc-sync.repository.ts';
import type { SyncInput } from './doc-sync.service.ts';

// Every dialect as a push; SQLite also as an import, which plans first and switches in one short transaction
// (deferred-sync.ts): the same rules must come out of both paths.
const cases: Array<[ReturnType<typeof testDialects>[number], 'push' | 'import']> = [
  ...testDialects().map((dialect) => [dialect, 'push'] as [typeof dialect, 'push']),
  ['sqlite', 'import'],
];

describe.each(cases)('doc sync engine on %s as a %s', (dialect, origin) => {
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

  const sync = (source: SourceTree, mode?: SyncMode, extra?: Partial<SyncInput>) =>
    syncTree(t.db, w.moduleId, source, mode, { source: origin, ...extra });

  const liveDocs = () =>
    t.db
      .selectFrom('docs')
      .select(['id', 'name', 'parentId', 'isFolder', 'url', 'httpMethod', 'revision', 'author'])
      .where('moduleId', '=', w.moduleId)
      .where('deletedAt', 'is', null)
      .orderBy('orderIndex')
      .execute();
  const revisionCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('docRevisions')
          .innerJoin('docs', 'docs.id', 'docRevisions.docId')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('docs.moduleId', '=', w.moduleId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('creates nested folders and docs, with push revisions and the pusher as author', async () => {
    const result = await sync(GOODS());
    expect(result).toMatchObject({ added: 3, updated: 0, deleted: 0, unchanged: 0, removed: [] });
    const rows = await liveDocs();
    expect(
      rows
        .filter((r) => r.isFolder === 1)
        .map((r) => r.name)
        .sort(),
    ).toEqual(['Goods', 'Orders', 'Refunds']);
    const refunds = rows.find((r) => r.name === 'Refunds');
    const refund = rows.find((r) => r.name === 'Refund');
    expect(refund?.parentId).toBe(refunds?.id);
    expect(refund?.author).toBe('ci-bot');
    const revisions = await t.db
      .selectFrom('docRevisions')
      .select(['source', 'createdBy'])
      .where('docId', '=', refund?.id ?? '')
      .execute();
    expect(revisions).toEqual([{ source: origin, createdBy: 'open-api' }]);
  });

  it('is idempotent: the same tree twice records no revision and counts everything unchanged', async () => {
    await sync(GOODS());
    const before = await revisionCount();
    const again = await sync(GOODS());
    expect(again).toMatchObject({ added: 0, updated: 0, deleted: 0, unchanged: 3 });
    expect(await revisionCount()).toBe(before);
  });

  it('updates a changed doc with a revision that lists the change, keeping row ids', async () => {
    await sync(GOODS());
    const [list] = (await liveDocs()).filter((r) => r.name === 'List goods');
    const first = await detailOf(t, w.token, list?.id ?? '');
    const changed = GOODS();
    const goods = changed.nodes[0] as { children: SourceNode[] };
    const node = goods.children[0] as { doc: ApiDoc };
    node.doc = { ...node.doc, contentType: 'application/json' };
    const result = await sync(changed);
    expect(result).toMatchObject({ added: 0, updated: 1, unchanged: 2 });
    const second = await detailOf(t, w.token, list?.id ?? '');
    expect(second.revision).toBe(2);
    expect(second.contentType).toBe('application/json');
    expect(second.responseParams).toEqual(first.responseParams);
  });

  it('replace soft-deletes a vanished pushed doc and its emptied folder, keeps docs made by hand', async () => {
    await sync(GOODS());
    const manual = await saveDoc(t, w.token, {
      moduleId: w.moduleId,
      name: 'Manual',
      url: '/manual',
      httpMethod: 'GET',
    });
    const result = await sync(
      tree([folder('Goods', [doc('List goods', 'GET', '/goods'), doc('Add goods', 'POST', '/goods')])]),
    );
    expect(result.deleted).toBe(1);
    expect(result.removed).toEqual([
      expect.objectContaining({ name: 'Refund', httpMethod: 'POST', url: '/orders/{id}/refund' }),
    ]);
    const names = (await liveDocs()).map((r) => r.name).sort();
    expect(names).toEqual(['Add goods', 'Goods', 'List goods', 'Manual']);
    expect(names).not.toContain(manual.id);
  });

  it('knows what a sync created from the row, even when old revisions were pruned', async () => {
    await sync(GOODS());
    const refund = (await liveDocs()).find((r) => r.name === 'Refund');
    expect(
      await t.db
        .selectFrom('docs')
        .select('syncOrigin')
        .where('id', '=', refund?.id ?? '')
        .executeTakeFirst(),
    ).toEqual({ syncOrigin: origin });
    await t.db
      .deleteFrom('docRevisions')
      .where('docId', '=', refund?.id ?? '')
      .execute();
    const result = await sync(tree([folder('Goods', [doc('List goods', 'GET', '/goods')])]));
    expect(result.removed.map((r) => r.name).sort()).toEqual(['Add goods', 'Refund']);
  });

  it('keeps history bounded like saves: a sync on a prune turn drops old revisions', async () => {
    const version = (n: number) =>
      tree([{ kind: 'doc', doc: newApiDoc('Ping', { url: '/ping', description: `v${n}` }) }]);
    for (let n = 1; n <= 59; n++) await sync(version(n));
    const ping = (await liveDocs()).find((r) => r.name === 'Ping');
    expect(ping?.revision).toBe(59);
    await t.db
      .updateTable('docRevisions')
      .set({ createdAt: '2020-01-01T00:00:00.000Z' })
      .where('docId', '=', ping?.id ?? '')
      .execute();
    await sync(version(60));
    const kept = await t.db
      .selectFrom('docRevisions')
      .select('revision')
      .where('docId', '=', ping?.id ?? '')
      .orderBy('revision')
      .execute();
    expect(kept.map((r) => r.revision)).toEqual(Array.from({ length: 50 }, (_, i) => i + 11));
  });

  it('append keeps docs the source does not name', async () => {
    await sync(GOODS());
    const result = await sync(tree([doc('Ping', 'GET', '/ping')]), { replace: false, override: false });
    expect(result).toMatchObject({ added: 1, deleted: 0, unchanged: 0 });
    expect((await liveDocs()).filter((r) => r.isFolder === 0)).toHaveLength(4);
  });

  it('never changes a locked doc nor anything under a locked folder', async () => {
    await sync(GOODS());
    const rows = await liveDocs();
    const list = rows.find((r) => r.name === 'List goods');
    const orders = rows.find((r) => r.name === 'Orders');
    await expectOk(t.post('/api/doc/lock', { id: list?.id }, { token: w.token }));
    await expectOk(t.post('/api/doc/lock', { id: orders?.id }, { token: w.token }));
    const changed = tree([
      folder('Goods', [doc('List goods renamed', 'GET', '/goods'), doc('Add goods', 'POST', '/goods')]),
    ]);
    const result = await sync(changed);
    expect(result).toMatchObject({ deleted: 0, unchanged: 2 });
    const after = await liveDocs();
    expect(after.find((r) => r.id === list?.id)?.name).toBe('List goods');
    expect(after.map((r) => r.name)).toContain('Refund');
  });

  it('keeps a description edited by hand, unless the sync overrides', async () => {
    await sync(GOODS());
    const list = (await liveDocs()).find((r) => r.name === 'List goods');
    const detail = await detailOf(t, w.token, list?.id ?? '');
    await saveDoc(t, w.token, {
      ...detail,
      id: detail.id,
      moduleId: w.moduleId,
      description: '<p>Written by a person</p>',
    });
    const changed = GOODS();
    const node = (changed.nodes[0] as { children: SourceNode[] }).children[0] as { doc: ApiDoc };
    node.doc = { ...node.doc, description: 'from the code', contentType: 'text/plain' };
    const kept = await sync(changed);
    expect(kept.updated).toBe(1);
    const afterPush = await detailOf(t, w.token, list?.id ?? '');
    expect(afterPush.description).toBe('<p>Written by a person</p>');
    expect(afterPush.contentType).toBe('text/plain');
    await sync(changed, { replace: true, override: true });
    expect((await detailOf(t, w.token, list?.id ?? '')).description).toBe('from the code');
  });

  it('fills the empty description of a doc made by hand, and records one audit entry per changing sync', async () => {
    const made = await saveDoc(t, w.token, {
      moduleId: w.moduleId,
      name: 'Ping',
      url: '/ping',
      httpMethod: 'GET',
    });
    const result = await sync(tree([doc('Ping', 'GET', '/ping')]), { replace: false, override: false });
    expect(result).toMatchObject({ added: 0, updated: 1 });
    expect((await detailOf(t, w.token, made.id)).description).toBe('Ping text');
    await sync(tree([doc('Ping', 'GET', '/ping')]), { replace: false, override: false });
    const audits = await t.db
      .selectFrom('auditLog')
      .select(['action', 'actorId', 'detail'])
      .where('targetId', '=', w.moduleId)
      .where('action', '=', 'doc.sync')
      .execute();
    expect(audits).toHaveLength(1);
    expect(JSON.parse(audits[0]?.detail ?? '{}')).toMatchObject({
      source: origin,
      author: 'ci-bot',
      updated: 1,
    });
  });

  it('merges folders with equal names and moves a doc to the folder the source puts it in', async () => {
    await sync(tree([folder('A', [doc('One', 'GET', '/one')]), folder('A', [doc('Two', 'GET', '/two')])]));
    let rows = await liveDocs();
    expect(rows.filter((r) => r.name === 'A')).toHaveLength(1);
    const a = rows.find((r) => r.name === 'A');
    expect(rows.filter((r) => r.parentId === a?.id).map((r) => r.name)).toEqual(['One', 'Two']);
    const moved = await sync(
      tree([folder('A', [doc('One', 'GET', '/one')]), folder('B', [doc('Two', 'GET', '/two')])]),
    );
    expect(moved).toMatchObject({ added: 0, updated: 1, unchanged: 1 });
    rows = await liveDocs();
    const b = rows.find((r) => r.name === 'B');
    expect(rows.find((r) => r.name === 'Two')?.parentId).toBe(b?.id);
  });

  it('keeps two versions of one method and URL apart', async () => {
    const v1: SourceNode = { kind: 'doc', doc: newApiDoc('Goods v1', { url: '/goods' }), version: 'v1' };
    const v2: SourceNode = { kind: 'doc', doc: newApiDoc('Goods v2', { url: '/goods' }), version: 'v2' };
    const result = await sync(
      tree([v1, v2, { kind: 'doc', doc: newApiDoc('Plain', { url: '/goods' }), version: '-' }]),
    );
    expect(result.added).toBe(3);
    expect((await liveDocs()).map((r) => r.url).sort()).toEqual(['/goods', '/goods#v1', '/goods#v2']);
  });

  it('writes dictionaries, links rows by name, upserts environments and the error-code page', async () => {
    const withEnum: SourceNode = {
      kind: 'doc',
      doc: newApiDoc('Pay', {
        httpMethod: 'POST',
        url: '/pay',
        requestParams: [{ name: 'order', type: 'object', children: [{ name: 'channel', type: 'enum' }] }],
      }),
      enumLinks: { 'requestParams.0.children.0': 'PayChannel' },
    };
    const source = tree([withEnum], {
      enums: [
        {
          name: 'PayChannel',
          description: 'channels',
          items: [
            { name: 'ALIPAY', type: 'string', value: 'alipay', description: 'Alipay' },
            { name: 'WECHAT', type: 'string', value: 'wechat', description: 'WeChat Pay' },
          ],
        },
      ],
      environments: [
        { name: 'test', url: 'http://10.0.0.1:8080/' },
        { name: 'bad', url: 'ftp://x' },
      ],
      commonErrorCodes: [{ code: '10001', description: 'token error', solution: 'log in again' }],
    });
    const result = await sync(source);
    expect(result.warnings.some((w) => w.includes('bad'))).toBe(true);
    const pay = (await liveDocs()).find((r) => r.name === 'Pay');
    const detail = await detailOf(t, w.token, pay?.id ?? '');
    const channel = (detail.requestParams as Array<{ children: Array<{ enumId: string }> }>)[0]?.children[0];
    const dictionary = await t.db
      .selectFrom('enums')
      .selectAll()
      .where('moduleId', '=', w.moduleId)
      .executeTakeFirstOrThrow();
    expect(channel?.enumId).toBe(dictionary.id);
    const items = await t.db
      .selectFrom('enumItems')
      .select('name')
      .where('enumId', '=', dictionary.id)
      .orderBy('orderIndex')
      .execute();
    expect(items.map((i) => i.name)).toEqual(['ALIPAY', 'WECHAT']);
    const envs = await t.db
      .selectFrom('moduleEnvironments')
      .select(['name', 'baseUrl'])
      .where('moduleId', '=', w.moduleId)
      .execute();
    expect(envs).toEqual([{ name: 'test', baseUrl: 'http://10.0.0.1:8080' }]);
    const codes = await expectOk<Array<{ code: string; description: string }>>(
      t.get(`/api/code/module/list?moduleId=${w.moduleId}`, { token: w.token }),
    );
    expect(codes).toEqual([expect.objectContaining({ code: '10001', description: 'token error' })]);
    const again = await sync(source);
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: 1 });
  });

  it('serializes concurrent syncs of one application: no duplicates, every doc once', async () => {
    const results = await Promise.all([sync(GOODS()), sync(GOODS()), sync(GOODS())]);
    expect(results.map((r) => r.added).sort()).toEqual([0, 0, 3]);
    expect((await liveDocs()).filter((r) => r.isFolder === 0)).toHaveLength(3);
    expect((await liveDocs()).filter((r) => r.name === 'Goods')).toHaveLength(1);
  });

  it.skipIf(dialect === 'sqlite')(
    'holds the application row lock against another process until commit, not other applications',
    async () => {
      const other =
        dialect === 'mysql'
          ? createDatabase({ kind: 'mysql', url: t.url ?? '', poolSize: 2 })
          : createDatabase({
              kind: 'postgres',
              url: process.env.TEST_DATABASE_URL ?? '',
              schema: (await currentSchema(t.db)) ?? 'public',
              poolSize: 2,
            });
      const otherApp = await createDocWorld(t);
      const events: string[] = [];
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const first = t.db.transaction().execute(async (trx) => {
        await lockModuleRow(trx, w.moduleId);
        events.push('A locked');
        await held;
        events.push('A commits');
      });
      while (!events.includes('A locked')) await new Promise((resolve) => setTimeout(resolve, 5));
      const second = other.transaction().execute(async (trx) => {
        await lockModuleRow(trx, w.moduleId);
        events.push('B locked');
      });
      // Another application's lock is free meanwhile.
      await other.transaction().execute(async (trx) => {
        await lockModuleRow(trx, otherApp.moduleId);
        events.push('C locked');
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      events.push('release');
      release();
      await Promise.all([first, second]);
      await other.destroy();
      expect(events).toEqual(['A locked', 'C locked', 'release', 'A commits', 'B locked']);
    },
  );

  it('refuses a deleted application and changes nothing', async () => {
    await expectOk(t.post('/api/module/delete', { id: w.moduleId }, { token: w.token }));
    await expect(sync(GOODS())).rejects.toMatchObject({ code: 'module.not_found' });
    expect(await liveDocs()).toEqual([]);
  });
});
