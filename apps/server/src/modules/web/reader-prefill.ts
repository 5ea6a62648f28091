import { METHOD_COLORS } from '@quire/shared/constants';
import type { FastifyInstance } from 'fastify';

/**
 * The light reader page of a public share or composed project, answered with what its first calls would
 * fetch already in it: the doc's and the frame's answers as JSON (read by public/reader-boot.js of the web
 * app instead of fetching them), and the doc's heading drawn in the page's frame, so the first paint shows
 * the doc's name. The answers are those of the public calls themselves, made in-process as an anonymous
 * visitor: whatever they refuse (an encrypted share, a disabled or expired one, a doc outside it) leaves the
 * page as it is, and the page then asks as usual, with the visitor's share session when it has one.
 */

interface PublicCalls {
  kind: 'share' | 'show';
  detail: string;
  info: string;
}

/** The public calls of a reader page path, as public/reader-boot.js makes them; null for other paths. */
export function publicCallsOf(pathname: string): PublicCalls | null {
  const q = encodeURIComponent;
  let m = /^\/share\/([^/]+)\/([^/]+)\/?$/.exec(pathname);
  if (m?.[1] && m[2]) {
    const [share, doc] = [decodeURIComponent(m[1]), decodeURIComponent(m[2])];
    return {
      kind: 'share',
      detail: `/api/doc/share/view?docId=${q(doc)}&shareConfigId=${q(share)}`,
      info: `/api/share/get?id=${q(share)}`,
    };
  }
  m = /^\/show\/([^/]+)\/([^/]+)\/?$/.exec(pathname);
  if (m?.[1] && m[2]) {
    const [project, doc] = [decodeURIComponent(m[1]), decodeURIComponent(m[2])];
    return {
      kind: 'show',
      detail: `/api/compose/doc/view?projectId=${q(project)}&docId=${q(doc)}`,
      info: `/api/compose/project/get?id=${q(project)}`,
    };
  }
  return null;
}

interface Envelope {
  code?: unknown;
  data?: { name?: unknown; type?: unknown; httpMethod?: unknown } | null;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** JSON inside a <script> element: no `<` can end the element or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The visitor frame of reader-main.tsx's LightVisitorReader with the doc's heading (method and name). */
function headingMarkup(doc: NonNullable<Envelope['data']>): string {
  const name = typeof doc.name === 'string' ? doc.name : '';
  const method = doc.type === 0 && typeof doc.httpMethod === 'string' ? doc.httpMethod : '';
  const tag = method
    ? `<span class="q-rd-method q-rd-tone-${METHOD_COLORS[method] ?? 'default'}">${escapeHtml(method)}</span>`
    : '';
  return (
    '<div class="q-visitor"><header class="q-visitor-bar"></header><div class="q-visitor-body">' +
    '<div class="q-visitor-aside"></div><main class="q-visitor-main"><div class="q-reader q-rd-doc">' +
    `<header class="q-rd-header"><div class="q-rd-title-row">${tag}<h1 class="q-rd-title">${escapeHtml(name)}</h1>` +
    '</div></header></div></main></div></div>'
  );
}

/**
 * `html` (reader.html) with the answers of the page's public calls and the doc's heading in it, or null when
 * the page gets nothing (not a public page, or a call refused).
 */
export async function prefilledReaderPage(
  app: FastifyInstance,
  html: string,
  pathname: string,
  language: string,
): Promise<string | null> {
  const calls = publicCallsOf(pathname);
  if (!calls) return null;
  const ask = async (url: string): Promise<Envelope | null> => {
    const response = await app.inject({ method: 'GET', url, headers: { 'accept-language': language } });
    if (response.statusCode !== 200) return null;
    const answer = response.json<Envelope>();
    return answer.code === '0' && answer.data ? answer : null;
  };
  const [detail, info] = await Promise.all([ask(calls.detail), ask(calls.info)]);
  if (!detail?.data || !info) return null;
  const data = `<script type="application/json" id="quire-boot-data">${scriptJson({
    path: pathname,
    language,
    detail,
    info,
  })}</script>`;
  if (!html.includes('<head>') || !html.includes('<div id="root"></div>')) return null;
  return html
    .replace('<head>', () => `<head>${data}`)
    .replace('<div id="root"></div>', () => `<div id="root">${headingMarkup(detail.data ?? {})}</div>`);
}
