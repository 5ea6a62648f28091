/**
 * The doc model -> a Word document (`.docx`, with the `docx` library): a table of contents (Word fills it when
 * the file opens: `updateFields`), a heading per folder and doc, tables for params and error codes, and the
 * examples in a monospaced block. The same parts as the Markdown export (`doc-parts.ts`).
 */
import {
  Document,
  HeadingLevel,
  Packer,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableOfContents,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { DocType, NOT_DEPRECATED, PARAM_TABLES } from '../../model/constants.ts';
import { plainText } from '../../model/search-text.ts';
import { type DocSection, docParts } from './doc-parts.ts';
import { type ExportSource, placedDocs, rowsInOrder } from './export-source.ts';
import { ENGLISH_LABELS, type ExportLabels } from './labels.ts';

type Block = Paragraph | Table | TableOfContents;

const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
];

// XML 1.0 forbids most control characters; a doc imported from anywhere may hold some.
function xmlSafe(text: string): string {
  return text.replace(/[^\P{Cc}\t\n\r]|[\ufffe\uffff]/gu, '');
}

function heading(text: string, level: number): Paragraph {
  return new Paragraph({ text: xmlSafe(text), heading: HEADINGS[Math.min(level, HEADINGS.length) - 1] });
}

function textParagraph(text: string, bold = false): Paragraph {
  return new Paragraph({ children: [new TextRun({ text: xmlSafe(text), bold })] });
}

function tableOf(section: DocSection): Block[] {
  const row = (cells: string[], header: boolean) =>
    new TableRow({
      tableHeader: header,
      children: cells.map(
        (value) =>
          new TableCell({
            children: [new Paragraph({ children: [new TextRun({ text: xmlSafe(value), bold: header })] })],
          }),
      ),
    });
  return [
    heading(section.title, 4),
    new Table({
      width: { size: 100, type: WidthType.PERCENTAGE },
      rows: [row(section.columns, true), ...section.rows.map((cells) => row(cells, false))],
    }),
  ];
}

/** A code block: one monospaced, shaded paragraph per line. */
function codeBlock(text: string): Paragraph[] {
  return text.split('\n').map(
    (line) =>
      new Paragraph({
        shading: { type: ShadingType.CLEAR, fill: 'F2F2F2', color: 'auto' },
        children: [new TextRun({ text: xmlSafe(line) || ' ', font: 'Consolas', size: 18 })],
      }),
  );
}

/**
 * Table rows a Word export may hold. The `docx` library builds the whole document in memory: about 0.35 ms
 * and 100 KB of heap per row, growing faster past this (GitHub's 70,000 rows take 85 s and 4 GB), so larger
 * exports are refused by the caller with a pointer to the other formats.
 */
export const WORD_ROWS_MAX = 10_000;

/** Param rows and error codes a Word export of `source` would print. */
export function wordRowCount(source: ExportSource): number {
  let count = 0;
  for (const placed of placedDocs(source.nodes)) {
    const doc = placed.node.doc;
    count += doc.errorCodeParams.length;
    for (const table of PARAM_TABLES) count += rowsInOrder(doc[table], table).length;
  }
  return count;
}

/** The `.docx` bytes of a source. */
export async function exportWord(
  source: ExportSource,
  l: ExportLabels = ENGLISH_LABELS,
): Promise<Uint8Array> {
  const blocks: Block[] = [
    new Paragraph({ text: xmlSafe(source.title), heading: HeadingLevel.TITLE }),
    new TableOfContents(l.contents, { hyperlink: true, headingStyleRange: '1-3' }),
  ];
  let folder = '';
  for (const placed of placedDocs(source.nodes)) {
    const name = placed.folders.join(' / ');
    if (name && name !== folder) blocks.push(heading(name, 1));
    folder = name;
    const doc = placed.node.doc;
    blocks.push(heading(doc.name, name ? 2 : 1));
    if (doc.type === DocType.markdown) {
      blocks.push(...codeBlock(doc.description));
      continue;
    }
    if (doc.author) blocks.push(textParagraph(`${l.maintainer}: ${doc.author}`));
    if (doc.deprecated !== NOT_DEPRECATED)
      blocks.push(textParagraph(`${l.deprecated}: ${doc.deprecated}`, true));
    const parts = docParts(doc, source.environments, l);
    blocks.push(heading(l.url, 4));
    for (const u of parts.urls)
      blocks.push(textParagraph(`${u.environment ? `${u.environment}: ` : ''}${u.method} ${u.url}`));
    const description = plainText(doc.description);
    if (description) blocks.push(textParagraph(`${l.description}: ${description}`));
    if (doc.contentType) blocks.push(textParagraph(`${l.contentType}: ${doc.contentType}`));
    for (const section of parts.request) blocks.push(...tableOf(section));
    if (parts.requestExample) blocks.push(heading(l.requestExample, 4), ...codeBlock(parts.requestExample));
    if (parts.response) blocks.push(...tableOf(parts.response));
    if (parts.responseExample)
      blocks.push(heading(l.responseExample, 4), ...codeBlock(parts.responseExample));
    if (parts.errorCodes) blocks.push(...tableOf(parts.errorCodes));
  }
  const document = new Document({
    title: xmlSafe(source.title),
    features: { updateFields: true },
    sections: [{ children: blocks }],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}
