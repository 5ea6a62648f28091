import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, detailOf, saveDoc } from '../../../test/doc-fixture.ts';
import { expectError, expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

interface TreeAnswer {
  id: string;
  parentId: string;
  name: string;
  isFolder: boolean;
  orderIndex: number;
  [field: string]: unknown;
}

/** A response with a three-level nested body, as a new user would build it by hand. */
const ORDER_DOC = {
  name: 'Get order',
  url: '/orders/{id}',
  httpMethod: 'GET',
  contentType: 'application/json',
  description: '<p>Reads one <b>order</b>.</p>',
  pathParams: [{ name: 'id', type: 'number', required: 1, description: 'order id', example: '42' }],
  headerParams: [{ name: 'X-Token', type: 'string', required: 1 }],
  queryParams: [{ name: 'expand', type: 'str_array', required: 0, example: 'items,buyer' }],
  responseParams: [
    { name: 'code', type: 'number', example: '0' },
    {
      name: 'data',
      type: 'object',
      children: [
        { name: 'id', type: 'number' },
        {
          name: 'items',
          type: 'array',
          children: [
            { name: 'sku', type: 'string', maxLength: '32' },
            {
              name: 'price',
              type: 'object',
              children: [
                { name: 'amount', type: 'number' },
                { name: 'currency', type: 'enum', enumContent: 'CNY,USD' },
              ],
            },
          ],
        },
      ],
    },
  ],
  errorCodeParams: [{ code: '40401', description: 'no such order', solution: 'check the id' }],
};

describe.each(testDialects())('doc routes on %s', (dialect) => {
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

  const tree = () =>
    expectOk<TreeAnswer[]>(t.get(`/api/doc/list?moduleId=${w.moduleId}`, { token: w.token }));

  it('saves a doc with a three-level nested response and reads it back identical', async () => {
    const saved = await saveDoc(t, w.token, { ...ORDER_DOC, moduleId: w.moduleId });
    expect(saved.revision).toBe(1);
    const doc = await detailOf(t, w.token, saved.id);
    expect(doc).toMatchObject({
      id: saved.id,
      moduleId: w.moduleId,
      projectId: w.projectId,
      parentId: '',
      isFolder: false,
      name: 'Get order',
      type: 0,
      url: '/orders/{id}',
      httpMethod: 'GET',
      description: '<p>Reads one <b>order</b>.</p>',
      descriptionKind: 'html',
      author: w.nickname,
      deprecated: '$false$',
      isShow: true,
      isLocked: false,
      orderIndex: 10_000,
      revision: 1,
      creatorName: w.nickname,
      modifierName: w.nickname,
      errorCodeParams: [
        { id: expect.any(String), code: '40401', description: 'no such order', solution: 'check the id' },
      ],
    });
    const data = (
      doc.responseParams as Array<{
        name: string;
        children: Array<{ name: string; children: Array<{ name: string; children: unknown[] }> }>;
      }>
    )[1];
    expect(data?.children[1]?.children[1]?.children).toEqual([
      expect.objectContaining({ name: 'amount', type: 'number', required: true, maxLength: '64' }),
      expect.objectContaining({ name: 'currency', type: 'enum', enumContent: 'CNY,USD' }),
    ]);
    // Saving what was read back (as an editor does) changes nothing and records no revision.
    const again = await saveDoc(t, w.token, { ...doc, moduleId: w.moduleId, revision: doc.revision });
    expect(again.revision).toBe(1);
    const reread = await detailOf(t, w.token, saved.id);
    expect(reread).toEqual(doc);
  });

  it('lists the tree with light rows only, in order, never the content', async () => {
    const folder = await expectOk<TreeAnswer>(
      t.post('/api/doc/folder/add', { name: 'Orders', moduleId: w.moduleId }, { token: w.token }),
    );
    const a = await saveDoc(t, w.token, { ...ORDER_DOC, moduleId: w.moduleId, parentId: folder.id });
    const b = await saveDoc(t, w.token, {
      name: 'Readme',
      type: 3,
      description: '# hi',
      moduleId: w.moduleId,
    });
    const rows = await tree();
    expect(rows.map((r) => [r.name, r.parentId, r.isFolder, r.orderIndex])).toEqual([
      ['Orders', '', true, 10_000],
      ['Get order', folder.id, false, 10_000],
      ['Readme', '', false, 10_010],
    ]);
    expect(Object.keys(rows[1] ?? {}).sort()).toEqual(
      [
        'deprecated',
        'httpMethod',
        'id',
        'isFolder',
        'isLocked',
        'isShow',
        'name',
        'orderIndex',
        'parentId',
        'type',
        'url',
      ].sort(),
    );
    expect(rows.map((r) => r.id)).toEqual([folder.id, a.id, b.id]);
  });

  it('nests folders, refuses twin folder names, renames and moves them, and never into themselves', async () => {
    const add = (name: string, parentId = '') =>
      expectOk<TreeAnswer>(
        t.post('/api/doc/folder/add', { name, moduleId: w.moduleId, parentId }, { token: w.token }),
      );
    const api = await add('API');
    const v1 = await add('v1', api.id);
    const deep = await add('deep', v1.id);
    await expectError(
      t.post(
        '/api/doc/folder/add',
        { name: 'v1', moduleId: w.moduleId, parentId: api.id },
        { token: w.token },
      ),
      409,
      'doc.folder_name_taken',
    );
    await expectError(
      t.post('/api/doc/folder/add', { name: '', moduleId: w.moduleId }, { token: w.token }),
      400,
      'validation.invalid_input',
    );
    await expectOk(t.post('/api/doc/folder/update', { id: v1.id, name: 'v2' }, { token: w.token }));
    for (const target of [v1.id, deep.id]) {
      await expectError(
        t.post('/api/doc/move', { id: v1.id, parentId: target }, { token: w.token }),
        400,
        'doc.move_cycle',
      );
    }
    await expectError(
      t.post('/api/doc/folder/update', { id: api.id, name: 'API', parentId: deep.id }, { token: w.token }),
      400,
      'doc.move_cycle',
    );
    await expectOk(t.post('/api/doc/move', { id: deep.id, parentId: '' }, { token: w.token }));
    const rows = await tree();
    expect(rows.find((r) => r.id === v1.id)?.name).toBe('v2');
    expect(rows.find((r) => r.id === deep.id)?.parentId).toBe('');
    const doc = await saveDoc(t, w.token, { ...ORDER_DOC, moduleId: w.moduleId });
    await expectError(
      t.post('/api/doc/move', { id: v1.id, parentId: doc.id }, { token: w.token }),
      404,
      'doc.folder_not_found',
    );
    await expectError(
      t.post('/api/doc/folder/update', { id: doc.id, name: 'x' }, { token: w.token }),
      400,
      'doc.not_folder',
    );
  });

  it('keeps a doc in its folder on a save without parentId, and moves it on a save naming another', async () => {
    const add = (name: string) =>
      expectOk<TreeAnswer>(t.post('/api/doc/folder/add', { name, moduleId: w.moduleId }, { token: w.token }));
    const a = await add('a');
    const b = await add('b');
    const doc = await saveDoc(t, w.token, { name: 'd', url: '/d', moduleId: w.moduleId, parentId: a.id });
    await saveDoc(t, w.token, { name: 'd2', url: '/d', moduleId: w.moduleId, id: doc.id, revision: 1 });
    expect((await detailOf(t, w.token, doc.id)).parentId).toBe(a.id);
    const moved = await saveDoc(t, w.token, {
      name: 'd2',
      url: '/d',
      moduleId: w.moduleId,
      id: doc.id,
      revision: 2,
      parentId: b.id,
    });
    expect(moved.revision).toBe(3);
    expect((await detailOf(t, w.token, doc.id)).parentId).toBe(b.id);
  });

  it('reorders: a move to a taken order index pushes the later siblings down one step', async () => {
    const ids: string[] = [];
    for (const name of ['a', 'b', 'c']) {
      ids.push((await saveDoc(t, w.token, { name, url: `/${name}`, moduleId: w.moduleId })).id);
    }
    await expectOk(
      t.post('/api/doc/move', { id: ids[2], parentId: '', orderIndex: 10_000 }, { token: w.token }),
    );
    expect((await tree()).map((r) => [r.name, r.orderIndex])).toEqual([
      ['c', 10_000],
      ['a', 10_010],
      ['b', 10_020],
    ]);
  });

  it('deletes a folder with everything below it (soft), audited; the doc is gone for readers', async () => {
    const top = await expectOk<TreeAnswer>(
      t.post('/api/doc/folder/add', { name: 'top', moduleId: w.moduleId }, { token: w.token }),
    );
    const sub = await expectOk<TreeAnswer>(
      t.post(
        '/api/doc/folder/add',
        { name: 'sub', moduleId: w.moduleId, parentId: top.id },
        { token: w.token },
      ),
    );
    const doc = await saveDoc(t, w.token, { ...ORDER_DOC, moduleId: w.moduleId, parentId: sub.id });
    const other = await saveDoc(t, w.token, { name: 'other', url: '/other', moduleId: w.moduleId });
    await expectOk(t.post('/api/doc/delete', { id: top.id }, { token: w.token }));
    expect((await tree()).map((r) => r.id)).toEqual([other.id]);
    await expectError(t.get(`/api/doc/detail?id=${doc.id}`, { token: w.token }), 404, 'doc.not_found');
    const rows = await t.db
      .selectFrom('docs')
      .select(['id', 'deletedAt'])
      .where('id', 'in', [top.id, sub.id, doc.id])
      .execute();
    expect(rows.every((r) => r.deletedAt !== null)).toBe(true);
    const audit = await t.db
      .selectFrom('auditLog')
      .select(['action', 'detail'])
      .where('targetId', '=', top.id)
      .execute();
    expect(audit.map((a) => [a.action, JSON.parse(a.detail).count])).toEqual([['doc.delete', 3]]);
    // The method and URL are free again.
    await saveDoc(t, w.token, { ...ORDER_DOC, moduleId: w.moduleId });
  });

  it('copies a doc beside the original with a free URL, and locks and unlocks it', async () => {
    const doc = await saveDoc(t, w.token, { ...ORDER_DOC, moduleId: w.moduleId });
    const copy = await expectOk<{ id: string }>(t.post('/api/doc/copy', { id: doc.id }, { token: w.token }));
    const second = await expectOk<{ id: string }>(
      t.post('/api/doc/copy', { id: doc.id, name: 'Again' }, { token: w.token }),
    );
    const copied = await detailOf(t, w.token, copy.id);
    expect([copied.name, copied.url, (await detailOf(t, w.token, second.id)).url]).toEqual([
      'Get order Copy',
      '/orders/{id}-copy',
      '/orders/{id}-copy-2',
    ]);
    expect(copied.responseParams).toEqual((await detailOf(t, w.token, doc.id)).responseParams);
    await expectOk(t.post('/api/doc/lock', { id: doc.id }, { token: w.token }));
    expect((await detailOf(t, w.token, doc.id)).isLocked).toBe(true);
    // Locked docs are still edited by people (pushes and imports leave them alone).
    const edited = await saveDoc(t, w.token, {
      ...ORDER_DOC,
      name: 'Get one order',
      moduleId: w.moduleId,
      id: doc.id,
      revision: 1,
    });
    expect(edited.revision).toBe(2);
    await expectOk(t.post('/api/doc/unlock', { id: doc.id }, { token: w.token }));
    expect((await tree()).find((r) => r.id === doc.id)?.isLocked).toBe(false);
  });

  it('answers the application of a doc, and Dubbo facts from the doc or its folder', async () => {
    const info = {
      interfaceName: 'com.shop.OrderService',
      version: '1.0',
      protocol: 'dubbo',
      author: 'ann',
      dependency: '<dependency/>',
    };
    const folder = await expectOk<TreeAnswer>(
      t.post(
        '/api/doc/folder/add',
        { name: 'OrderService', moduleId: w.moduleId, dubboInfo: info },
        { token: w.token },
      ),
    );
    const method = await saveDoc(t, w.token, {
      name: 'getOrder',
      type: 1,
      url: 'Order getOrder(long id)',
      moduleId: w.moduleId,
      parentId: folder.id,
    });
    expect(
      await expectOk(t.get(`/api/module/infoByDocId?docId=${method.id}`, { token: w.token })),
    ).toMatchObject({ id: w.moduleId, projectId: w.projectId });
    expect(await expectOk(t.get(`/api/prop/getDocProps?id=${method.id}`, { token: w.token }))).toEqual(info);
    const own = await saveDoc(t, w.token, {
      name: 'other',
      type: 1,
      url: 'x',
      moduleId: w.moduleId,
      dubboInfo: { ...info, version: '2.0' },
    });
    expect(await expectOk(t.get(`/api/prop/getDocProps?id=${own.id}`, { token: w.token }))).toMatchObject({
      version: '2.0',
    });
    const plain = await saveDoc(t, w.token, { name: 'p', url: '/p', moduleId: w.moduleId });
    expect(await expectOk(t.get(`/api/prop/getDocProps?id=${plain.id}`, { token: w.token }))).toEqual({
      interfaceName: '',
      version: '',
      protocol: '',
      author: '',
      dependency: '',
    });
  });

  it('stores Markdown verbatim and custom rich text sanitized', async () => {
    const markdown =
      '# Title\n\n<script>alert(1)</script>\n\n[click](javascript:alert(1)) <img src=x onerror=alert(1)>';
    const md = await saveDoc(t, w.token, {
      name: 'md',
      type: 3,
      description: markdown,
      moduleId: w.moduleId,
    });
    expect(await detailOf(t, w.token, md.id)).toMatchObject({
      description: markdown,
      descriptionKind: 'markdown',
    });
    const custom = await saveDoc(t, w.token, {
      name: 'rich',
      type: 2,
      description: '<h2>Hi</h2><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
      moduleId: w.moduleId,
    });
    expect((await detailOf(t, w.token, custom.id)).description).toBe('<h2>Hi</h2><a>x</a>');
  });
});
