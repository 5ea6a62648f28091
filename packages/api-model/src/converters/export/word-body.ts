/**
 * The body of a Word export written as WordprocessingML text, the same elements the `docx` library writes for
 * headings, tables and code blocks (its output is what `to-word.test.ts` compares against). The library builds
 * an object per element and serializes them at the end: about 0.75 ms and 100 KB of heap per table row, so an
 * application of GitHub's size (72,000 rows) took a minute and 4 GB. Here each element is text at once, kept
 * as UTF-8 chunks, and the library still writes the package around it (styles, settings, fonts, properties).
 */

// Text as XML 1.0 allows it: markup characters escaped, control characters (which an import may carry and
// which make the file unreadable) dropped.
const UNSAFE = /[&<>]|[^\P{Cc}\t\n\r]|[\ufffe\uffff]/gu;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** `text` without the characters XML 1.0 forbids (for text handed to the `docx` library, which escapes). */
export function printable(text: string): string {
  return text.replace(UNSAFE, (c) => (ENTITIES[c] ? c : ''));
}

/** `text` as the content of an XML element. */
export function xmlText(text: string): string {
  return text.replace(UNSAFE, (c) => ENTITIES[c] ?? '');
}

/** Text of a run, spaces kept. */
const run = (text: string, props = '') =>
  `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ''}<w:t xml:space="preserve">${xmlText(text)}</w:t></w:r>`;

const BOLD = '<w:b/><w:bCs/>';
const MONO =
  '<w:rFonts w:ascii="Consolas" w:cs="Consolas" w:eastAsia="Consolas" w:hAnsi="Consolas"/><w:sz w:val="18"/><w:szCs w:val="18"/>';
const SHADED = '<w:pPr><w:shd w:fill="F2F2F2" w:color="auto" w:val="clear"/></w:pPr>';
const BORDER = 'w:val="single" w:color="auto" w:sz="4"';
const TABLE_PROPS = `<w:tblPr><w:tblW w:type="pct" w:w="5000"/><w:tblBorders><w:top ${BORDER}/><w:left ${BORDER}/><w:bottom ${BORDER}/><w:right ${BORDER}/><w:insideH ${BORDER}/><w:insideV ${BORDER}/></w:tblBorders></w:tblPr>`;
/** Text width of an A4 page with 1-inch margins, in twentieths of a point (the library's page). */
const TEXT_WIDTH = 9026;
/** Headings up to this level are listed in the table of contents. */
const TOC_LEVELS = 3;
const CHUNK = 1 << 20;

interface TocEntry {
  id: number;
  level: number;
  text: string;
}

/** Writes body elements in order; `toc()` and `chunks()` give the result. */
export class WordBody {
  private readonly done: Uint8Array[] = [];
  private pending: string[] = [];
  private pendingLength = 0;
  private readonly entries: TocEntry[] = [];
  private readonly encoder = new TextEncoder();

  private push(xml: string): void {
    this.pending.push(xml);
    this.pendingLength += xml.length;
    if (this.pendingLength >= CHUNK) this.flush();
  }

  private flush(): void {
    if (!this.pending.length) return;
    this.done.push(this.encoder.encode(this.pending.join('')));
    this.pending = [];
    this.pendingLength = 0;
  }

  /** A heading of level 1 to 4 (styles Heading1..4); levels 1 to 3 get a bookmark the contents link to. */
  heading(text: string, level: number): void {
    const style = `<w:pPr><w:pStyle w:val="Heading${level}"/></w:pPr>`;
    if (level > TOC_LEVELS) {
      this.push(`<w:p>${style}${run(text)}</w:p>`);
      return;
    }
    const id = this.entries.length + 1;
    this.entries.push({ id, level, text });
    this.push(
      `<w:p>${style}<w:bookmarkStart w:name="_Toc${id}" w:id="${id}"/>${run(text)}<w:bookmarkEnd w:id="${id}"/></w:p>`,
    );
  }

  paragraph(text: string, bold = false): void {
    this.push(`<w:p>${run(text, bold ? BOLD : '')}</w:p>`);
  }

  /** A code block: one monospaced, shaded paragraph per line. */
  code(text: string): void {
    for (const line of text.split('\n')) this.push(`<w:p>${SHADED}${run(line || ' ', MONO)}</w:p>`);
  }

  /** A full-width table with equal columns; the header row repeats on every page. */
  table(columns: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<string>>): void {
    const width = Math.floor(TEXT_WIDTH / Math.max(1, columns.length));
    const cells = (values: ReadonlyArray<string>, props: string) =>
      values.map((value) => `<w:tc><w:p>${run(value, props)}</w:p></w:tc>`).join('');
    this.push(
      `<w:tbl>${TABLE_PROPS}<w:tblGrid>${`<w:gridCol w:w="${width}"/>`.repeat(columns.length)}</w:tblGrid>` +
        `<w:tr><w:trPr><w:tblHeader/></w:trPr>${cells(columns, BOLD)}</w:tr>`,
    );
    for (const row of rows) this.push(`<w:tr>${cells(row, '')}</w:tr>`);
    this.push('</w:tbl>');
  }

  /**
   * The table of contents as Word writes it: a TOC field (`updateFields` in the settings asks Word to refresh
   * it, page numbers included, when the file opens) whose cached result already lists every heading with a
   * link to its bookmark, so a reader that does not refresh fields (LibreOffice, previews) shows it too.
   */
  toc(title: string): string {
    const begin = `<w:r><w:fldChar w:fldCharType="begin" w:dirty="true"/><w:instrText xml:space="preserve">TOC \\h \\o &quot;1-${TOC_LEVELS}&quot;</w:instrText><w:fldChar w:fldCharType="separate"/></w:r>`;
    const end = '<w:r><w:fldChar w:fldCharType="end"/></w:r>';
    const tabs = `<w:tabs><w:tab w:val="right" w:pos="${TEXT_WIDTH}" w:leader="dot"/></w:tabs>`;
    const lines = this.entries.map(
      (entry, i) =>
        `<w:p><w:pPr><w:pStyle w:val="TOC${entry.level}"/>${tabs}</w:pPr>${i === 0 ? begin : ''}` +
        `<w:hyperlink w:history="1" w:anchor="_Toc${entry.id}">${run(entry.text)}<w:r><w:tab/></w:r>` +
        `<w:r><w:fldChar w:fldCharType="begin" w:dirty="true"/><w:instrText xml:space="preserve">PAGEREF _Toc${entry.id} \\h</w:instrText><w:fldChar w:fldCharType="separate"/><w:fldChar w:fldCharType="end"/></w:r>` +
        '</w:hyperlink></w:p>',
    );
    const content = lines.length ? `${lines.join('')}<w:p>${end}</w:p>` : `<w:p>${begin}${end}</w:p>`;
    return (
      `<w:sdt><w:sdtPr><w:alias w:val="${xmlText(title).replace(/"/g, '&quot;')}"/><w:docPartObj><w:docPartGallery w:val="Table of Contents"/><w:docPartUnique/></w:docPartObj></w:sdtPr>` +
      `<w:sdtContent>${content}</w:sdtContent></w:sdt>`
    );
  }

  /** The body written so far, as UTF-8 chunks. */
  chunks(): Uint8Array[] {
    this.flush();
    return this.done;
  }
}
