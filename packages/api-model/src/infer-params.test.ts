import { describe, expect, it } from 'vitest';
import { inferParams } from './infer-params.ts';
import { DocLimits } from './model/constants.ts';
import type { ParamRow } from './model/param.ts';

function shape(rows: ParamRow[]): unknown {
  return rows.map((r) =>
    r.children.length ? [r.name, r.type, shape(r.children)] : [r.name, r.type, r.example],
  );
}

describe('inferParams', () => {
  it('infers types from values and builds a three-level tree from objects and arrays of objects', () => {
    const result = inferParams(
      JSON.stringify({
        code: 0,
        ok: true,
        msg: 'fine',
        none: null,
        data: {
          user: { id: 7, name: 'Ann', tags: ['a', 'b'], scores: [1, 2] },
          items: [{ sku: 'A-1' }, { sku: 'B-2', qty: 3 }],
          empty: [],
        },
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.isArray).toBe(false);
    expect(shape(result.params)).toEqual([
      ['code', 'number', '0'],
      ['ok', 'boolean', 'true'],
      ['msg', 'string', 'fine'],
      ['none', 'string', ''],
      [
        'data',
        'object',
        [
          [
            'user',
            'object',
            [
              ['id', 'number', '7'],
              ['name', 'string', 'Ann'],
              ['tags', 'str_array', '["a","b"]'],
              ['scores', 'num_array', '[1,2]'],
            ],
          ],
          // Keys of every element count, so optional fields are not lost.
          [
            'items',
            'array',
            [
              ['sku', 'string', 'A-1'],
              ['qty', 'number', '3'],
            ],
          ],
          ['empty', 'array', ''],
        ],
      ],
    ]);
    expect(result.params[0]).toMatchObject({ required: true, maxLength: '64', description: '', id: '' });
    expect(result.params[4]?.maxLength).toBe('');
  });

  it('reads a root array body: element type, and rows from its objects', () => {
    const objects = inferParams('[{"id": 1}, {"id": 2, "name": "x"}]');
    expect(objects.ok && [objects.isArray, objects.arrayType, shape(objects.params)]).toEqual([
      true,
      'object',
      [
        ['id', 'number', '1'],
        ['name', 'string', 'x'],
      ],
    ]);
    const numbers = inferParams([1, 2, 3]);
    expect(numbers.ok && [numbers.isArray, numbers.arrayType, numbers.params]).toEqual([true, 'number', []]);
  });

  it('wants a root array with at least one element', () => {
    expect(inferParams('[]')).toEqual({ ok: false, message: 'validation.root_array' });
  });

  it('wants JSON objects or arrays', () => {
    for (const sample of ['{nope', '"text"', '42', 'null', '']) {
      expect(inferParams(sample)).toEqual({ ok: false, message: 'validation.json_sample' });
    }
  });

  it('wants names of letters, digits, - and _, and says which key is wrong', () => {
    expect(inferParams('{"data": {"first name": 1}}')).toEqual({
      ok: false,
      message: 'validation.error_content',
      path: 'data.first name',
    });
    expect(inferParams({ 'X-Request-Id': 'a', snake_case: 1, n2: 2 }).ok).toBe(true);
  });

  it('refuses samples nested past the depth limit', () => {
    let sample: unknown = { leaf: 1 };
    for (let i = 0; i < DocLimits.depthMax + 5; i++) sample = { next: sample };
    expect(inferParams(sample)).toMatchObject({
      ok: false,
      message: `validation.param_depth|${DocLimits.depthMax}`,
    });
  });

  it('gives ids when asked', () => {
    let n = 0;
    const result = inferParams({ a: { b: 1 } }, { newId: () => `r${++n}` });
    expect(result.ok && [result.params[0]?.id, result.params[0]?.children[0]?.id]).toEqual(['r1', 'r2']);
  });
});
