import { describe, expect, it } from 'vitest';
import {
  ancestorsOf,
  containersBelow,
  jsonLines,
  lineText,
  searchLines,
  visibleLines,
} from './json-lines.ts';

const all = (lines: ReturnType<typeof jsonLines>) =>
  Array.from({ length: lines.count }, (_, i) => lineText(lines, i));

describe('jsonLines', () => {
  it('lays a value out as the lines of its pretty print, with depths and matching brackets', () => {
    const value = { a: [1, 2], b: {}, c: { d: 'x' } };
    const lines = jsonLines(value);
    expect(all(lines)).toEqual(['{', '"a": [', '1,', '2', '],', '"b": {},', '"c": {', '"d": "x"', '}', '}']);
    // The same lines as JSON.stringify's, indentation aside.
    expect(all(lines)).toEqual(
      JSON.stringify(value, null, 2)
        .split('\n')
        .map((line) => line.trim()),
    );
    expect(Array.from(lines.depth)).toEqual([0, 1, 2, 2, 1, 1, 1, 2, 1, 0]);
    expect([lines.close[0], lines.close[1], lines.close[6], lines.close[5]]).toEqual([9, 4, 8, -1]);
    expect(ancestorsOf(lines, 7)).toEqual([6, 0]);
  });

  it('skips a closed container and keeps the rest', () => {
    const lines = jsonLines({ a: [1, 2], c: { d: 'x' } });
    expect(Array.from(visibleLines(lines, new Set([1])))).toEqual([0, 1, 5, 6, 7, 8]);
    expect(containersBelow(lines, 1)).toEqual([1, 5]);
  });

  it('finds the lines holding a text, ignoring case, once per line', () => {
    const items = Array.from({ length: 10_000 }, (_, i) => ({ id: i, email: `user${i}@Example.com` }));
    const lines = jsonLines(items);
    const found = searchLines(lines, 'USER9876@example');
    expect(found.length).toBe(1);
    expect(lineText(lines, found[0] ?? 0)).toBe('"email": "user9876@Example.com"');
    expect(searchLines(lines, 'example.com').length).toBe(10_000);
    expect(searchLines(lines, '').length).toBe(0);
  });
});
