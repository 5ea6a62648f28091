import { describe, expect, it } from 'vitest';
import { exampleObject, exampleOf } from './generate-example.ts';

describe('exampleOf', () => {
  it('gives default values per base type', () => {
    expect(exampleOf({ name: 'a', type: 'string' })).toBe('string');
    expect(exampleOf({ name: 'a', type: 'number' })).toBe(0);
    expect(exampleOf({ name: 'a', type: 'boolean' })).toBe(true);
    expect(exampleOf({ name: 'a', type: 'num_array' })).toEqual([0]);
    expect(exampleOf({ name: 'a', type: 'str_array' })).toEqual(['string']);
  });

  it('uses and converts the example a row gives', () => {
    expect(exampleOf({ name: 'a', type: 'number', example: '12.5' })).toBe(12.5);
    expect(exampleOf({ name: 'a', type: 'number', example: 'abc' })).toBe(0);
    expect(exampleOf({ name: 'a', type: 'boolean', example: 'false' })).toBe(false);
    expect(exampleOf({ name: 'a', type: 'num_array', example: '1, 2,3' })).toEqual([1, 2, 3]);
    expect(exampleOf({ name: 'a', type: 'str_array', example: '["x","y"]' })).toEqual(['x', 'y']);
    expect(exampleOf({ name: 'a', type: 'enum', enumContent: 'RED,GREEN' })).toBe('RED');
  });

  it('builds nested objects and arrays of objects from children', () => {
    const tree = [
      { name: 'id', type: 'number', example: '7' },
      {
        name: 'items',
        type: 'array',
        children: [
          { name: 'sku', type: 'string', example: 'A-1' },
          { name: 'tags', type: 'str_array' },
        ],
      },
      { name: 'owner', type: 'object', children: [{ name: 'name', type: 'string', example: 'Ann' }] },
    ];
    expect(exampleObject(tree)).toEqual({
      id: 7,
      items: [{ sku: 'A-1', tags: ['string'] }],
      owner: { name: 'Ann' },
    });
  });

  it('never lets a parameter name touch the prototype', () => {
    const result = exampleObject([
      { name: '__proto__', type: 'object', children: [{ name: 'polluted', type: 'boolean' }] },
      { name: 'ok', type: 'string' },
    ]);
    expect(result).toEqual({ ok: 'string' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('stops at a safe depth on hostile trees', () => {
    let node = { name: 'leaf', type: 'string' } as { name: string; type: string; children?: unknown[] };
    for (let i = 0; i < 5000; i++) node = { name: `n${i}`, type: 'object', children: [node] };
    expect(() => exampleObject([node as never])).not.toThrow();
  });
});
