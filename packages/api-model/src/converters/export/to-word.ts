/**
 * The doc model -> a Word document (`.docx`): a table of contents (listing every heading, refreshed with page
 * numbers by Word when the file opens: `updateFields`), a heading per folder and doc, tables for params and
 * error codes, and the examples in a monospaced block. The same parts as the Markdown export (`doc-parts.ts`).
 * The `docx` library writes the package (styles, settings, fonts, properties, the title); the body is written
 * as text by `word-body.ts`, which is what lets an application of thousands of docs export in seconds.
 */
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { DocType, NOT_DEPRECATED, PARAM_TABLES } from '../../model/constants.ts';
import { plainText } from '../../model/search-text.ts';
import { type DocSection, docParts } from './doc-parts.ts';
import { type ExportSource, placedDocs, rowsInOrder } from './export-source.ts';
import { ENGLISH_LABELS, type ExportLabels } from './labels.ts';
import { printable, WordBody } from './word-body.ts';

/**
 * Table rows a Word export may hold. The body is about 1 KB of XML per row before compression, so this bounds
 * the file and the memory it takes to build (GitHub's REST API, 1,223 operations, has 72,000).
 */
export const WORD_ROWS_MAX = 250_000;

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

function writeBody(body: WordBody, source: ExportSource, l: ExportLabels): void {
  const table = (section: DocSection) => {
    body.heading(section.title, 4);
    body.table(section.columns, section.rows);
  };
  let folder = '';
  for (const placed of placedDocs(source.nodes)) {
    const name = placed.folders.join(' / ');
    if (name && name !== folder) body.heading(name, 1);
    folder = name;
    const doc = placed.node.doc;
    body.heading(doc.name, name ? 2 : 1);
    if (doc.type === DocType.markdown) {
      body.code(doc.description);
      continue;
    }
    if (doc.author) body.paragraph(`${l.maintainer}: ${doc.author}`);
    if (doc.deprecated !== NOT_DEPRECATED) body.paragraph(`${l.deprecated}: ${doc.deprecated}`, true);
    const parts = docParts(doc, source.environments, l);
    body.heading(l.url, 4);
    for (const u of parts.urls)
      body.paragraph(`${u.environment ? `${u.environment}: ` : ''}${u.method} ${u.url}`);
    const description = plainText(doc.description);
    if (description) body.paragraph(`${l.description}: ${description}`);
    if (doc.contentType) body.paragraph(`${l.contentType}: ${doc.contentType}`);
    for (const section of parts.request) table(section);
    if (parts.requestExample) {
      body.heading(l.requestExample, 4);
      body.code(parts.requestExample);
    }
    if (parts.response) table(parts.response);
    if (parts.responseExample) {
      body.heading(l.responseExample, 4);
      body.code(parts.responseExample);
    }
    if (parts.errorCodes) table(parts.errorCodes);
  }
}

// The paragraph the library writes for this text is where the body goes.
const MARKER = 'quire-word-body-b1f0c3';
const MARKER_XML = `<w:p><w:r><w:t xml:space="preserve">${MARKER}</w:t></w:r></w:p>`;

/** The `.docx` bytes of a source. */
export async function exportWord(
  source: ExportSource,
  l: ExportLabels = ENGLISH_LABELS,
): Promise<Uint8Array> {
  const title = printable(source.title);
  const shell = new Document({
    title,
    features: { updateFields: true },
    sections: [
      { children: [new Paragraph({ text: title, heading: HeadingLevel.TITLE }), new Paragraph(MARKER)] },
    ],
  });
  const files = unzipSync(new Uint8Array(await Packer.toBuffer(shell)));
  const documentXml = strFromU8(files['word/document.xml'] ?? new Uint8Array());
  const at = documentXml.indexOf(MARKER_XML);
  if (at < 0) throw new Error('Word export: the docx library wrote an unexpected document');
  const body = new WordBody();
  writeBody(body, source, l);
  const parts = [
    strToU8(documentXml.slice(0, at) + body.toc(l.contents)),
    ...body.chunks(),
    strToU8(documentXml.slice(at + MARKER_XML.length)),
  ];
  const joined = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  files['word/document.xml'] = joined;
  return zipSync(files, { level: 6 });
}
