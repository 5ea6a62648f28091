import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, detailOf, saveDoc } from '../../../test/doc-fixture.ts';
import { expectOk } from '../../../test/org-fixture.ts';
import { openCall, openOk, refreshPushToken } from '../../../test/push-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

/**
 * Pushes written while checking issue 7 by hand against a fresh server, shaped like what smart-doc 3.x and
 * Torna's Java SDK send (their wire format: docs/open-api.md), then read back through the web API.
 */

interface Counts {
  added: number;
  updated: number;
  deleted: number;
  unchanged: number;
  removed: Array<{ name: string; httpMethod: string; url: string }>;
}
interface Param {
  name: string;
  type: string;
  required: boolean;
  example: string;
  description: string;
  enumId: string;
  children: Param[];
}

// smart-doc's param: strings for flags, maxLength "0", version "-", children null on leaves.
const p = (name: string, type: string, required: string, description: string, more: object = {}) => ({
  name,
  type,
  required,
  maxLength: '0',
  example: '',
  description,
  orderIndex: 0,
  version: '-',
  children: null,
  enumInfo: null,
  ...more,
});
const ORDER_STATUS = {
  name: 'OrderStatusEnum',
  description: '订单状态',
  items: [
    { name: 'WAIT_PAY', type: 'int32', value: '0', description: '待支付' },
    { name: 'PAID', type: 'int32', value: '1', description: '已支付' },
  ],
};
const doc = (more: object) => ({
  isFolder: '0',
  httpMethod: 'GET',
  contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
  description: '',
  isShow: '1',
  author: 'zhangsan',
  version: '-',
  headerParams: [],
  pathParams: [],
  queryParams: [],
  requestParams: [],
  responseParams: [],
  isRequestArray: 0,
  requestArrayType: 'object',
  deprecated: null,
  ...more,
});

/** Response of an order: data > items[] > goods > specs[] > sku > skuCode, six levels. */
const ORDER_RESPONSE = [
  p('code', 'int32', '0', '返回码', { example: '0' }),
  p('data', 'object', '0', '订单详情', {
    children: [
      p('status', 'enum', '0', '订单状态', { enumInfo: ORDER_STATUS }),
      p('items', 'array', '1', '订单明细', {
        children: [
          p('goods', 'object', '1', '商品', {
            children: [
              p('goodsId', 'int64', '1', '商品ID', { example: '10086' }),
              p('specs', 'array', '0', '规格列表', {
                children: [
                  p('sku', 'object', '0', 'SKU', {
                    children: [
                      p('skuCode', 'string', '1', 'SKU 编码', { example: 'SKU-001', maxLength: '32' }),
                    ],
                  }),
                ],
              }),
            ],
          }),
        ],
      }),
    ],
  }),
];

function smartDoc(second = false) {
  const upload = doc({
    name: '上传凭证',
    url: '/order/voucher',
    httpMethod: 'POST',
    contentType: 'multipart/form-data',
    queryParams: [p('files', 'file[]', '1', '凭证文件')],
  });
  const orders = [
    doc({
      name: '查询订单详情',
      url: '/order/{orderNo}',
      pathParams: [p('orderNo', 'string', '1', '订单号', { example: 'NO1' })],
      responseParams: ORDER_RESPONSE,
    }),
    doc({
      name: '订单列表',
      url: '/order/list',
      description: second ? '推送的新描述' : '',
      queryParams: [
        p('status', 'enum', '0', '状态', { enumInfo: ORDER_STATUS }),
        ...(second ? [p('pageSize', 'int32', '0', '每页条数', { example: '20' })] : []),
      ],
    }),
    doc({ name: '创建订单', url: '/order', httpMethod: 'POST', description: second ? '推送改锁定文档' : '' }),
    ...(second ? [] : [upload, doc({ name: '取消订单', url: '/order/cancel', deprecated: 'Deprecated' })]),
  ];
  return {
    author: 'CI流水线',
    isReplace: 1,
    debugEnvs: [{ name: '测试环境', url: 'http://localhost:8080' }],
    commonErrorCodes: [{ code: '10001', msg: '参数错误' }],
    apis: [
      { name: '订单管理', isFolder: '1', orderIndex: 1, items: orders },
      {
        name: '用户管理',
        isFolder: '1',
        orderIndex: 2,
        items: [doc({ name: '用户登录', url: '/user/login' })],
      },
      // A second controller with the same @Api tag: one folder, not two.
      {
        name: '用户管理',
        isFolder: '1',
        orderIndex: 3,
        items: [
          doc({ name: '批量删除', url: '/user/batch', httpMethod: 'DELETE' }),
          ...(second ? [upload] : []),
        ],
      },
    ],
  };
}

