import type { DocTreeRow } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { buildDocTree, editPath, filterDocTree, moveTarget } from './doc-tree.ts';

function row(id: string, parentId: string, orderIndex: number, extra: Partial<DocTreeRow> = {}): DocTreeRow {
  return {
    id,
    parentId,
    name: id,
    url: '',
    httpMethod: 'GET',
    type: 0,
    isFolder: false,
    deprecated: '$false$',
    isShow: true,
    isLocked: false,
    orderIndex,
    ...extra,
  };
}

const ROWS = [
  row('orders', '', 10, { isFolder: true }),
  row('admin', 'orders', 30, { isFolder: true }),
  row('create', 'orders', 10, { url: '/orders', name: 'Create order' }),
  row('get', 'orders', 20, { url: '/orders/{id}', name: 'Get order' }),
  row('purge', 'admin', 10, { url: '/purge', name: 'Purge' }),
  row('readme', '', 20, { type: 3, name: 'Read me' }),
];

describe('doc tree', () => {
  it('nests folders to any depth in order and counts the docs below each folder', () => {
    const tree = buildDocTree(ROWS);
    expect(tree.map((n) => n.row.id)).toEqual(['orders', 'readme']);
    expect(tree[0]?.children.map((n) => n.row.id)).toEqual(['create', 'get', 'admin']);
    expect(tree[0]?.count).toBe(3);
    expect(tree[0]?.children[2]?.count).toBe(1);
  });

  it('filters by name or url, keeping the folders that lead to a match', () => {
    const tree = filterDocTree(buildDocTree(ROWS), '/PURGE');
    expect(tree.map((n) => n.row.id)).toEqual(['orders']);
    expect(tree[0]?.children.map((n) => n.row.id)).toEqual(['admin']);
    expect(tree[0]?.children[0]?.children.map((n) => n.row.id)).toEqual(['purge']);
    // A matching folder keeps all its children.
    expect(filterDocTree(buildDocTree(ROWS), 'orders')[0]?.children).toHaveLength(3);
  });

  it('turns drops into move calls: into a folder, before or after a sibling', () => {
    const siblings = ROWS.filter((r) => r.parentId === 'orders').sort((a, b) => a.orderIndex - b.orderIndex);
    const [create, get] = siblings;
    const readme = ROWS[5] as DocTreeRow;
    expect(moveTarget(siblings, ROWS[1] as DocTreeRow, readme, 'into')).toEqual({
      id: 'readme',
      parentId: 'admin',
    });
    expect(moveTarget(siblings, create as DocTreeRow, readme, 'before')).toEqual({
      id: 'readme',
      parentId: 'orders',
      orderIndex: 10,
    });
    expect(moveTarget(siblings, create as DocTreeRow, readme, 'after')).toEqual({
      id: 'readme',
      parentId: 'orders',
      orderIndex: get?.orderIndex,
    });
    expect(moveTarget(siblings, ROWS[1] as DocTreeRow, readme, 'after')).toEqual({
      id: 'readme',
      parentId: 'orders',
    });
  });

  it('opens custom and Markdown docs in the custom editor', () => {
    expect(editPath('m1', { id: 'd1', type: 0 })).toBe('/doc/edit/m1/d1');
    expect(editPath('m1', { id: 'd1', type: 3 })).toBe('/doc/edit_custom/m1/d1');
  });
});
