import MarkdownIt from 'markdown-it';

/**
 * Source descriptions are CommonMark (OpenAPI, Postman); Quire's HTTP docs hold HTML. Raw HTML inside the
 * Markdown is kept (descriptions often use `<br>` or tables): the server sanitizes every HTML field before
 * it is stored, so nothing here is trusted.
 */
const md = new MarkdownIt({ html: true, linkify: false, breaks: false });

const cache = new Map<string, string>();
const CACHE_MAX = 20_000;

/** HTML of a Markdown text: one line renders inline (no `<p>` around a param's description), more as blocks. */
export function markdownToHtml(text: string | undefined | null): string {
  if (!text) return '';
  const source = String(text).trim();
  if (!source) return '';
  const hit = cache.get(source);
  if (hit !== undefined) return hit;
  const html = source.includes('\n') ? md.render(source).trim() : md.renderInline(source);
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(source, html);
  return html;
}

/** Text escaped for HTML (converter notes). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A converter's note as HTML: the first line as a paragraph, further lines (a body, a query) preformatted. */
export function noteHtml(note: string): string {
  const [first = '', ...rest] = note.split('\n');
  const head = `<p>${escapeHtml(`Note: ${first}`)}</p>`;
  return rest.length ? `${head}<pre>${escapeHtml(rest.join('\n'))}</pre>` : head;
}
