import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import {
  docMarkdown,
  type ExportLabels,
  type ExportSource,
  exportMarkdown,
  exportOpenApi,
  exportPostman,
  exportWord,
  openApiText,
  placedDocs,
  safeFileName,
  type ZipEntry,
  zipByFolder,
} from '@quire/api-model/export';
import { renderHtmlExport } from '@quire/reader/html-export';
import type { ExportFormat, ExportStyle } from '@quire/shared';
import type { Translation } from '@quire/shared/i18n';
import MarkdownIt from 'markdown-it';
import { sanitizeHtml } from '../../lib/html-sanitizer.ts';

/** A file an export answers. */
export interface ExportFile {
  fileName: string;
  contentType: string;
  body: string | Uint8Array;
}

/** What to render: everything is plain data, so the same call runs inline or in a worker thread. */
export interface RenderRequest {
  format: ExportFormat;
  style: ExportStyle;
  openapiFormat: 'json' | 'yaml';
  /** The caller's language (the HTML page's `lang`, dates). */
  lang: string;
  labels: ExportLabels;
  readerLabels: Translation['docPage'];
  pageLabels: Translation['htmlExport'];
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

// Markdown docs as the reader shows them: raw HTML off, then the one sanitizer.
const markdown = new MarkdownIt({ html: false, linkify: false });

let readerCssText: string | undefined;

/**
 * The reader's stylesheet, inlined into HTML exports: beside the bundled server (build.mjs copies it into
 * dist), else from the `@quire/reader` package when running from source.
 */
function readerCss(): string {
  if (readerCssText !== undefined) return readerCssText;
  const beside = fileURLToPath(new URL('./reader.css', import.meta.url));
  const file = existsSync(beside)
    ? beside
    : createRequire(import.meta.url).resolve('@quire/reader/reader.css');
  readerCssText = readFileSync(file, 'utf8');
  return readerCssText;
}

/** Reports rendering progress: `done` of `total` docs. */
export type RenderProgress = (done: number, total: number) => void;

/** The file of an export source in the requested format and style. */
export async function renderExport(
  source: ExportSource,
  request: RenderRequest,
  progress: RenderProgress = () => undefined,
): Promise<ExportFile> {
  const base = safeFileName(source.title);
  const { labels } = request;
  switch (request.format) {
    case 'markdown':
      if (request.style === 'perDoc')
        return perDoc(source, base, 'md', progress, async (placed) =>
          docMarkdown(placed, source.environments, labels, 1),
        );
      return {
        fileName: `${base}.md`,
        contentType: 'text/markdown; charset=utf-8',
        body: exportMarkdown(source, labels),
      };
    case 'word':
      if (request.style === 'perDoc')
        return perDoc(source, base, 'docx', progress, (placed) =>
          exportWord({ ...source, title: placed.node.doc.name, nodes: [placed.node] }, labels),
        );
      return { fileName: `${base}.docx`, contentType: DOCX, body: await exportWord(source, labels) };
    case 'html': {
      const render = (s: ExportSource, onDoc?: RenderProgress) =>
        renderHtmlExport(s, {
          language: request.lang,
          labels: request.readerLabels,
          pageLabels: request.pageLabels,
          readerCss: readerCss(),
          sanitizeHtml,
          renderMarkdown: (text: string) => sanitizeHtml(markdown.render(text)),
          onDoc,
        });
      if (request.style === 'perDoc')
        return perDoc(source, base, 'html', progress, async (placed) =>
          render({ ...source, title: placed.node.doc.name, nodes: [placed.node] }),
        );
      return {
        fileName: `${base}.html`,
        contentType: 'text/html; charset=utf-8',
        body: render(source, progress),
      };
    }
    case 'openapi': {
      const text = openApiText(exportOpenApi(source).document, request.openapiFormat);
      return request.openapiFormat === 'yaml'
        ? { fileName: `${base}.openapi.yaml`, contentType: 'application/yaml; charset=utf-8', body: text }
        : { fileName: `${base}.openapi.json`, contentType: 'application/json; charset=utf-8', body: text };
    }
    default:
      return postmanFile(source, base, true);
  }
}

async function perDoc(
  source: ExportSource,
  base: string,
  extension: string,
  progress: RenderProgress,
  render: (placed: ReturnType<typeof placedDocs>[number]) => Promise<string | Uint8Array>,
): Promise<ExportFile> {
  const entries: ZipEntry[] = [];
  const placed = placedDocs(source.nodes);
  for (const [i, one] of placed.entries()) {
    entries.push({ folders: one.folders, name: one.node.doc.name, extension, content: await render(one) });
    progress(i + 1, placed.length);
  }
  return { fileName: `${base}.zip`, contentType: 'application/zip', body: zipByFolder(entries) };
}

/** A Postman collection; `withHost` off leaves the environments' hosts out (the public token download). */
export function postmanFile(source: ExportSource, base: string, withHost: boolean): ExportFile {
  return {
    fileName: `${base}-postman.json`,
    contentType: 'application/json; charset=utf-8',
    body: `${JSON.stringify(exportPostman(source, { withHost }), null, 2)}\n`,
  };
}