describe.each(testDialects())('pushes shaped like real clients on %s', (dialect) => {
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

  const tree = () =>
    expectOk<Array<{ id: string; parentId: string; name: string; isFolder: boolean }>>(
      t.get(`/api/doc/list?moduleId=${w.moduleId}`, { token: w.token }),
    );
  const byName = async (name: string) => {
    const row = (await tree()).find((r) => r.name === name);
    if (!row) throw new Error(`${name} missing`);
    return row;
  };

  it('smart-doc: deep nesting, enums, merged folders; then move, lock, hand edit and removal', async () => {
    const first = await openOk<Counts>(openCall(t, 'doc.push', smartDoc(), token));
    expect(first).toMatchObject({ added: 7, updated: 0, deleted: 0, unchanged: 0 });
    expect((await tree()).filter((r) => r.isFolder).map((r) => r.name)).toEqual(['订单管理', '用户管理']);
    const detail = await detailOf(t, w.token, (await byName('查询订单详情')).id);
    let level = (detail.responseParams as Param[])[1];
    const path: string[] = [];
    while (level) {
      path.push(`${level.name}:${level.type}:${level.required}`);
      level = level.children.find((c) => c.children.length > 0 || c.name === 'skuCode') as Param;
    }
    expect(path).toEqual([
      'data:object:false',
      'items:array:true',
      'goods:object:true',
      'specs:array:false',
      'sku:object:false',
      'skuCode:string:true',
    ]);
    const status = (detail.responseParams as Param[])[1]?.children[0];
    expect(status?.enumId).not.toBe('');
    // Pushed by no user: the author shows as creator, as Torna did (it was blank).
    expect(detail.creatorName).toBe('zhangsan');
    expect(await openOk<Counts>(openCall(t, 'doc.push', smartDoc(), token))).toMatchObject({ unchanged: 7 });

    const upload = await byName('上传凭证');
    await expectOk(t.post('/api/doc/lock', { id: (await byName('创建订单')).id }, { token: w.token }));
    const list = await detailOf(t, w.token, (await byName('订单列表')).id);
    await saveDoc(t, w.token, { ...list, moduleId: w.moduleId, description: '<p>人工补充</p>' });
    const second = await openOk<Counts>(openCall(t, 'doc.push', smartDoc(true), token));
    expect(second.removed).toEqual([{ name: '取消订单', httpMethod: 'GET', url: '/order/cancel' }]);
    const rows = await tree();
    const moved = rows.find((r) => r.name === '上传凭证');
    expect(moved?.id).toBe(upload.id);
    expect(rows.find((r) => r.id === moved?.parentId)?.name).toBe('用户管理');
    const edited = await detailOf(t, w.token, list.id);
    expect(edited.description).toBe('<p>人工补充</p>');
    expect((edited.queryParams as Param[]).map((q) => q.name)).toEqual(['status', 'pageSize']);
    expect((await detailOf(t, w.token, (await byName('创建订单')).id)).description).toBe('');
  });

  it('replace drops an empty pushed folder the push no longer names; an empty folder made by hand stays', async () => {
    const ping = { name: '心跳', isFolder: '0', url: '/ping', httpMethod: 'GET' };
    // smart-doc sends a controller without endpoints as a folder with no items.
    const withEmpty = { apis: [{ name: '空控制器', isFolder: '1', items: [] }, ping] };
    await openOk(openCall(t, 'doc.push', withEmpty, token));
    await expectOk(t.post('/api/doc/folder/add', { moduleId: w.moduleId, name: '手建' }, { token: w.token }));
    expect((await tree()).map((r) => r.name).sort()).toEqual(['心跳', '手建', '空控制器']);
    expect(await openOk<Counts>(openCall(t, 'doc.push', withEmpty, token))).toMatchObject({ unchanged: 1 });
    expect((await tree()).map((r) => r.name).sort()).toEqual(['心跳', '手建', '空控制器']);
    await openOk(openCall(t, 'doc.push', { apis: [ping] }, token));
    expect((await tree()).map((r) => r.name).sort()).toEqual(['心跳', '手建']);
  });

  it('Java SDK: byte flags, chunks with isReplace=0, a Dubbo folder split over chunks, a param without type', async () => {
    const dubboInfo = {
      interfaceName: 'com.shop.StockService',
      author: '李四',
      version: '1.0.0',
      protocol: 'dubbo',
    };
    const sdkDoc = (more: object) => ({
      isShow: 1,
      isFolder: 0,
      orderIndex: 0,
      parentId: '',
      items: [],
      ...more,
    });
    const chunk = (method: string, definition: string) => ({
      author: 'sdk-bot',
      isReplace: 0,
      apis: [
        sdkDoc({
          name: '库存服务',
          isFolder: 1,
          dubboInfo,
          items: [
            sdkDoc({
              name: method,
              definition,
              // The SDK's Param with `type` left null: children make it a class.
              requestParams: [
                { name: 'query', required: 1, children: [{ name: 'skuId', type: 'Long', required: 1 }] },
              ],
            }),
          ],
        }),
      ],
    });
    await openOk(openCall(t, 'doc.push', chunk('扣减库存', 'boolean deduct(Long skuId)'), token));
    await openOk(openCall(t, 'doc.push', chunk('查询库存', 'Stock query(Long skuId)'), token));
    const rows = await tree();
    const folder = rows.filter((r) => r.isFolder);
    expect(folder.map((r) => r.name)).toEqual(['库存服务']);
    expect(rows.filter((r) => r.parentId === folder[0]?.id).map((r) => r.name)).toEqual([
      '扣减库存',
      '查询库存',
    ]);
    const detail = await detailOf(t, w.token, (await byName('查询库存')).id);
    expect(detail).toMatchObject({ type: 1, url: 'Stock query(Long skuId)', dubboInfo });
    // The service folder is a Dubbo folder with its facts, as one made by hand (the tree's Dubbo popover).
    expect(await detailOf(t, w.token, folder[0]?.id ?? '')).toMatchObject({ type: 1, dubboInfo });
    const [query] = detail.requestParams as Param[];
    expect([query?.type, query?.required, query?.children[0]?.type]).toEqual(['object', true, 'number']);
  });
});
