/**
 * YApi's Markdown export -> a SourceTree. The export lists categories as headings and, per interface, a
 * heading with its title, `**Path：**` and `**Method：**` lines, a description, then request parameters
 * (`**Headers**`, `**路径参数**`, `**Query**`, `**Body**` as pipe tables, a JSON body as an HTML table with
 * `key=0-0-1` row keys that give the nesting) and the response (an HTML table or a JSON code block). Labels
 * are read in Chinese and English; anything else in the file is ignored.
 */

import { inferParams } from '../infer-params.ts';
import { type ArrayElementType, DocLimits, HTTP_METHODS } from '../model/constants.ts';
import type { ParamRow } from '../model/param.ts';
import { normalizeParamType } from '../model/param-types.ts';
import type { SourceFolder, SourceNode, SourceTree } from '../sync/source-tree.ts';
import { docName, docNode, docOf } from './doc-node.ts';
import { ImportError } from './import-error.ts';
import { markdownToHtml } from './markdown-html.ts';
import { Warnings } from './warnings.ts';

const PATH_LINE = /^\s*\*\*\s*(?:Path|路径|接口路径)\s*[:：]\s*\*\*\s*(.+?)\s*$/i;
const METHOD_LINE = /^\s*\*\*\s*(?:Method|请求方式|方法)\s*[:：]\s*\*\*\s*([A-Za-z]+)\s*$/i;
const DESC_LINE = /^\s*\*\*\s*(?:接口描述|Description|备注)\s*[:：]\s*\*\*\s*(.*)$/i;
const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const SECTION_NAMES =
  /^(基本信息|请求参数|返回数据|响应数据|Basic ?info|Request|Response|Request parameters|Response data)$/i;
const REQUEST_HEADING = /^(请求参数|Request|Request parameters)$/i;
const RESPONSE_HEADING = /^(返回数据|响应数据|Response|Response data)$/i;

interface Heading {
  level: number;
  text: string;
  line: number;
}

export function markdownToModel(text: string): SourceTree {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const headings: Heading[] = [];
  const paths: number[] = [];
  lines.forEach((line, i) => {
    const h = HEADING.exec(line);
    if (h) headings.push({ level: h[1]?.length ?? 1, text: stripInline(h[2] ?? ''), line: i });
    if (PATH_LINE.test(line)) paths.push(i);
  });
  if (!paths.length)
    throw new ImportError(
      'not_api',
      'no interface found (YApi Markdown export: "**Path：**" and "**Method：**" lines)',
    );
  const warnings = new Warnings();
  const root: SourceNode[] = [];
  const folders = new Map<string, SourceFolder>();
  paths.forEach((pathLine, index) => {
    const end = paths[index + 1] ?? lines.length;
    const before = headings.filter((h) => h.line < pathLine && !SECTION_NAMES.test(h.text));
    const title = before[before.length - 1];
    // The interface's block ends where the next interface's title heading starts.
    const nextTitle =
      paths[index + 1] !== undefined
        ? headings.filter((h) => h.line < end && !SECTION_NAMES.test(h.text)).pop()
        : undefined;
    const stop = nextTitle && nextTitle.line > pathLine ? nextTitle.line : end;
    const folder = title ? before.filter((h) => h.level < title.level).pop() : undefined;
    const node = interfaceDoc(lines.slice(pathLine, stop), title?.text ?? '', warnings);
    if (!node) return;
    if (folder) {
      const name = docName(folder.text);
      let f = folders.get(name);
      if (!f) {
        f = { kind: 'folder', name, children: [] };
        folders.set(name, f);
        root.push(f);
      }
      f.children.push(node);
    } else root.push(node);
  });
  return { nodes: root, enums: [], environments: [], warnings: warnings.list() };
}

