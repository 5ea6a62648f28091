/** @jsxRuntime automatic */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { ExportSource } from '@quire/api-model/export';
import type { Environment } from '@quire/shared';
import type { Translation } from '@quire/shared/i18n';
import { renderToStaticMarkup } from 'react-dom/server';
import { DocPage } from '../doc-page.tsx';
import { type ReaderLabels, ReaderProvider } from '../host.tsx';
import { PAGE_CSS, PAGE_SCRIPT } from './page-assets.ts';
import { type PageNode, pageEnvironments, pageTree } from './to-detail.ts';

/** What the page of an HTML export needs besides the docs. */
export interface HtmlExportOptions {
  /** A BCP 47 tag: the page's `lang` and the language of dates. */
  language: string;
  labels: ReaderLabels;
  pageLabels: Translation['htmlExport'];
  /** The reader's stylesheet (`@quire/reader/reader.css`), inlined as it is. */
  readerCss: string;
  /** The host's HTML sanitizer (stored HTML is sanitized on save; this is the second pass). */
  sanitizeHtml(html: string): string;
  /** Markdown to HTML with raw HTML off, sanitized. */
  renderMarkdown(source: string): string;
  /**
   * Past this many bytes of doc markup the docs are stored gzipped (base64) and inflated by the browser on
   * demand: a 67 MB page took seconds just to be read before anything showed. Default 2 MB.
   */
  compressAbove?: number | undefined;
  /** Called after each doc is rendered (progress of a large export). */
  onDoc?: ((done: number, total: number) => void) | undefined;
}

// `href`/`src`/`srcset` values that leave the file: http(s), protocol-relative, or any other scheme but data:
// images and in-page anchors. Sanitized HTML quotes every attribute with double quotes.
const EXTERNAL_ATTRIBUTE = /\s(?:href|src|srcset|action|formaction|poster|cite)="(?!#|data:image\/)[^"]*"/gi;

/**
 * Sanitized HTML without a way out of the page: links keep their text but lose a target outside the file,
 * images from elsewhere are dropped (an offline file must not load, or signal its reading to, any server).
 */
export function offlineHtml(html: string): string {
  return html.replace(EXTERNAL_ATTRIBUTE, '').replace(/<img(?![^>]*\ssrc=)[^>]*>/gi, '');
}

const escapeText = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

function TreeList({ nodes }: { nodes: ReadonlyArray<PageNode> }) {
  return (
    <ul>
      {nodes.map((node, i) =>
        node.kind === 'folder' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a static render; folders have no ids
          <li key={`f${i}`} className="q-ex-folder">
            <details open>
              <summary>{node.name}</summary>
              <TreeList nodes={node.children} />
            </details>
          </li>
        ) : (
          <li
            key={node.anchor}
            className="q-ex-leaf"
            data-text={`${node.detail.name} ${node.detail.httpMethod} ${node.detail.url}`.toLowerCase()}
          >
            <a href={`#${node.anchor}`}>
              {node.detail.url ? <span className="q-ex-verb">{node.detail.httpMethod}</span> : null}
              <span>{node.detail.name}</span>
            </a>
          </li>
        ),
      )}
    </ul>
  );
}

/**
 * Markup safe inside a <script> element's raw text: React escapes every `<` of text and attributes and the
 * sanitizer drops comments and script tags, so this only guards against a change in either; a comment
 * opener or a script tag would otherwise end the element early or keep it open.
 */
function inert(markup: string): string {
  return markup.replace(/<!--/g, '&lt;!--').replace(/<(\/?script)/gi, '&lt;$1');
}

const COMPRESS_ABOVE = 2_000_000;

/**
 * A doc's inert source element: its markup as text, or gzipped and base64 (a large export). The fastest
 * level: it packs markup about as well as the default (the markup repeats itself) in a third of the time,
 * which was a fifth of GitHub's export.
 */
function sourceElement(id: string, markup: string, compress: boolean): string {
  return compress
    ? `<script type="text/x-quire-doc-gz" id="${id}">${gzipSync(markup, { level: 1 }).toString('base64')}</script>`
    : `<script type="text/x-quire-doc" id="${id}">${inert(markup)}</script>`;
}

function docsOf(nodes: ReadonlyArray<PageNode>): Array<Extract<PageNode, { kind: 'doc' }>> {
  return nodes.flatMap((node) => (node.kind === 'doc' ? [node] : docsOf(node.children)));
}

