import { describe, expect, it } from 'vitest';
import { rowsWithAncestors, sharedDocIds } from './share-scope.ts';

const rows = [
  { id: 'f1', parentId: '', isFolder: 1 },
  { id: 'f2', parentId: 'f1', isFolder: 1 },
  { id: 'a', parentId: 'f1', isFolder: 0 },
  { id: 'b', parentId: 'f2', isFolder: 0 },
  { id: 'c', parentId: '', isFolder: 0 },
  { id: 'f3', parentId: '', isFolder: 1 },
  { id: 'd', parentId: 'f3', isFolder: 0 },
];

describe('sharedDocIds', () => {
  it('reaches every doc of the application when the share is whole', () => {
    expect([...sharedDocIds(rows, { isAll: true, content: [] })].sort()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('reaches chosen docs, and every doc at any depth below a shared folder', () => {
    const ids = sharedDocIds(rows, {
      isAll: false,
      content: [
        { docId: 'f1', isShareFolder: 1 },
        { docId: 'c', isShareFolder: 0 },
      ],
    });
    expect([...ids].sort()).toEqual(['a', 'b', 'c']);
  });

  it('does not reach the docs of a folder ticked without sharing it, nor ids of other applications', () => {
    const ids = sharedDocIds(rows, {
      isAll: false,
      content: [
        { docId: 'f3', isShareFolder: 0 },
        { docId: 'elsewhere', isShareFolder: 0 },
      ],
    });
    expect([...ids]).toEqual([]);
  });

  it('keeps the folders above shared docs for the menu', () => {
    expect(rowsWithAncestors(rows, new Set(['b'])).map((r) => r.id)).toEqual(['f1', 'f2', 'b']);
  });
});