function stripInline(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/[*`]/g, '')
    .trim();
}

function interfaceDoc(block: string[], title: string, warnings: Warnings): SourceNode | null {
  const path = stripInline(PATH_LINE.exec(block[0] ?? '')?.[1] ?? '');
  let method = 'GET';
  const descLines: string[] = [];
  let section: 'info' | 'desc' | 'request' | 'response' = 'info';
  let part = '';
  const parts = new Map<string, string[]>();
  for (const line of block.slice(1)) {
    const m = METHOD_LINE.exec(line);
    if (m && section !== 'request' && section !== 'response') {
      method = (m[1] ?? 'GET').toUpperCase();
      continue;
    }
    const d = DESC_LINE.exec(line);
    if (d && section === 'info') {
      section = 'desc';
      if (d[1]?.trim()) descLines.push(d[1]);
      continue;
    }
    const h = HEADING.exec(line);
    if (h) {
      const name = stripInline(h[2] ?? '');
      if (REQUEST_HEADING.test(name)) section = 'request';
      else if (RESPONSE_HEADING.test(name)) {
        section = 'response';
        part = 'response';
      }
      continue;
    }
    if (section === 'desc') descLines.push(line);
    else if (section === 'request') {
      const bold = /^\s*\*\*\s*([^*]+?)\s*\*\*\s*$/.exec(line);
      if (bold) {
        part = (bold[1] ?? '').toLowerCase();
        continue;
      }
      if (part) parts.set(part, [...(parts.get(part) ?? []), line]);
    } else if (section === 'response') parts.set('response', [...(parts.get('response') ?? []), line]);
  }
  if (!(HTTP_METHODS as ReadonlyArray<string>).includes(method)) {
    warnings.add(`${title || path}: method ${method} is not a doc method, skipped`);
    return null;
  }
  const headers = tableRows(parts.get('headers') ?? []);
  const pathRows = tableRows(
    parts.get('路径参数') ?? parts.get('path') ?? parts.get('path parameters') ?? [],
  );
  const query = tableRows(parts.get('query') ?? []);
  const bodyLines = parts.get('body') ?? [];
  const body = bodyRowsOf(bodyLines);
  const response = bodyRowsOf(parts.get('response') ?? []);
  const headerRows = headers.filter((r) => r.name.toLowerCase() !== 'content-type');
  const contentType =
    headers.find((r) => r.name.toLowerCase() === 'content-type')?.example ||
    (body.rows.length ? (body.form ? 'application/x-www-form-urlencoded' : 'application/json') : '');
  return docNode(
    docOf({
      name: title || `${method} ${path}`,
      url: path.slice(0, DocLimits.urlMax),
      httpMethod: method as 'GET',
      contentType,
      description: markdownToHtml(descLines.join('\n').trim()),
      headerParams: headerRows,
      pathParams: pathRows,
      queryParams: query,
      requestParams: body.rows,
      isRequestArray: body.isArray,
      requestArrayType: body.arrayType,
      responseParams: response.rows,
      isResponseArray: response.isArray,
      responseArrayType: response.arrayType,
    }),
    new Map(),
  );
}

function newRow(name: string): ParamRow {
  return {
    id: '',
    name: name.slice(0, DocLimits.paramNameMax) || '(unnamed)',
    type: 'string',
    required: false,
    maxLength: '-',
    example: '',
    description: '',
    enumId: '',
    enumContent: '',
    children: [],
  };
}

/** Rows of a Markdown pipe table, columns found by their header labels. */
function tableRows(lines: string[]): ParamRow[] {
  const table = lines.filter((l) => /^\s*\|/.test(l));
  if (table.length < 2) return [];
  const cells = (line: string) =>
    line
      .trim()
      .replace(/^\|/, '')
      .replace(/\|$/, '')
      .split('|')
      .map((c) => stripInline(c));
  const header = cells(table[0] ?? '');
  const col = (pattern: RegExp) => header.findIndex((h) => pattern.test(h));
  const nameAt = col(/参数名称|名称|name/i);
  const typeAt = col(/类型|type/i);
  const requiredAt = col(/必须|必填|required/i);
  const exampleAt = col(/示例|example/i);
  const valueAt = col(/参数值|value/i);
  const descAt = col(/备注|说明|description|remark/i);
  return table.slice(2).flatMap((line) => {
    const c = cells(line);
    const name = c[nameAt === -1 ? 0 : nameAt]?.trim() ?? '';
    if (!name) return [];
    const row = newRow(name);
    if (typeAt !== -1) row.type = normalizeParamType(c[typeAt] ?? '');
    if (requiredAt !== -1) row.required = /是|必须|yes|true|required/i.test(c[requiredAt] ?? '');
    row.example = (c[exampleAt] ?? '').trim() || (c[valueAt] ?? '').trim();
    if (descAt !== -1) row.description = markdownToHtml(c[descAt] ?? '');
    return [row];
  });
}

/** A body: a pipe table (form), an HTML table (JSON schema, nested by row keys) or a JSON code block. */
function bodyRowsOf(lines: string[]): {
  rows: ParamRow[];
  isArray: boolean;
  arrayType: ArrayElementType;
  form: boolean;
} {
  const text = lines.join('\n');
  if (/<table/i.test(text))
    return { rows: htmlTableRows(text), isArray: false, arrayType: 'object', form: false };
  const code = /```[a-z]*\n([\s\S]*?)```/i.exec(text)?.[1];
  if (code) {
    try {
      const result = inferParams(JSON.parse(code));
      if (result.ok)
        return { rows: result.params, isArray: result.isArray, arrayType: result.arrayType, form: false };
    } catch {
      // Not JSON (YApi writes raw bodies as they were typed): no rows.
    }
    return { rows: [], isArray: false, arrayType: 'object', form: false };
  }
  return { rows: tableRows(lines), isArray: false, arrayType: 'object', form: true };
}

/** YApi's schema table: `<tr key=0-0-1>` rows whose key depth gives the nesting. */
function htmlTableRows(html: string): ParamRow[] {
  const out: ParamRow[] = [];
  const stack: Array<{ depth: number; row: ParamRow }> = [];
  // YApi indents a row by 20px per level in its name cell; the row key (`0-1-0`) is the fallback.
  const rows = [...html.matchAll(/<tr\s+key=["']?([^"'\s>]+)["']?[^>]*>([\s\S]*?)<\/tr>/gi)].map((match) => {
    const padding = /padding-left:\s*(\d+)px/i.exec(match[2] ?? '')?.[1];
    return {
      key: match[1] ?? '',
      body: match[2] ?? '',
      padding: padding === undefined ? null : Number(padding),
    };
  });
  const keyBase = Math.min(...rows.map((r) => r.key.split('-').length));
  for (const match of rows) {
    const depth =
      match.padding !== null ? Math.round(match.padding / 20) : match.key.split('-').length - keyBase;
    const cells = [...match.body.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/gi)].map((c) =>
      decode(stripInline((c[1] ?? '').replace(/<\/p>/gi, '; '))),
    );
    const name = (cells[0] ?? '').replace(/^[\s├─└│]+/, '').trim();
    if (!name) continue;
    const row = newRow(name);
    const type = (cells[1] ?? '').trim();
    row.required =
      /必须|required/i.test(cells[2] ?? '') && !/非必须|optional|not required/i.test(cells[2] ?? '');
    const defaults = (cells[3] ?? '').trim();
    const note = (cells[4] ?? '').trim();
    const other = (cells[5] ?? '').trim();
    // `string[]`, `object[]`, `integer` ...: the model's closest type.
    row.type = normalizeParamType(type, type === 'object');
    row.description = markdownToHtml(
      [note, defaults && `default: ${defaults}`, other].filter(Boolean).join(' ; '),
    );
    while (stack.length && (stack[stack.length - 1]?.depth ?? -1) >= depth) stack.pop();
    const parent = stack[stack.length - 1];
    if (depth >= DocLimits.depthMax) continue;
    if (parent) parent.row.children.push(row);
    else out.push(row);
    stack.push({ depth, row });
  }
  return out;
}

function decode(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
