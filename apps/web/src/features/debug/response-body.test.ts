import { describe, expect, it } from 'vitest';
import { formatSize, viewOfBody } from './response-body.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('viewOfBody', () => {
  it('pretty-prints JSON, with or without its content type', () => {
    const view = viewOfBody(bytes('{"a":[1,2]}'), 'application/json; charset=utf-8');
    expect(view).toMatchObject({ kind: 'json', lines: ['{', '  "a": [', '    1,', '    2', '  ]', '}'] });
    expect(viewOfBody(bytes('[1]'), 'text/plain').kind).toBe('json');
    expect(viewOfBody(bytes('{broken'), 'application/json').kind).toBe('text');
  });

  it('tells HTML, images, binary and empty answers apart', () => {
    expect(viewOfBody(bytes('<h1>x</h1>'), 'text/html')).toMatchObject({ kind: 'text', html: true });
    expect(viewOfBody(new Uint8Array([137, 80, 78, 71]), 'image/png')).toEqual({
      kind: 'image',
      mime: 'image/png',
    });
    expect(viewOfBody(new Uint8Array([1, 0, 2]), 'application/octet-stream')).toEqual({ kind: 'binary' });
    expect(viewOfBody(new Uint8Array(), 'text/plain')).toEqual({ kind: 'empty' });
  });

  it('keeps every line of a large answer for the virtualized list', () => {
    const big = JSON.stringify(Array.from({ length: 20_000 }, (_, i) => ({ i })));
    const view = viewOfBody(bytes(big), 'application/json');
    expect(view.kind === 'json' && view.lines.length).toBe(20_000 * 3 + 2);
  });

  it('formats sizes', () => {
    expect([formatSize(10), formatSize(2048), formatSize(3 * 1024 * 1024)]).toEqual([
      '10 B',
      '2.0 KB',
      '3.0 MB',
    ]);
  });
});
