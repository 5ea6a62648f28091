import type { ApiDoc } from '../../model/api-doc.ts';
import { DocType, NOT_DEPRECATED } from '../../model/constants.ts';
import type { ParamRow } from '../../model/param.ts';
import { plainText } from '../../model/search-text.ts';
import type { SourceEnvironment } from '../../sync/source-tree.ts';
import { docParts } from './doc-parts.ts';
import { ENGLISH_LABELS } from './labels.ts';

/**
 * One doc as Markdown made for a language model (the MCP server's `get_doc`, `llms-full.txt`): the method and
 * the URL per environment, every param table as a nested list that says type, required, enum values and
 * example on the row's own line (tables lose nesting and waste tokens on padding), error codes, and a
 * request and response example. English headings: models read them best, whatever the reader's language.
 * Never the author or anyone's name: `llms-full.txt` is read by visitors.
 */
export interface ModelDocOptions {
  /** The environments whose URLs are printed; none: the path alone. */
  environments: ReadonlyArray<SourceEnvironment>;
  /** The values of a linked dictionary (`ParamRow.enumId`), when the caller loaded it. */
  enumValues?: (enumId: string) => ReadonlyArray<{ value: string; description: string }> | undefined;
  /** Heading level of the doc's title (2 by default). */
  level?: number;
}

/** Description text: HTML becomes plain text, Markdown stays as written. */
function prose(text: string): string {
  return /<[a-z][^>]*>/i.test(text) ? plainText(text) : text.trim();
}

function inline(text: string): string {
  return prose(text).replace(/\s*\r?\n\s*/g, ' ');
}

function rowLine(row: ParamRow, o: ModelDocOptions, withType: boolean): string {
  const facts: string[] = [];
  if (withType) facts.push(row.type);
  facts.push(row.required ? 'required' : 'optional');
  let line = `\`${row.name}\` (${facts.join(', ')})`;
  const description = inline(row.description);
  if (description) line += ` — ${description}`;
  const linked = row.enumId ? o.enumValues?.(row.enumId) : undefined;
  const values = linked?.length
    ? linked.map((v) => (v.description ? `${v.value} (${inline(v.description)})` : v.value))
    : row.enumContent
      ? row.enumContent.split(',').map((v) => v.trim())
      : [];
  if (values.length) line += `. Enum: ${values.join(', ')}`;
  if (row.example) line += `. Example: \`${row.example.replace(/`/g, "'")}\``;
  return line;
}

function paramList(rows: ReadonlyArray<ParamRow>, o: ModelDocOptions, withType: boolean): string[] {
  const out: string[] = [];
  const walk = (list: ReadonlyArray<ParamRow>, depth: number) => {
    for (const row of list) {
      out.push(`${'  '.repeat(depth)}- ${rowLine(row, o, withType)}`);
      walk(row.children, depth + 1);
    }
  };
  walk(rows, 0);
  return out;
}

/** A fenced block whose fence is longer than any run of backticks inside it. */
function fenced(text: string, language: string): string[] {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return [`${fence}${language}`, text, fence];
}

export function docModelMarkdown(doc: ApiDoc, o: ModelDocOptions): string {
  const h = '#'.repeat(o.level ?? 2);
  const out: string[] = [`${h} ${doc.name}`, ''];
  if (doc.type === DocType.markdown) return [...out, doc.description.trim(), ''].join('\n');
  const parts = docParts(doc, o.environments, ENGLISH_LABELS);
  out.push(`\`${doc.httpMethod}\` ${parts.urls[0]?.url ?? doc.url}`, '');
  if (o.environments.length > 0) {
    out.push('URL per environment:');
    for (const u of parts.urls) out.push(`- ${u.environment}: \`${u.method}\` ${u.url}`);
    out.push('');
  }
  if (doc.deprecated !== NOT_DEPRECATED) out.push(`**Deprecated**: ${doc.deprecated}`, '');
  if (doc.contentType) out.push(`Content-Type: ${doc.contentType}`, '');
  const description = prose(doc.description);
  if (description) out.push(description, '');
  const sub = `${h}#`;
  const section = (title: string, rows: ReadonlyArray<ParamRow>, withType: boolean) => {
    if (rows.length) out.push(`${sub} ${title}`, '', ...paramList(rows, o, withType), '');
  };
  section('Path parameters', doc.pathParams, false);
  section('Headers', doc.headerParams, false);
  section('Query parameters', doc.queryParams, true);
  section(doc.isRequestArray ? 'Request body (a JSON array of)' : 'Request body', doc.requestParams, true);
  if (parts.requestExample)
    out.push(`${sub} Request example`, '', ...fenced(parts.requestExample, 'json'), '');
  section(doc.isResponseArray ? 'Response (a JSON array of)' : 'Response', doc.responseParams, true);
  if (parts.responseExample)
    out.push(`${sub} Response example`, '', ...fenced(parts.responseExample, 'json'), '');
  if (doc.errorCodeParams.length) {
    out.push(`${sub} Error codes`, '');
    for (const e of doc.errorCodeParams) {
      let line = `- \`${e.code}\``;
      const text = inline(e.description);
      if (text) line += ` — ${text}`;
      const solution = inline(e.solution);
      if (solution) line += `. Solution: ${solution}`;
      out.push(line);
    }
    out.push('');
  }
  return out.join('\n');
}
