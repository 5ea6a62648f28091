import { describe, expect, it } from 'vitest';
import { closeTabs, moveTab, nextActive, openTab } from './view-tabs.ts';

const tabs = ['a', 'b', 'c', 'd'].map((docId) => ({ docId, title: docId.toUpperCase() }));
const ids = (list: Array<{ docId: string }>) => list.map((t) => t.docId).join('');

describe('reader tabs', () => {
  it('opens a tab once and renames it when its title arrives', () => {
    expect(ids(openTab(tabs, { docId: 'e', title: 'E' }))).toBe('abcde');
    expect(openTab(tabs, { docId: 'b', title: 'Bee' })[1]).toEqual({ docId: 'b', title: 'Bee' });
    expect(openTab(tabs, { docId: 'b', title: '' })).toBe(tabs);
    expect(openTab(tabs, { docId: 'b', title: 'B' })).toBe(tabs);
  });

  it('keeps only the opened doc when the user turned "Open docs as tabs" off', () => {
    expect(ids(openTab(tabs, { docId: 'e', title: 'E' }, false))).toBe('e');
    expect(openTab(tabs, { docId: 'b', title: 'Bee' }, false)).toEqual([{ docId: 'b', title: 'Bee' }]);
    const single = [{ docId: 'b', title: 'B' }];
    expect(openTab(single, { docId: 'b', title: 'B' }, false)).toBe(single);
  });

  it('closes one, the others, those to the left and those to the right', () => {
    expect(ids(closeTabs(tabs, 'b', 'self'))).toBe('acd');
    expect(ids(closeTabs(tabs, 'b', 'others'))).toBe('b');
    expect(ids(closeTabs(tabs, 'c', 'left'))).toBe('cd');
    expect(ids(closeTabs(tabs, 'b', 'right'))).toBe('ab');
    expect(ids(closeTabs(tabs, 'zz', 'self'))).toBe('abcd');
  });

  it('picks the right neighbour of a closed active tab, else the left one, else none', () => {
    expect(nextActive(tabs, closeTabs(tabs, 'b', 'self'), 'b')).toBe('c');
    expect(nextActive(tabs, closeTabs(tabs, 'd', 'self'), 'd')).toBe('c');
    expect(nextActive(tabs, closeTabs(tabs, 'c', 'left'), 'a')).toBe('c');
    expect(nextActive(tabs, [], 'a')).toBeNull();
    expect(nextActive(tabs, tabs, 'a')).toBe('a');
  });

  it('moves a dragged tab to the drop target', () => {
    expect(ids(moveTab(tabs, 'a', 'c'))).toBe('bcad');
    expect(ids(moveTab(tabs, 'd', 'a'))).toBe('dabc');
    expect(ids(moveTab(tabs, 'a', 'a'))).toBe('abcd');
  });
});
