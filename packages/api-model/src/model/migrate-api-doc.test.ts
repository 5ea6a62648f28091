import { describe, expect, it } from 'vitest';
import { API_DOC_VERSION, newApiDoc } from './api-doc.ts';
import { ApiDocParseError, parseApiDoc, safeParseApiDoc } from './migrate-api-doc.ts';

/** A doc detail as Torna 1.31 answers it (DocInfoDTO): nulls, bytes, flat params with Java types. */
const TORNA_DETAIL = {
  id: 'Vr1jzQXd',
  name: '查询订单',
  description: null,
  author: 'tom',
  type: 0,
  url: '/order/get',
  version: '',
  httpMethod: 'GET',
  contentType: 'application/json',
  deprecated: '$false$',
  isFolder: 0,
  parentId: 'xKdY7p3b',
  isUseGlobalHeaders: 1,
  isUseGlobalParams: 0,
  isUseGlobalReturns: 1,
  isRequestArray: 0,
  isResponseArray: 1,
  requestArrayType: 'object',
  responseArrayType: 'object',
  isShow: 1,
  remark: null,
  pathParams: [],
  headerParams: [
    { id: 'h1', name: 'token', type: 'String', required: 1, example: 'abc', description: '', parentId: '' },
  ],
  queryParams: [
    { id: 'q1', name: 'orderId', type: 'Long', required: 1, maxLength: '-', parentId: '', example: null },
  ],
  requestParams: [],
  responseParams: [
    { id: 'r1', name: 'id', type: 'Long', required: 0, parentId: '', description: '订单号' },
    { id: 'r2', name: 'items', type: 'List<OrderItem>', required: 0, parentId: '' },
    { id: 'r3', name: 'sku', type: 'String', required: 0, parentId: 'r2' },
    { id: 'r4', name: 'tags', type: 'List<String>', required: 0, parentId: '' },
  ],
  errorCodeParams: [
    { id: 'e1', name: '10001', description: '订单不存在', example: '检查订单号', parentId: '' },
  ],
  dubboInfo: null,
  debugEnvs: [],
};

describe('parseApiDoc', () => {
  it('reads the current version as it is', () => {
    const doc = newApiDoc('a', { url: '/a', requestParams: [{ id: 'x', name: 'x' }] });
    expect(parseApiDoc(JSON.parse(JSON.stringify(doc)))).toEqual(doc);
  });

  it('brings a version 0 document (Torna doc detail) forward', () => {
    const doc = parseApiDoc(TORNA_DETAIL);
    expect(doc.v).toBe(API_DOC_VERSION);
    expect(doc.description).toBe('');
    expect(doc.isUseGlobalParams).toBe(false);
    expect(doc.isResponseArray).toBe(true);
    expect(doc.queryParams[0]).toMatchObject({
      name: 'orderId',
      type: 'number',
      maxLength: '-',
      example: '',
    });
    expect(doc.responseParams.map((r) => [r.name, r.type, r.children.map((c) => c.name)])).toEqual([
      ['id', 'number', []],
      ['items', 'array', ['sku']],
      ['tags', 'str_array', []],
    ]);
    expect(doc.errorCodeParams).toEqual([
      { id: 'e1', code: '10001', description: '订单不存在', solution: '检查订单号' },
    ]);
  });

  it('refuses documents of a newer version, non-objects and broken documents with their issues', () => {
    expect(safeParseApiDoc({ ...newApiDoc('a'), v: API_DOC_VERSION + 1 })).toEqual({
      success: false,
      issues: [{ path: ['v'], message: 'validation.invalid' }],
    });
    expect(safeParseApiDoc('text').success).toBe(false);
    expect(() => parseApiDoc({ v: 1, name: '' })).toThrow(ApiDocParseError);
    try {
      parseApiDoc({ v: 1, name: 'a', requestParams: [{ name: 'x', type: 'nope' }] });
    } catch (error) {
      expect((error as ApiDocParseError).issues[0]?.path).toEqual(['requestParams', 0, 'type']);
    }
  });
});
