import { describe, expect, it } from 'vitest';
import { pascalCase, type TypeParam, typeNameOf, typeScriptOf } from './typescript-types.ts';

const p = (name: string, type: string, extra: Partial<TypeParam> = {}): TypeParam => ({
  name,
  type: type as TypeParam['type'],
  required: true,
  description: '',
  enumContent: '',
  ...extra,
});

describe('TypeScript types from params', () => {
  it('names types after the doc, else its URL', () => {
    expect(pascalCase('get order-list v2')).toBe('GetOrderListV2');
    expect(typeNameOf('查询订单', '/orders/{id}')).toBe('OrdersId');
    expect(typeNameOf('', '')).toBe('Api');
  });

  it('declares one interface per object level, optional fields, enums, arrays and comments', () => {
    const text = typeScriptOf('GetOrderResponse', [
      p('code', 'number', { description: '<p>0 is <b>ok</b></p>' }),
      p('state', 'enum', { enumContent: 'NEW, PAID' }),
      p('note', 'string', { required: false }),
      p('tags', 'str_array'),
      p('data', 'object', {
        children: [p('items', 'array', { children: [p('sku', 'string'), p('x-y', 'file')] })],
      }),
    ]);
    expect(text).toBe(
      [
        'export interface GetOrderResponse {',
        '  /** 0 is ok */',
        '  code: number;',
        '  state: "NEW" | "PAID";',
        '  note?: string;',
        '  tags: string[];',
        '  data: GetOrderResponseData;',
        '}',
        '',
        'export interface GetOrderResponseData {',
        '  items: GetOrderResponseDataItems[];',
        '}',
        '',
        'export interface GetOrderResponseDataItems {',
        '  sku: string;',
        '  "x-y": Blob;',
        '}',
      ].join('\n'),
    );
  });

  it('types root arrays and keeps two same-named levels apart', () => {
    expect(typeScriptOf('Ids', [], { isArray: true, elementType: 'number' })).toBe(
      'export type Ids = number[];',
    );
    const text = typeScriptOf(
      'R',
      [
        p('a', 'object', { children: [p('x', 'string')] }),
        p('A', 'object', { children: [p('y', 'string')] }),
      ],
      {
        isArray: true,
      },
    );
    expect(text).toContain('export interface RA {');
    expect(text).toContain('export interface RA2 {');
    expect(text).toContain('export type RList = R[];');
  });

  it('does not let a description close the comment', () => {
    expect(typeScriptOf('T', [p('a', 'string', { description: 'x */ y' })])).toContain('/** x * / y */');
  });
});
