// @vitest-environment jsdom
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { exportFixture } from './export-fixture.ts';
import { exportWord, wordRowCount } from './to-word.ts';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

// The part of the DOM this test reads (this package compiles without the DOM's types).
interface XmlElement {
  textContent: string | null;
  getAttributeNS(namespace: string, name: string): string | null;
  getElementsByTagNameNS(namespace: string, name: string): ArrayLike<XmlElement>;
  getElementsByTagName(name: string): ArrayLike<XmlElement>;
}
const { DOMParser } = globalThis as unknown as {
  DOMParser: new () => { parseFromString(text: string, type: string): XmlElement };
};

/** The document part, parsed as XML (a parse error fails the test). */
function documentOf(bytes: Uint8Array): { xml: string; dom: XmlElement } {
  const xml = strFromU8(unzipSync(bytes)['word/document.xml'] ?? new Uint8Array());
  const dom = new DOMParser().parseFromString(xml, 'application/xml');
  const error = dom.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`document.xml is not well-formed: ${error.textContent}`);
  return { xml, dom };
}

describe('exportWord', () => {
  it('writes a .docx with a table of contents, headings, tables and code blocks', async () => {
    const source = exportFixture();
    const first = source.nodes[0];
    if (first?.kind !== 'folder') throw new Error('fixture');
    // A control character from an import would make the XML unreadable: it is dropped; markup is escaped.
    const second = first.children[1];
    if (second?.kind !== 'doc') throw new Error('fixture');
    first.children.push({ kind: 'doc', doc: { ...second.doc, name: 'Bad\u0001name <&>' } });
    const bytes = await exportWord({ ...source, title: 'Shop & <Co>' });
    const files = unzipSync(bytes);
    for (const part of ['[Content_Types].xml', 'word/styles.xml', 'word/settings.xml', 'docProps/core.xml'])
      expect(Object.keys(files)).toContain(part);
    const { xml, dom } = documentOf(bytes);
    expect(xml).toContain('TOC \\h \\o');
    expect(xml).toContain('<w:pStyle w:val="Heading1"/>');
    expect(xml).toContain('>Get order<');
    expect(xml).toContain('└ sku');
    expect(xml).toContain('Consolas');
    expect(xml).toContain('>Badname &lt;&amp;&gt;<');
    expect(xml).not.toContain('\u0001');
    expect(xml).not.toContain('quire-word-body');
    const title = dom.getElementsByTagNameNS(W, 't')[0];
    expect(title?.textContent).toBe('Shop & <Co>');
    // Every table: a grid column per cell, the header row first and repeated on each page.
    const tables = Array.from(dom.getElementsByTagNameNS(W, 'tbl'));
    expect(tables.length).toBeGreaterThan(3);
    for (const table of tables) {
      const columns = table.getElementsByTagNameNS(W, 'gridCol').length;
      const rows = Array.from(table.getElementsByTagNameNS(W, 'tr'));
      expect(rows[0]?.getElementsByTagNameNS(W, 'tblHeader')).toHaveLength(1);
      for (const row of rows) expect(row.getElementsByTagNameNS(W, 'tc')).toHaveLength(columns);
    }
    expect(strFromU8(files['word/settings.xml'] ?? new Uint8Array())).toContain('updateFields');
  });

  it('lists every heading of levels 1 to 3 in the contents, each linked to its bookmark', async () => {
    const { dom } = documentOf(await exportWord(exportFixture()));
    const anchors = Array.from(dom.getElementsByTagNameNS(W, 'hyperlink')).map((a) =>
      a.getAttributeNS(W, 'anchor'),
    );
    const bookmarks = Array.from(dom.getElementsByTagNameNS(W, 'bookmarkStart')).map((b) =>
      b.getAttributeNS(W, 'name'),
    );
    const headings = Array.from(dom.getElementsByTagNameNS(W, 'pStyle')).filter((s) =>
      /^Heading[123]$/.test(s.getAttributeNS(W, 'val') ?? ''),
    );
    expect(anchors.length).toBe(headings.length);
    expect(anchors).toEqual(bookmarks);
    const names = Array.from(dom.getElementsByTagNameNS(W, 'hyperlink')).map(
      (a) => a.getElementsByTagNameNS(W, 't')[0]?.textContent,
    );
    expect(names).toContain('Get order');
  });

  it('counts the rows a Word export would print (the size its caller limits)', () => {
    // path 1, header 1, query 1, response 4 + 2 + 1, error codes 2; create: 2 + 2 body, 1 response; upload 2.
    expect(wordRowCount(exportFixture())).toBe(12 + 5 + 2);
  });
});
