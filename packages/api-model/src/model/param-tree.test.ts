import { describe, expect, it } from 'vitest';
import type { ParamRow } from './param.ts';
import { countParams, flattenParams, unflattenParams, walkParams, withParamIds } from './param-tree.ts';
import { normalizeParamType } from './param-types.ts';

function row(id: string, name: string, children: ParamRow[] = []): ParamRow {
  const type = children.length ? 'object' : 'string';
  return {
    id,
    name,
    type,
    required: true,
    maxLength: '64',
    example: '',
    description: '',
    enumId: '',
    enumContent: '',
    children,
  };
}

const TREE = [
  row('a', 'data', [row('b', 'user', [row('c', 'name'), row('d', 'age')]), row('e', 'total')]),
  row('f', 'code'),
];

describe('param trees', () => {
  it('flatten and unflatten round-trip, in reading order with parent ids', () => {
    const flat = flattenParams(TREE);
    expect(flat.map((r) => `${r.parentId}>${r.id}`)).toEqual(['>a', 'a>b', 'b>c', 'b>d', 'a>e', '>f']);
    expect(unflattenParams(flat)).toEqual({ ok: true, rows: TREE });
  });

  it('finds cycles and unknown parents in flat lists', () => {
    const flat = flattenParams(TREE).map((r) => (r.id === 'a' ? { ...r, parentId: 'c' } : r));
    expect(unflattenParams(flat)).toEqual({
      ok: false,
      issues: [{ path: [0, 'parentId'], message: 'validation.param_cycle' }],
    });
    const orphan = [{ ...flattenParams([row('x', 'x')])[0], parentId: 'gone' }] as ReturnType<
      typeof flattenParams
    >;
    expect(unflattenParams(orphan).ok).toBe(false);
  });

  it('walks and counts deep trees without recursion', () => {
    let deep = row('leaf', 'leaf');
    for (let i = 0; i < 20_000; i++) deep = row(`n${i}`, `n${i}`, [deep]);
    expect(countParams([deep])).toBe(20_001);
    let maxDepth = 0;
    walkParams([deep], (_row, depth) => {
      maxDepth = Math.max(maxDepth, depth);
    });
    expect(maxDepth).toBe(20_001);
  });

  it('gives rows without an id, and repeated ids after the first, a new id', () => {
    let n = 0;
    const rows = withParamIds([row('', 'a', [row('x', 'b')]), row('x', 'c')], () => `id${++n}`);
    expect(flattenParams(rows).map((r) => r.id)).toEqual(['id1', 'x', 'id2']);
  });
});

describe('normalizeParamType', () => {
  it.each([
    ['String', 'string'],
    ['java.lang.Integer', 'number'],
    ['int64', 'number'],
    ['Boolean', 'boolean'],
    ['List<String>', 'str_array'],
    ['Long[]', 'num_array'],
    ['List<OrderItem>', 'array'],
    ['MultipartFile[]', 'file[]'],
    ['Map<String,Object>', 'object'],
    ['LocalDateTime', 'string'],
    ['file[]', 'file[]'],
  ])('%s is %s', (raw, type) => {
    expect(normalizeParamType(raw)).toBe(type);
  });

  it('reads an unknown name as an object when it has children, else as a string', () => {
    expect(normalizeParamType('OrderVO', true)).toBe('object');
    expect(normalizeParamType('OrderVO')).toBe('string');
  });
});

describe('flat rows naming a later parent', () => {
  it('are placed under it', () => {
    const flat = flattenParams(TREE);
    const result = unflattenParams([...flat.slice(1), ...flat.slice(0, 1)]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(flattenParams(result.rows).map((r) => `${r.parentId}>${r.id}`)).toEqual([
      '>f',
      '>a',
      'a>b',
      'b>c',
      'b>d',
      'a>e',
    ]);
  });
});
