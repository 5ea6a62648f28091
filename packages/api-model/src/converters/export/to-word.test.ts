import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { exportFixture } from './export-fixture.ts';
import { exportWord, wordRowCount } from './to-word.ts';

describe('exportWord', () => {
  it('writes a .docx with a table of contents, headings, tables and code blocks', async () => {
    const source = exportFixture();
    const first = source.nodes[0];
    if (first?.kind !== 'folder') throw new Error('fixture');
    // A control character from an import would make the XML unreadable: it is dropped.
    const second = first.children[1];
    if (second?.kind !== 'doc') throw new Error('fixture');
    first.children.push({ kind: 'doc', doc: { ...second.doc, name: 'Bad\u0001name' } });
    const bytes = await exportWord(source);
    const files = unzipSync(bytes);
    expect(Object.keys(files)).toContain('[Content_Types].xml');
    const xml = strFromU8(files['word/document.xml'] ?? new Uint8Array());
    expect(xml).toContain('TOC \\h \\o');
    expect(xml).toContain('<w:pStyle w:val="Heading1"/>');
    expect(xml).toContain('>Get order<');
    expect(xml).toContain('<w:tbl>');
    expect(xml).toContain('└ sku');
    expect(xml).toContain('Consolas');
    expect(xml).toContain('>Badname<');
    expect(xml).not.toContain('\u0001');
    expect(strFromU8(files['word/settings.xml'] ?? new Uint8Array())).toContain('updateFields');
  });

  it('counts the rows a Word export would print (the size its caller limits)', () => {
    // path 1, header 1, query 1, response 4 + 2 + 1, error codes 2; create: 2 + 2 body, 1 response; upload 2.
    expect(wordRowCount(exportFixture())).toBe(12 + 5 + 2);
  });
});
