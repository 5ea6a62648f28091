import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  javaSdkPush,
  SMART_DOC_ENUMS,
  SWAGGER_PLUGIN_CODES,
  smartDocPush,
  swaggerPluginPush,
} from '../../../../../packages/api-model/src/converters/fixtures/torna-push.ts';
import { createDocWorld, type DocWorld, detailOf, saveDoc } from '../../../test/doc-fixture.ts';
import { expectOk } from '../../../test/org-fixture.ts';
import { openCall, openOk, refreshPushToken } from '../../../test/push-fixture.ts';
import { createTestApp, envelopeOf, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

interface Counts {
  added: number;
  updated: number;
  deleted: number;
  unchanged: number;
  removed: Array<{ name: string; httpMethod: string; url: string }>;
  warnings: string[];
}

describe.each(testDialects())('open API push on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    w = await createDocWorld(t);
    token = await refreshPushToken(t, w.token, w.moduleId);
  });

  const liveDocs = () =>
    t.db
      .selectFrom('docs')
      .select(['id', 'name', 'parentId', 'isFolder', 'url', 'httpMethod', 'isLocked'])
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

  it('takes a smart-doc push: enums first, URL-encoded data, string flags, nested folders', async () => {
    expect(await openOk(openCall(t, 'enum.batch.push', SMART_DOC_ENUMS, token))).toBeNull();
    const counts = await openOk<Counts>(openCall(t, 'doc.push', smartDocPush(), token));
    expect(counts).toMatchObject({ added: 2, updated: 0, deleted: 0, unchanged: 0 });
    const rows = await liveDocs();
    const group = rows.find((r) => r.name === 'default');
    const controller = rows.find((r) => r.name === '订单接口');
    expect(controller?.parentId).toBe(group?.id);
    const list = rows.find((r) => r.name === '订单列表');
    expect(list).toMatchObject({ parentId: controller?.id, httpMethod: 'GET', url: '/orders' });
    const detail = await detailOf(t, w.token, list?.id ?? '');
    expect(detail.author).toBe('zhangsan');
    expect(detail.deprecated).toBe('Deprecated');
    const status = (detail.queryParams as Array<{ name: string; enumId: string }>).find(
      (p) => p.name === 'status',
    );
    const dictionary = await t.db
      .selectFrom('enums')
      .select(['id', 'name'])
      .where('moduleId', '=', w.moduleId)
      .executeTakeFirstOrThrow();
    expect(dictionary.name).toBe('OrderStatus');
    expect(status?.enumId).toBe(dictionary.id);
    const items = await t.db
      .selectFrom('enumItems')
      .select('name')
      .where('enumId', '=', dictionary.id)
      .execute();
    expect(items.map((i) => i.name).sort()).toEqual(['CREATED', 'PAID']);
    const refund = rows.find((r) => r.name === '退款');
    expect((await detailOf(t, w.token, refund?.id ?? '')).description).toBe('申请退款<br />需要登录');
    const envs = await t.db
      .selectFrom('moduleEnvironments')
      .select(['name', 'baseUrl'])
      .where('moduleId', '=', w.moduleId)
      .execute();
    expect(envs).toEqual([{ name: 'local', baseUrl: 'http://127.0.0.1:8080' }]);
    const codes = await expectOk<Array<{ code: string }>>(
      t.get(`/api/code/module/list?moduleId=${w.moduleId}`, { token: w.token }),
    );
    expect(codes.map((c) => c.code)).toEqual(['10001']);
    const revisions = await t.db
      .selectFrom('docRevisions')
      .select(['source'])
      .where('docId', '=', list?.id ?? '')
      .execute();
    expect(revisions).toEqual([{ source: 'push' }]);
  });

  it('is idempotent: the same push twice records no revision', async () => {
    await openOk(openCall(t, 'enum.batch.push', SMART_DOC_ENUMS, token));
    await openOk(openCall(t, 'doc.push', smartDocPush(), token));
    const before = await revisionCount();
    const again = await openOk<Counts>(openCall(t, 'doc.push', smartDocPush(), token, { form: 'text' }));
    expect(again).toMatchObject({ added: 0, updated: 0, deleted: 0, unchanged: 2 });
    expect(await revisionCount()).toBe(before);
  });

  it('takes a Java SDK push: bytes, data as an object, Dubbo folder, url#version, top-level docs kept', async () => {
    const counts = await openOk<Counts>(openCall(t, 'doc.push', javaSdkPush(), token, { form: 'object' }));
    expect(counts.added).toBe(3);
    const rows = await liveDocs();
    expect(rows.find((r) => r.name === 'Get goods')).toMatchObject({
      url: '/goods/{id}#v2',
      httpMethod: 'GET',
    });
    expect(rows.find((r) => r.name === 'Ping')).toMatchObject({ parentId: '', url: '/ping' });
    const find = rows.find((r) => r.name === 'findById');
    const detail = await detailOf(t, w.token, find?.id ?? '');
    expect(detail).toMatchObject({ type: 1, url: 'Goods findById(Long id)' });
    const list = await openOk<{ docList: Array<{ name: string; version: string; url: string }> }>(
      openCall(t, 'doc.list', {}, token),
    );
    expect(list.docList.find((d) => d.name === 'Get goods')).toMatchObject({
      url: '/goods/{id}',
      version: 'v2',
    });
    const get = rows.find((r) => r.name === 'Get goods');
    const one = await openOk<{ name: string; errorCodeParams: unknown[]; responseParams: unknown[] }>(
      openCall(t, 'doc.detail', { docId: get?.id }, token),
    );
    expect(one.name).toBe('Get goods');
    expect(one.errorCodeParams).toEqual([expect.objectContaining({ code: 'G404', msg: 'goods not found' })]);
    expect(one.responseParams).toHaveLength(3);
    expect(await openOk(openCall(t, 'doc.get', { id: get?.id }, token))).toMatchObject({ name: 'Get goods' });
    const many = await openOk<unknown[]>(openCall(t, 'doc.details', { docIds: [get?.id, find?.id] }, token));
    expect(many).toHaveLength(2);
  });

  it('takes a swagger-plugin push: controller folders with definitions, sibling order, codes first', async () => {
    await openOk(openCall(t, 'enum.batch.push', SWAGGER_PLUGIN_CODES, token));
    const counts = await openOk<Counts>(openCall(t, 'doc.push', swaggerPluginPush(), token));
    expect(counts).toMatchObject({ added: 3, updated: 0, deleted: 0 });
    const rows = await liveDocs();
    expect(rows.filter((r) => r.isFolder === 1).map((r) => r.name)).toEqual([
      'HealthController',
      'UserController',
    ]);
    const users = rows.find((r) => r.name === 'UserController');
    expect(rows.filter((r) => r.parentId === users?.id).map((r) => r.name)).toEqual([
      'Get user',
      'Create user',
    ]);
    const folder = await detailOf(t, w.token, users?.id ?? '');
    expect(folder.description).toBe('User management');
    const create = rows.find((r) => r.name === 'Create user');
    const detail = await detailOf(t, w.token, create?.id ?? '');
    const gender = (detail.requestParams as Array<{ name: string; enumId: string }>).find(
      (p) => p.name === 'gender',
    );
    const dictionary = await t.db
      .selectFrom('enums')
      .select('id')
      .where('moduleId', '=', w.moduleId)
      .where('name', '=', 'Gender')
      .executeTakeFirstOrThrow();
    expect(gender?.enumId).toBe(dictionary.id);
    const items = await t.db
      .selectFrom('enumItems')
      .select('name')
      .where('enumId', '=', dictionary.id)
      .execute();
    expect(items).toHaveLength(2);
    const envs = await t.db
      .selectFrom('moduleEnvironments')
      .select('name')
      .where('moduleId', '=', w.moduleId)
      .execute();
    expect(envs.map((e) => e.name).sort()).toEqual(['dev', 'test']);
  });

  it("never answers another application's docs", async () => {
    const other = await createDocWorld(t);
    const saved = await saveDoc(t, other.token, {
      moduleId: other.moduleId,
      name: 'Secret',
      url: '/s',
      httpMethod: 'GET',
    });
    const answer = await openCall(t, 'doc.detail', { docId: saved.id }, token);
    expect([answer.statusCode, envelopeOf(answer).code]).toEqual([400, '2']);
    expect(await openOk(openCall(t, 'doc.details', { docIds: [saved.id] }, token))).toEqual([]);
    expect(await openOk(openCall(t, 'doc.list', { docIds: [saved.id] }, token))).toEqual({ docList: [] });
  });

  it('merges chunked pushes with isReplace=0 and replaces with isReplace=1', async () => {
    const chunkA = {
      author: 'ci',
      isReplace: 0,
      apis: [{ name: 'A', isFolder: 1, items: [{ name: 'a1', url: '/a1', httpMethod: 'GET' }] }],
    };
    const chunkB = {
      author: 'ci',
      isReplace: 0,
      apis: [{ name: 'B', isFolder: 1, items: [{ name: 'b1', url: '/b1', httpMethod: 'GET' }] }],
    };
    await openOk(openCall(t, 'doc.push', chunkA, token));
    await openOk(openCall(t, 'doc.push', chunkB, token));
    expect(
      (await liveDocs())
        .filter((r) => r.isFolder === 0)
        .map((r) => r.name)
        .sort(),
    ).toEqual(['a1', 'b1']);
    const replaced = await openOk<Counts>(openCall(t, 'doc.push', { ...chunkA, isReplace: 1 }, token));
    expect(replaced).toMatchObject({ deleted: 1, unchanged: 1 });
    expect(replaced.removed).toEqual([{ name: 'b1', httpMethod: 'GET', url: '/b1' }]);
    expect((await liveDocs()).map((r) => r.name).sort()).toEqual(['A', 'a1']);
  });

  it('removes a vanished doc on replace, never a locked one, and keeps a description written by hand', async () => {
    await openOk(openCall(t, 'doc.push', smartDocPush(), token));
    const rows = await liveDocs();
    const list = rows.find((r) => r.name === '订单列表');
    const refund = rows.find((r) => r.name === '退款');
    const detail = await detailOf(t, w.token, list?.id ?? '');
    await saveDoc(t, w.token, { ...detail, moduleId: w.moduleId, description: '<p>人工编写</p>' });
    await expectOk(t.post('/api/doc/lock', { id: refund?.id }, { token: w.token }));
    const push = smartDocPush({ withRefund: false });
    const counts = await openOk<Counts>(openCall(t, 'doc.push', push, token));
    expect(counts.deleted).toBe(0);
    expect((await liveDocs()).map((r) => r.name)).toContain('退款');
    expect((await detailOf(t, w.token, list?.id ?? '')).description).toBe('<p>人工编写</p>');
    await expectOk(t.post('/api/doc/unlock', { id: refund?.id }, { token: w.token }));
    const after = await openOk<Counts>(openCall(t, 'doc.push', push, token));
    expect(after.removed).toEqual([{ name: '退款', httpMethod: 'POST', url: '/orders/{id}/refund' }]);
  });

  it('follows the push-override setting: pushes never remove docs', async () => {
    await openOk(openCall(t, 'doc.push', smartDocPush(), token));
    await expectOk(
      t.post('/api/module/setting/update', { moduleId: w.moduleId, pushOverride: true }, { token: w.token }),
    );
    const counts = await openOk<Counts>(openCall(t, 'doc.push', smartDocPush({ withRefund: false }), token));
    expect(counts.deleted).toBe(0);
  });

  it('creates, renames and lists folders, sets and deletes environments, pushes single dictionaries', async () => {
    const folder = await openOk<{ id: string; name: string }>(
      openCall(t, 'doc.category.create', { name: 'Users' }, token),
    );
    expect(folder.id).not.toBe('');
    expect(await openOk(openCall(t, 'doc.category.create', { name: 'Users' }, token))).toEqual(folder);
    await openOk(openCall(t, 'doc.category.name.update', { id: folder.id, name: 'Members' }, token));
    expect(await openOk(openCall(t, 'doc.category.list', {}, token))).toEqual([
      { id: folder.id, name: 'Members', parentId: '' },
    ]);
    await openOk(openCall(t, 'module.debug.env.set', { name: 'dev', url: 'http://127.0.0.1:9000/' }, token));
    const bad = await openCall(t, 'module.debug.env.set', { name: 'dev', url: 'file:///etc/passwd' }, token);
    expect(envelopeOf(bad).code).toBe('2');
    expect(
      await t.db
        .selectFrom('moduleEnvironments')
        .select('baseUrl')
        .where('moduleId', '=', w.moduleId)
        .execute(),
    ).toEqual([{ baseUrl: 'http://127.0.0.1:9000' }]);
    expect(await openOk(openCall(t, 'module.debug.env.delete', { name: 'dev' }, token))).toEqual({
      deleted: 1,
    });
    await openOk(
      openCall(
        t,
        'enum.push',
        { name: 'Color', description: 'colors', items: [{ name: 'RED', type: 'string', value: 'r' }] },
        token,
      ),
    );
    expect(
      await t.db.selectFrom('enums').select('name').where('moduleId', '=', w.moduleId).execute(),
    ).toEqual([{ name: 'Color' }]);
  });

  it('takes swagger-json.push with an OpenAPI text', async () => {
    const spec = {
      openapi: '3.0.3',
      info: { title: 'Pets', version: '1' },
      paths: {
        '/pets': {
          get: { tags: ['pets'], summary: 'List pets', responses: { '200': { description: 'ok' } } },
        },
      },
    };
    const counts = await openOk<Counts>(
      openCall(t, 'swagger-json.push', { author: 'ci', json: JSON.stringify(spec) }, token),
    );
    expect(counts.added).toBe(1);
    expect((await liveDocs()).find((r) => r.isFolder === 0)).toMatchObject({
      name: 'List pets',
      url: '/pets',
    });
    const bad = await openCall(t, 'swagger-json.push', { json: 'not: [valid' }, token);
    expect(envelopeOf(bad)).toMatchObject({
      code: '2',
      msg: expect.stringMatching(/^The Swagger\/OpenAPI text cannot be read: The text is not valid YAML: /),
    });
    const notApi = await openCall(t, 'swagger-json.push', { json: '{"hello": 1}' }, token, { lang: 'zh-CN' });
    expect(envelopeOf(notApi).msg).toMatch(/^无法读取 Swagger\/OpenAPI 内容：/);
  });
});
