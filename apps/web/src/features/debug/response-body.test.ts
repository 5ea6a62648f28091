import { describe, expect, it } from 'vitest';
import { formatSize, rawLines, viewOfBody } from './response-body.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('viewOfBody', () => {
  it('takes JSON by its content type or its first character, without parsing it', () => {
    expect(viewOfBody(bytes('{"a":[1,2]}'), 'application/json; charset=utf-8')).toEqual({ kind: 'json' });
    expect(viewOfBody(bytes('  \n[1]'), 'text/plain').kind).toBe('json');
    expect(viewOfBody(bytes('plain words'), 'text/plain')).toEqual({ kind: 'text', html: false });
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

  it('cuts a very long raw line into pieces for the list, and keeps every short line', () => {
    const long = 'x'.repeat(4500);
    expect(rawLines(`a\r\nb\n${long}`).map((line) => line.length)).toEqual([1, 1, 2000, 2000, 500]);
  });

  it('formats sizes', () => {
    expect([formatSize(10), formatSize(2048), formatSize(3 * 1024 * 1024)]).toEqual([
      '10 B',
      '2.0 KB',
      '3.0 MB',
    ]);
  });
});
