import { describe, expect, it } from 'vitest';
import type { LiveDocRow } from './compose.repository.ts';
import { buildComposeMenu } from './compose-tree.ts';

function doc(id: string, extra: Partial<LiveDocRow> = {}): LiveDocRow {
  return {
    id,
    moduleId: 'm',
    isFolder: 0,
    isShow: 1,
    name: `Doc ${id}`,
    url: `/${id}`,
    httpMethod: 'GET',
    type: 0,
    deprecated: '$false$',
    moduleName: 'M',
    projectName: 'P',
    spaceName: 'S',
    ...extra,
  };
}

describe('buildComposeMenu', () => {
  it('nests docs in the composed project own folders, leaving out gone docs and empty folders', () => {
    const entries = [
      { id: 'f', docId: '', isFolder: 1, folderName: 'Orders', parentId: '' },
      { id: 'e1', docId: 'd1', isFolder: 0, folderName: '', parentId: 'f' },
      { id: 'e2', docId: 'gone', isFolder: 0, folderName: '', parentId: 'f' },
      { id: 'empty', docId: '', isFolder: 1, folderName: 'Empty', parentId: '' },
      { id: 'e3', docId: 'd3', isFolder: 0, folderName: '', parentId: '' },
      { id: 'e4', docId: 'hidden', isFolder: 0, folderName: '', parentId: '' },
    ];
    const docs = new Map([
      ['d1', doc('d1')],
      ['d3', doc('d3', { type: 3, url: '', httpMethod: '' })],
      ['hidden', doc('hidden', { isShow: 0 })],
    ]);
    expect(buildComposeMenu(entries, docs)).toEqual([
      {
        id: 'f',
        type: 2,
        label: 'Orders',
        isFolder: true,
        apiCount: 1,
        children: [{ id: 'd1', type: 3, label: 'Doc d1', url: '/d1', httpMethod: 'GET' }],
      },
      { id: 'd3', type: 3, label: 'Doc d3', docType: 3 },
    ]);
  });
});
