import { DocType, NOT_DEPRECATED } from '../../model/constants.ts';
import type { SourceEnvironment } from '../../sync/source-tree.ts';
import { type DocSection, docParts } from './doc-parts.ts';
import { type ExportSource, type PlacedDoc, placedDocs } from './export-source.ts';
import type { ExportLabels } from './labels.ts';
import { ENGLISH_LABELS } from './labels.ts';
import { codeSpan, plain, plainBlock, safeMarkdown } from './markdown-escape.ts';
import { plainText } from '../../model/search-text.ts';

/** A table cell: one line, markup, HTML and pipes escaped (`plain`). */
function cell(text: string): string {
  return plain(text);
}

/** A doc's HTML description as text: its blocks as lines, then escaped like every other field. */
function descriptionText(html: string): string {
  const withBreaks = html
    .replace(/<br\b[^>]*>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr|pre|ul|ol|table|blockquote)\s*>/gi, '\n\n');
  return plainBlock(
    withBreaks
      .split('\n')
      .map((line) => plainText(line))
      .filter((line, i, all) => line || (i > 0 && all[i - 1]))
      .join('\n')
      .trim(),
  );
}

function markdownTable(section: DocSection): string {
  const head = `| ${section.columns.map(cell).join(' | ')} |`;
  const rule = `| ${section.columns.map(() => '---').join(' | ')} |`;
  const body = section.rows.map((row) => `| ${row.map(cell).join(' | ')} |`);
  return [`#### ${plain(section.title)}`, '', head, rule, ...body, ''].join('\n');
}

/** A fenced block whose fence is longer than any run of backticks inside it. */
function fenced(text: string, language: string): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${text}\n${fence}\n`;
}

/**
 * One doc as Torna's export prints it (`###` heading; a Markdown doc's text kept Markdown). Every field is
 * escaped (`markdown-escape.ts`): the file is data wherever it is rendered.
 */
export function docMarkdown(
  placed: PlacedDoc,
  environments: ReadonlyArray<SourceEnvironment>,
  l: ExportLabels = ENGLISH_LABELS,
  level = 3,
): string {
  const doc = placed.node.doc;
  const out: string[] = [`${'#'.repeat(level)} ${plain(doc.name)}`, ''];
  if (doc.type === DocType.markdown) return [...out, safeMarkdown(doc.description), ''].join('\n');
  if (doc.author) out.push(`${l.maintainer}: ${plain(doc.author)}`, '');
  if (doc.deprecated !== NOT_DEPRECATED) out.push(`**${l.deprecated}**: ${plain(doc.deprecated)}`, '');
  const parts = docParts(doc, environments, l);
  out.push(`#### ${l.url}`, '');
  for (const u of parts.urls) {
    const line = `${codeSpan(u.method)} ${plain(u.url)}`;
    out.push(u.environment ? `- ${plain(u.environment)}: ${line}` : `- ${line}`);
  }
  out.push('');
  const description = descriptionText(doc.description);
  if (description) out.push(`**${l.description}**`, '', description, '');
  if (doc.contentType) out.push(`**${l.contentType}**: ${plain(doc.contentType)}`, '');
  for (const section of parts.request) out.push(markdownTable(section));
  if (parts.requestExample) out.push(`#### ${l.requestExample}`, '', fenced(parts.requestExample, 'json'));
  if (parts.response) out.push(markdownTable(parts.response));
  if (parts.responseExample) out.push(`#### ${l.responseExample}`, '', fenced(parts.responseExample, 'json'));
  if (parts.errorCodes) out.push(markdownTable(parts.errorCodes));
  return out.join('\n');
}

/** The whole source in one Markdown file: `#` title, `##` per folder (nested folders joined by " / "). */
export function exportMarkdown(source: ExportSource, labels: ExportLabels = ENGLISH_LABELS): string {
  const out: string[] = [`# ${plain(source.title)}`, ''];
  let folder = '';
  for (const placed of placedDocs(source.nodes)) {
    const name = placed.folders.join(' / ');
    if (name && name !== folder) out.push(`## ${plain(name)}`, '');
    folder = name;
    out.push(docMarkdown(placed, source.environments, labels));
  }
  return `${out.join('\n').trimEnd()}\n`;
}
