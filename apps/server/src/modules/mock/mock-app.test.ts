import { describe, expect, it } from 'vitest';
import { docPath, matchDoc, pathQueryOf, pickDocMock } from './mock-app.ts';
import type { MockConditions } from './mock-match.ts';

const none: MockConditions = { requestDataType: 0, dataKv: [], dataJson: undefined, requestHeaders: [] };

describe('mock base routing', () => {
  it('reads doc URLs as path templates', () => {
    expect(docPath('http://h:1/a/{id}?x=1#f')).toBe('/a/{id}');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Torna's ${id} path variable, as typed in a doc
    expect(docPath('{{baseUrl}}/a/:id/${b}')).toBe('/a/{id}/{b}');
    expect(docPath('a//b/')).toBe('/a/b');
    expect(pathQueryOf('a?x=1&y=')).toEqual([
      { name: 'x', value: '1' },
      { name: 'y', value: '' },
    ]);
  });

  it('matches the method and the most specific template', () => {
    const docs = [
      { id: '1', url: '/orders/{id}', httpMethod: 'GET' },
      { id: '2', url: '/orders/new', httpMethod: 'GET' },
      { id: '3', url: '/orders/{id}', httpMethod: 'DELETE' },
      { id: '4', url: '/{any}/{id}', httpMethod: 'GET' },
      { id: '5', url: '/files/{name}.json', httpMethod: 'GET' },
      { id: '6', url: '/files/{name}', httpMethod: 'GET' },
      { id: '7', url: '/any', httpMethod: '' },
    ];
    expect(matchDoc(docs, 'GET', 'orders/o_1')?.id).toBe('1');
    expect(matchDoc(docs, 'HEAD', 'orders/new')?.id).toBe('2');
    expect(matchDoc(docs, 'DELETE', 'orders/o_1')?.id).toBe('3');
    expect(matchDoc(docs, 'GET', 'users/u')?.id).toBe('4');
    expect(matchDoc(docs, 'GET', 'files/a.json')?.id).toBe('5');
    expect(matchDoc(docs, 'GET', 'files/a.txt')?.id).toBe('6');
    expect(matchDoc(docs, 'PUT', 'orders/o_1')).toBeUndefined();
    expect(matchDoc(docs, 'PATCH', 'any')?.id).toBe('7');
  });

  it('picks a matching configuration with conditions, the most conditions first; else the default', () => {
    const configs = [
      { id: 'plain', isDefault: 0, path: '', conditions: none },
      { id: 'q', isDefault: 0, path: 'x?s=1', conditions: none },
      { id: 'kv', isDefault: 0, path: '', conditions: { ...none, dataKv: [{ name: 's', value: '1' }] } },
      {
        id: 'kv2',
        isDefault: 0,
        path: '',
        conditions: {
          ...none,
          dataKv: [{ name: 's', value: '1' }],
          requestHeaders: [{ name: 'x', value: '' }],
        },
      },
      { id: 'd', isDefault: 1, path: '', conditions: none },
    ];
    const request = (fields: Record<string, string[]>, headers = {}) => ({
      fields,
      json: undefined,
      headers,
    });
    expect(pickDocMock(configs, request({}))).toBeUndefined();
    expect(pickDocMock(configs, request({ s: ['1'] }))?.id).toBe('q');
    expect(pickDocMock(configs, request({ s: ['1'] }, { x: 'y' }))?.id).toBe('kv2');
  });
});
