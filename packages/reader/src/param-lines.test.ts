import type { ParamRow } from '@quire/api-model';
import { describe, expect, it } from 'vitest';
import { countRows, paramLines, parentIndex, parentKeys } from './param-lines.ts';

const row = (name: string, children: ParamRow[] = [], id = ''): ParamRow => ({
  id,
  name,
  type: children.length ? 'object' : 'string',
  required: false,
  maxLength: '',
  example: '',
  description: '',
  enumId: '',
  enumContent: '',
  children,
});

const TREE = [
  row('page', [row('index'), row('size')]),
  row('data', [row('list', [row('orderNo')], 'L1'), row('total')], 'D1'),
  row('ok'),
];

describe('param lines', () => {
  it('lists every row in pre-order with its depth, keyed by id or by position', () => {
    const lines = paramLines(TREE, new Set());
    expect(lines.map((l) => `${l.key}:${l.row.name}@${l.depth}`)).toEqual([
      '0:page@0',
      '0.0:index@1',
      '0.1:size@1',
      'D1:data@0',
      'L1:list@1',
      'L1.0:orderNo@2',
      'D1.1:total@1',
      '2:ok@0',
    ]);
    expect(lines.map((l) => `${l.position}/${l.siblings}`).slice(0, 4)).toEqual(['1/3', '1/2', '2/2', '2/3']);
  });

  it('leaves out what is below a collapsed row, at any depth', () => {
    expect(paramLines(TREE, new Set(['D1'])).map((l) => l.row.name)).toEqual([
      'page',
      'index',
      'size',
      'data',
      'ok',
    ]);
    expect(paramLines(TREE, new Set(['L1', '0'])).map((l) => l.row.name)).toEqual([
      'page',
      'data',
      'list',
      'total',
      'ok',
    ]);
  });

  it('knows the parents, the size and the parent line of each line', () => {
    expect(parentKeys(TREE)).toEqual(['0', 'D1', 'L1']);
    expect(countRows(TREE)).toBe(8);
    const lines = paramLines(TREE, new Set());
    expect(parentIndex(lines, 5)).toBe(4); // orderNo -> list
    expect(parentIndex(lines, 6)).toBe(3); // total -> data
    expect(parentIndex(lines, 3)).toBe(-1);
  });
});