/**
 * One self-contained HTML file of an application's docs: the reader's doc page for each doc (rendered to
 * static markup from the same components as `/view`), a tree of folders and docs with a filter, the reader's
 * CSS and a small script inline, light or dark as the system says. A Content-Security-Policy in the file
 * forbids every request (only inline style, data: images and this one script by its hash), so the page
 * works from disk and tells no server that it was opened.
 */
export function renderHtmlExport(source: ExportSource, options: HtmlExportOptions): string {
  const tree = pageTree(source);
  const environments: Environment[] = pageEnvironments(source);
  const docs = docsOf(tree);
  // Descriptions repeat across docs (a shared parameter, a common error code): each text is cleaned once.
  const clean = new Map<string, string>();
  const once = (key: string, make: () => string) => {
    let out = clean.get(key);
    if (out === undefined) {
      out = make();
      clean.set(key, out);
    }
    return out;
  };
  const host = {
    labels: options.labels,
    language: options.language,
    sanitizeHtml: (html: string) => once(`h${html}`, () => offlineHtml(options.sanitizeHtml(html))),
    renderMarkdown: (text: string) => once(`m${text}`, () => offlineHtml(options.renderMarkdown(text))),
    staticMarkup: true,
  };
  const { pageLabels } = options;
  const side = renderToStaticMarkup(
    <aside className="q-ex-side">
      <h1 className="q-ex-title">{source.title}</h1>
      <input
        id="q-ex-filter"
        className="q-ex-filter"
        type="search"
        placeholder={pageLabels.filter}
        aria-label={pageLabels.filter}
        autoComplete="off"
      />
      <nav className="q-ex-tree" aria-label={pageLabels.docTree}>
        <TreeList nodes={tree} />
      </nav>
      <p id="q-ex-none" className="q-ex-note" hidden={docs.length > 0}>
        {docs.length ? pageLabels.noMatch : pageLabels.empty}
      </p>
    </aside>,
  );
  // Docs render one by one, so a large export reports progress and holds one doc's React tree at a time.
  // Each is kept as inert text in a non-JavaScript <script> element: the browser only scans it for its end,
  // instead of building the DOM of every doc of a large application (GitHub's 1,223 operations took half a
  // minute to open as live markup); the page's script shows one doc at a time from it.
  // Elements are written as docs render; once the markup passes the threshold, the ones written so far are
  // packed and every later one is packed at once, so the plain markup of a large export is never all held.
  const limit = options.compressAbove ?? COMPRESS_ABOVE;
  const parts: Array<{ id: string; markup: string; element: string }> = [];
  let total = 0;
  let compress = false;
  docs.forEach((node, i) => {
    const markup = renderToStaticMarkup(
      <section id={node.anchor} className="q-ex-doc" data-url={node.detail.url}>
        <ReaderProvider host={host}>
          <DocPage doc={node.detail} environments={environments} forVisitors />
        </ReaderProvider>
      </section>,
    );
    const id = `src-${node.anchor}`;
    total += markup.length;
    if (!compress && total > limit) {
      compress = true;
      for (const part of parts) {
        part.element = sourceElement(part.id, part.markup, true);
        part.markup = '';
      }
    }
    parts.push({ id, markup: compress ? '' : markup, element: sourceElement(id, markup, compress) });
    options.onDoc?.(i + 1, docs.length);
  });
  const envUrls = JSON.stringify(Object.fromEntries(environments.map((e) => [e.id, e.baseUrl])));
  const scriptHash = createHash('sha256').update(PAGE_SCRIPT).digest('base64');
  const csp = `default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'sha256-${scriptHash}'; base-uri 'none'; form-action 'none'`;
  return [
    '<!DOCTYPE html>',
    `<html lang="${escapeText(options.language)}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeText(source.title)}</title>`,
    `<style>${options.readerCss.replace(/<\/style/gi, '<\\/style')}\n${PAGE_CSS}</style>`,
    '</head>',
    '<body>',
    '<div class="q-ex q-reader">',
    side,
    '<main class="q-ex-main" id="q-ex-main"></main>',
    '</div>',
    parts.map((part) => part.element).join('\n'),
    // JSON inside a script element: `<` escaped so no text can close the element.
    `<script type="application/json" id="q-ex-envs">${envUrls.replace(/</g, '\\u003c')}</script>`,
    `<script>${PAGE_SCRIPT}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
