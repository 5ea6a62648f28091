import type { ParamRow } from '@quire/api-model';
import { describe, expect, it } from 'vitest';
import {
  addParam,
  countRows,
  moveParam,
  newParamRow,
  removeParam,
  updateParam,
  visibleRows,
} from './param-edit.ts';

function tree(): ParamRow[] {
  return [
    newParamRow({ id: 'a', name: 'code', type: 'number' }),
    newParamRow({
      id: 'b',
      name: 'data',
      type: 'object',
      children: [
        newParamRow({ id: 'c', name: 'id' }),
        newParamRow({ id: 'd', name: 'items', type: 'array' }),
      ],
    }),
  ];
}

describe('param tree edits', () => {
  it('gives new rows the defaults: required, max length 64, a fresh id', () => {
    const row = newParamRow();
    expect(row).toMatchObject({ required: true, maxLength: '64', type: 'string', children: [] });
    expect(row.id).not.toBe(newParamRow().id);
  });

  it('adds a child under a nested row and keeps untouched rows identical', () => {
    const before = tree();
    const after = addParam(before, 'd', newParamRow({ id: 'e', name: 'sku' }));
    expect(after[1]?.children[1]?.children.map((r) => r.name)).toEqual(['sku']);
    expect(after[0]).toBe(before[0]);
    expect(after[1]?.children[0]).toBe(before[1]?.children[0]);
    expect(countRows(after)).toBe(5);
  });

  it('deletes a row with its children', () => {
    const after = removeParam(tree(), 'b');
    expect(after.map((r) => r.id)).toEqual(['a']);
    expect(countRows(after)).toBe(1);
  });

  it('updates and reorders rows among their siblings', () => {
    let rows = updateParam(tree(), 'c', { name: 'orderId' });
    expect(rows[1]?.children[0]?.name).toBe('orderId');
    rows = moveParam(rows, 'd', -1);
    expect(rows[1]?.children.map((r) => r.id)).toEqual(['d', 'c']);
    expect(moveParam(rows, 'a', -1).map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('lists visible rows with depth, skipping collapsed children', () => {
    const rows = visibleRows(tree(), new Set());
    expect(rows.map((r) => [r.row.id, r.depth])).toEqual([
      ['a', 0],
      ['b', 0],
      ['c', 1],
      ['d', 1],
    ]);
    expect(visibleRows(tree(), new Set(['b'])).map((r) => r.row.id)).toEqual(['a', 'b']);
  });
});
