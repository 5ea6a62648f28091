import { describe, expect, it } from 'vitest';
import { javaSdkPush, smartDocPush } from './fixtures/torna-push.ts';
import { TornaPushError, tornaEnumToModel, tornaPushToModel } from './torna-push-to-model.ts';

describe('reading a Torna doc.push', () => {
  it('reads a smart-doc push: string flags, nested folders, Java types, enums, <br>', () => {
    const push = tornaPushToModel(smartDocPush());
    expect(push).toMatchObject({ author: 'smart-doc', isReplace: true, isOverride: false });
    const group = push.tree.nodes[0];
    expect(group).toMatchObject({ kind: 'folder', name: 'default' });
    const controller = group?.kind === 'folder' ? group.children[0] : undefined;
    expect(controller).toMatchObject({ kind: 'folder', name: '订单接口' });
    const docs = controller?.kind === 'folder' ? controller.children : [];
    const [list, refund] = docs.map((node) => (node.kind === 'doc' ? node : undefined));
    expect(list?.doc).toMatchObject({
      name: '订单列表',
      httpMethod: 'GET',
      url: '/orders',
      author: 'zhangsan',
      deprecated: 'Deprecated',
      isShow: true,
    });
    expect(list?.doc.queryParams.map((p) => [p.name, p.type, p.required])).toEqual([
      ['page', 'number', false],
      ['status', 'enum', false],
    ]);
    const data = list?.doc.responseParams[0];
    expect(data?.type).toBe('array');
    expect(data?.children.map((p) => [p.name, p.type])).toEqual([
      ['id', 'number'],
      ['tags', 'str_array'],
      ['createdAt', 'string'],
    ]);
    expect(list?.enumLinks).toEqual({ 'queryParams.1': 'OrderStatus' });
    expect(refund?.doc).toMatchObject({ url: '/orders/{id}/refund', description: '申请退款<br>需要登录' });
    expect(refund?.doc.pathParams[0]).toMatchObject({
      name: 'id',
      type: 'number',
      required: true,
      maxLength: '-',
    });
    expect(refund?.doc.requestParams[0]).toMatchObject({
      maxLength: '200',
      description: '原因<br>最多200字',
    });
    expect(push.tree.environments).toEqual([{ name: 'local', url: 'http://127.0.0.1:8080' }]);
    expect(push.tree.commonErrorCodes).toEqual([{ code: '10001', description: 'token错误', solution: '' }]);
    expect(push.tree.enums).toEqual([{ name: 'OrderStatus', description: '订单状态', items: [] }]);
  });

  it('reads a Java SDK push: byte flags, url#version, Dubbo folders, error codes, top-level docs kept', () => {
    const push = tornaPushToModel(javaSdkPush());
    expect(
      push.tree.nodes.map((n) => (n.kind === 'folder' ? `folder ${n.name}` : `doc ${n.doc.name}`)),
    ).toEqual(['folder Goods', 'folder GoodsService', 'doc Ping']);
    const goods = push.tree.nodes[0];
    const get = goods?.kind === 'folder' ? goods.children[0] : undefined;
    expect(get).toMatchObject({ kind: 'doc', version: 'v2', doc: { url: '/goods/{id}', httpMethod: 'GET' } });
    expect(get?.kind === 'doc' ? get.doc.errorCodeParams : []).toEqual([
      { id: '', code: 'G404', description: 'goods not found', solution: 'check the id' },
    ]);
    const service = push.tree.nodes[1];
    const find = service?.kind === 'folder' ? service.children[0] : undefined;
    expect(find).toMatchObject({
      kind: 'doc',
      doc: { type: 1, url: 'Goods findById(Long id)', dubboInfo: { interfaceName: 'com.shop.GoodsService' } },
    });
    expect(push.tree.commonErrorCodes).toEqual([
      { code: '500', description: 'system error', solution: 'retry later' },
    ]);
  });

  it('defaults isReplace to 1 and isOverride to 0, and reads "0"/"1" strings', () => {
    expect(tornaPushToModel({ apis: [] })).toMatchObject({ isReplace: true, isOverride: false });
    expect(tornaPushToModel({ apis: [], isReplace: '0', isOverride: '1' })).toMatchObject({
      isReplace: false,
      isOverride: true,
    });
  });

  it('cuts over-long texts with a warning, flattens line breaks in names, and refuses what it cannot read', () => {
    const push = tornaPushToModel({
      debugEnvs: [{ name: 'local', url: 'localhost:8080' }],
      apis: [
        {
          name: 'Find\nby id',
          url: '/a',
          requestParams: [{ name: 'x', example: 'y'.repeat(20_000) }],
        },
      ],
    });
    const node = push.tree.nodes[0];
    expect(node?.kind === 'doc' ? node.doc.name : '').toBe('Find by id');
    expect(node?.kind === 'doc' ? node.doc.requestParams[0]?.example.length : 0).toBe(10_000);
    expect(push.tree.warnings).toEqual(['apis.0.requestParams.0.example: cut to 10000 characters']);
    expect(push.tree.environments).toEqual([{ name: 'local', url: 'http://localhost:8080' }]);
    expect(() => tornaPushToModel({})).toThrow(TornaPushError);
    expect(() => tornaPushToModel({ apis: ['not an item'] })).toThrow(TornaPushError);
    let deep: Record<string, unknown> = { name: 'leaf' };
    for (let i = 0; i < 40; i++) deep = { name: `level${i}`, children: [deep] };
    try {
      tornaPushToModel({ apis: [{ name: 'A', url: '/a', responseParams: [deep] }] });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(TornaPushError);
      expect((error as TornaPushError).path).toMatch(/^apis\.0\.responseParams\.0/);
    }
  });

  it('reads enum.push entries, naming a dictionary by its description when it has no name', () => {
    expect(tornaEnumToModel({ description: 'Colour', items: [{ name: 'RED', value: 1 }] }, 'data')).toEqual({
      name: 'Colour',
      description: 'Colour',
      items: [{ name: 'RED', type: 'string', value: '1', description: '' }],
    });
    expect(() => tornaEnumToModel({ items: [] }, 'data')).toThrow(TornaPushError);
  });
});
