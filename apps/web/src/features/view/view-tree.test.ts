import type { ViewNodeWire } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { ancestorIds, findItem, parentIds, readTree, visibleRows } from './view-tree.ts';

const NODES: ViewNodeWire[] = [
  {
    id: 'm1',
    type: 1,
    label: 'Shop',
    isFolder: true,
    apiCount: 3,
    children: [
      {
        id: 'f1',
        type: 2,
        label: 'Orders',
        isFolder: true,
        apiCount: 2,
        children: [
          { id: 'd1', type: 3, label: 'List orders', url: '/orders', httpMethod: 'GET' },
          {
            id: 'd2',
            type: 3,
            label: 'Cancel',
            url: '/orders/{id}/cancel',
            httpMethod: 'POST',
            deprecated: 'old',
          },
        ],
      },
      { id: 'd3', type: 3, label: 'Health', url: '/health', httpMethod: 'GET' },
    ],
  },
];

const labels = (rows: ReturnType<typeof visibleRows>) => rows.map((r) => r.item.label);

describe('the reader tree', () => {
  const roots = readTree(NODES);

  it('reads compact nodes with defaults filled in and parents linked', () => {
    const cancel = findItem(roots, 'd2');
    expect(cancel).toMatchObject({ deprecated: 'old', docType: 0, depth: 2, isFolder: false });
    expect(findItem(roots, 'd1')?.deprecated).toBe('$false$');
    expect(cancel && ancestorIds(cancel)).toEqual(['m1', 'f1']);
    expect(parentIds(roots)).toEqual(['m1', 'f1']);
  });

  it('shows children only under expanded items', () => {
    expect(labels(visibleRows(roots, new Set(), ''))).toEqual(['Shop']);
    expect(labels(visibleRows(roots, new Set(['m1']), ''))).toEqual(['Shop', 'Orders', 'Health']);
    expect(labels(visibleRows(roots, new Set(['m1', 'f1']), ''))).toEqual([
      'Shop',
      'Orders',
      'List orders',
      'Cancel',
      'Health',
    ]);
  });

  it('filters by name, URL or id, keeping the folders on the way, expanded', () => {
    expect(labels(visibleRows(roots, new Set(), 'CANCEL'))).toEqual(['Shop', 'Orders', 'Cancel']);
    expect(labels(visibleRows(roots, new Set(), '/health'))).toEqual(['Shop', 'Health']);
    expect(labels(visibleRows(roots, new Set(), 'd1'))).toEqual(['Shop', 'Orders', 'List orders']);
    expect(
      visibleRows(roots, new Set(), 'cancel').every((r) => r.item.children.length === 0 || r.expanded),
    ).toBe(true);
    expect(visibleRows(roots, new Set(), 'nothing-like-this')).toEqual([]);
  });

  it('keeps a matching folder whole', () => {
    expect(labels(visibleRows(roots, new Set(), 'orders'))).toEqual([
      'Shop',
      'Orders',
      'List orders',
      'Cancel',
    ]);
  });
});
