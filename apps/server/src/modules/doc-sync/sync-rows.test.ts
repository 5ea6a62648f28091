import { describe, expect, it } from 'vitest';
import type { DocColumns } from '../docs/doc-document.ts';
import type { SyncDocRow } from './doc-sync.repository.ts';
import { batchesOf, changedColumns } from './sync-rows.ts';

const row: SyncDocRow = {
  id: 'd1',
  parentId: '',
  isFolder: 0,
  name: 'List orders',
  url: '/orders',
  httpMethod: 'GET',
  type: 0,
  orderIndex: 1,
  isLocked: 0,
  revision: 3,
  syncOrigin: 'import',
  isShow: 1,
  deprecated: '$false$',
  author: 'ci-bot',
  contentType: '',
  content: '',
};

const columns = (changes: Partial<DocColumns>): DocColumns => ({
  name: row.name,
  url: row.url,
  httpMethod: row.httpMethod,
  type: row.type,
  isShow: row.isShow,
  deprecated: row.deprecated,
  author: row.author,
  contentType: row.contentType,
  content: '{"name":"List orders"}',
  searchText: 'list orders',
  searchWords: 'list orders',
  ...changes,
});

describe('the columns a sync writes for a changed doc', () => {
  it('leaves out the light columns its row already holds, never the document or the search columns', () => {
    expect(changedColumns(row, columns({}))).toEqual({
      content: '{"name":"List orders"}',
      searchText: 'list orders',
      searchWords: 'list orders',
    });
  });

  it('keeps each light column that differs', () => {
    const changed = changedColumns(row, columns({ name: 'List all orders', deprecated: 'old' }));
    expect(Object.keys(changed).sort()).toEqual([
      'content',
      'deprecated',
      'name',
      'searchText',
      'searchWords',
    ]);
    expect(changed.name).toBe('List all orders');
  });
});

describe('entries in batches', () => {
  it('answers full batches as they fill, then the rest', async () => {
    async function* numbers() {
      for (let i = 0; i < 7; i++) yield i;
    }
    const batches: number[][] = [];
    for await (const batch of batchesOf(numbers(), 3)) batches.push(batch);
    expect(batches).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    const single: number[][] = [];
    for await (const batch of batchesOf([1, 2], 1)) single.push(batch);
    expect(single).toEqual([[1], [2]]);
  });
});
