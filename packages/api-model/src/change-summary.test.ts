import { describe, expect, it } from 'vitest';
import { isEmptySummary, summarizeChanges } from './change-summary.ts';
import { diffDocs } from './diff-docs.ts';
import { newApiDoc } from './model/api-doc.ts';

describe('summarizeChanges', () => {
  it('names changed fields and counts params added, removed and changed', () => {
    const before = newApiDoc('Get user', {
      url: '/user',
      httpMethod: 'GET',
      queryParams: [
        { name: 'id', type: 'string' },
        { name: 'old', type: 'string' },
      ],
    });
    const after = newApiDoc('Get a user', {
      url: '/users',
      httpMethod: 'GET',
      deprecated: 'use /v2',
      queryParams: [
        { name: 'id', type: 'number' },
        { name: 'fresh', type: 'string' },
      ],
    });
    // Rows without shared ids are matched by name path, so `id` is a change, `old` a removal, `fresh` an addition.
    const summary = summarizeChanges(diffDocs(before, after));
    expect(summary.fields).toEqual(expect.arrayContaining(['name', 'url', 'deprecated']));
    expect(summary.deprecated).toBe(true);
    expect(summary.params).toEqual({ added: 1, removed: 1, changed: 1 });
    expect(isEmptySummary(summary)).toBe(false);
  });

  it('is empty for a doc added as a whole', () => {
    expect(isEmptySummary(summarizeChanges(diffDocs(null, newApiDoc('x'))))).toBe(true);
  });
});
