import { describe, expect, it } from 'vitest';
import { diffDocs } from './diff-docs.ts';
import { newApiDoc } from './model/api-doc.ts';

const base = newApiDoc('Get user', {
  url: '/user',
  requestParams: [
    { id: 'r1', name: 'id', type: 'number' },
    {
      id: 'r2',
      name: 'filter',
      type: 'object',
      children: [
        { id: 'r3', name: 'name' },
        { id: 'r4', name: 'age', type: 'number' },
      ],
    },
  ],
  errorCodeParams: [{ code: '1', description: 'bad' }],
});

describe('diffDocs', () => {
  it('finds nothing between equal versions', () => {
    expect(diffDocs(base, JSON.parse(JSON.stringify(base)))).toEqual([]);
  });

  it('reports field changes with before and after', () => {
    const after = { ...base, name: 'Get a user', url: '/users', isShow: false };
    expect(diffDocs(base, after)).toEqual([
      { target: 'field', kind: 'update', field: 'name', before: 'Get user', after: 'Get a user' },
      { target: 'field', kind: 'update', field: 'url', before: '/user', after: '/users' },
      { target: 'field', kind: 'update', field: 'isShow', before: true, after: false },
    ]);
  });

  it('follows rows by id through renames and moves, and reports additions, removals and attributes', () => {
    const after = newApiDoc('Get user', {
      url: '/user',
      requestParams: [
        { id: 'r1', name: 'userId', type: 'number', required: false },
        {
          id: 'r2',
          name: 'filter',
          type: 'object',
          children: [
            { id: 'r3', name: 'name', description: 'exact' },
            { id: 'r5', name: 'city' },
          ],
        },
      ],
      errorCodeParams: [{ code: '1', description: 'bad' }],
    });
    expect(diffDocs(base, after)).toEqual([
      {
        target: 'param',
        kind: 'update',
        table: 'requestParams',
        id: 'r1',
        path: 'userId',
        before: { name: 'id', required: true, path: 'id' },
        after: { name: 'userId', required: false, path: 'userId' },
      },
      {
        target: 'param',
        kind: 'update',
        table: 'requestParams',
        id: 'r3',
        path: 'filter.name',
        before: { description: '' },
        after: { description: 'exact' },
      },
      expect.objectContaining({ kind: 'remove', id: 'r4', path: 'filter.age', after: null }),
      expect.objectContaining({ kind: 'add', id: 'r5', path: 'filter.city', before: null }),
    ]);
  });

  it('matches rows without shared ids by their name path', () => {
    const before = newApiDoc('a', { url: '/a', responseParams: [{ name: 'code', type: 'number' }] });
    const after = newApiDoc('a', {
      url: '/a',
      responseParams: [{ id: 'new', name: 'code', type: 'string' }],
    });
    expect(diffDocs(before, after)).toEqual([
      expect.objectContaining({
        kind: 'update',
        path: 'code',
        before: { type: 'number' },
        after: { type: 'string' },
      }),
    ]);
  });

  it('reports reordering, error codes and Dubbo facts', () => {
    const after = {
      ...base,
      requestParams: [...base.requestParams].reverse(),
      errorCodeParams: [
        { id: '', code: '1', description: 'worse', solution: '' },
        { id: '', code: '2', description: 'new', solution: '' },
      ],
      dubboInfo: {
        interfaceName: 'com.a.UserService',
        version: '',
        protocol: '',
        author: '',
        dependency: '',
      },
    };
    expect(diffDocs(base, after)).toEqual([
      { target: 'dubbo', kind: 'update', field: 'interfaceName', before: '', after: 'com.a.UserService' },
      { target: 'order', kind: 'update', table: 'requestParams' },
      {
        target: 'errorCode',
        kind: 'update',
        code: '1',
        before: { description: 'bad' },
        after: { description: 'worse' },
      },
      {
        target: 'errorCode',
        kind: 'add',
        code: '2',
        before: null,
        after: { code: '2', description: 'new', solution: '' },
      },
    ]);
  });

  it('reports creation and deletion', () => {
    expect(diffDocs(null, base)).toEqual([{ target: 'doc', kind: 'add' }]);
    expect(diffDocs(base, null)).toEqual([{ target: 'doc', kind: 'remove' }]);
  });

  it('diffs 10,000 rows quickly enough for a save (linear matching)', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({ id: `p${i}`, name: `p${i}` }));
    const before = newApiDoc('a', { url: '/a', responseParams: rows });
    const after = newApiDoc('a', {
      url: '/a',
      responseParams: rows.map((r, i) => (i === 5000 ? { ...r, name: 'x' } : r)),
    });
    expect(diffDocs(before, after)).toHaveLength(1);
  });
});
