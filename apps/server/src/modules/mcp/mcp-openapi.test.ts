import { describe, expect, it } from 'vitest';
import { mayBreak } from './mcp-changes.ts';
import { openApiPage, parseCursor } from './mcp-openapi.ts';

describe('openApiPage', () => {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < 50; i++) paths[`/items/${i}`] = { get: { summary: 'x'.repeat(200) } };
  const document = {
    openapi: '3.1.0',
    info: { title: 'Big' },
    tags: [{ name: 't' }],
    paths,
    components: { schemas: { A: {} } },
  };

  it('answers a small document whole', () => {
    const page = openApiPage(document, 0);
    expect(page.nextCursor).toBeNull();
    expect(JSON.parse(page.text)).toEqual(document);
  });

  it('pages a large one in whole paths, each page valid JSON under the limit, components on the first', () => {
    const seen: string[] = [];
    let cursor: number | null = 0;
    let pages = 0;
    while (cursor !== null) {
      const page = openApiPage(document, cursor, 3_000);
      expect(page.text.length).toBeLessThanOrEqual(3_000);
      const json = JSON.parse(page.text) as { paths: Record<string, unknown>; components?: unknown };
      expect(json.components !== undefined).toBe(pages === 0);
      seen.push(...Object.keys(json.paths));
      cursor = page.nextCursor === null ? null : parseCursor(page.nextCursor);
      pages += 1;
    }
    expect(pages).toBeGreaterThan(3);
    expect(seen).toEqual(Object.keys(paths));
  });

  it('refuses a cursor that is not an index', () => {
    expect(parseCursor('abc')).toBeNull();
    expect(parseCursor(undefined)).toBe(0);
  });
});

describe('mayBreak', () => {
  it('flags removed params, moved URLs and new required request params, not added response fields', () => {
    const param = { target: 'param', table: 'requestParams', id: 'a', path: 'a' } as const;
    expect(mayBreak([{ ...param, kind: 'remove', before: { name: 'a' }, after: null }])).toBe(true);
    expect(mayBreak([{ target: 'field', kind: 'update', field: 'url', before: '/a', after: '/b' }])).toBe(
      true,
    );
    expect(mayBreak([{ ...param, kind: 'add', before: null, after: { name: 'a', required: true } }])).toBe(
      true,
    );
    expect(
      mayBreak([
        {
          ...param,
          table: 'responseParams',
          kind: 'add',
          before: null,
          after: { name: 'a', required: true },
        },
      ]),
    ).toBe(false);
    expect(
      mayBreak([{ target: 'field', kind: 'update', field: 'description', before: 'a', after: 'b' }]),
    ).toBe(false);
  });
});
