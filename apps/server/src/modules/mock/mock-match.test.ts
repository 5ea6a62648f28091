import { describe, expect, it } from 'vitest';
import { containsJson, type IncomingRequest, type MockConditions, pathKeys, pickMock } from './mock-match.ts';

const none: MockConditions = { requestDataType: 0, dataKv: [], dataJson: undefined, requestHeaders: [] };
const request = (over: Partial<IncomingRequest> = {}): IncomingRequest => ({
  fields: {},
  json: undefined,
  headers: {},
  ...over,
});

describe('mock matching', () => {
  it('looks up the path with its query first, then without', () => {
    expect(pathKeys('a/b', 'x=1')).toEqual(['a/b?x=1', 'a/b']);
    expect(pathKeys('a/%E4%B8%AD', '')).toEqual(['a/%E4%B8%AD', 'a/中']);
    expect(pathKeys('', '')).toEqual([]);
  });

  it('prefers the id, then the more specific key, then the configuration with more conditions', () => {
    const rows = [
      { id: '1', pathKey: 'a', conditions: none },
      { id: '2', pathKey: 'a', conditions: { ...none, dataKv: [{ name: 'v', value: '1' }] } },
      { id: '3', pathKey: 'a?q=1', conditions: none },
    ];
    expect(pickMock(rows, pathKeys('a', 'q=1'), 'a', request())?.id).toBe('3');
    expect(pickMock(rows, pathKeys('a', ''), 'a', request({ fields: { v: ['1'] } }))?.id).toBe('2');
    expect(pickMock(rows, pathKeys('a', ''), 'a', request({ fields: { v: ['2'] } }))?.id).toBe('1');
    expect(pickMock(rows, pathKeys('2', ''), '2', request())).toBeUndefined();
    expect(pickMock(rows, pathKeys('2', ''), '2', request({ fields: { v: ['1'] } }))?.id).toBe('2');
    // A path key that is another configuration's id never shadows that configuration.
    const taken = [...rows, { id: '4', pathKey: '1', conditions: none }];
    expect(pickMock(taken, pathKeys('1', ''), '1', request())?.id).toBe('1');
  });

  it('checks headers case-insensitively and JSON bodies as a deep subset', () => {
    const c: MockConditions = {
      requestDataType: 1,
      dataKv: [],
      dataJson: { a: { b: [1] } },
      requestHeaders: [{ name: 'X-T', value: '' }],
    };
    const rows = [{ id: '1', pathKey: 'p', conditions: c }];
    const hit = request({ json: { a: { b: [1, 2], c: 0 } }, headers: { 'x-t': 'any' } });
    expect(pickMock(rows, ['p'], 'p', hit)?.id).toBe('1');
    expect(pickMock(rows, ['p'], 'p', { ...hit, headers: {} })).toBeUndefined();
    expect(containsJson({ a: '1' }, { a: 1 })).toBe(false);
    expect(containsJson([1], { 0: 1 })).toBe(true);
  });
});
