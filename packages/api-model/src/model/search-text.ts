import type { ApiDoc } from './api-doc.ts';
import { PARAM_TABLES } from './constants.ts';
import { walkParams } from './param-tree.ts';

// Search looks for words, not whole bodies: past this the text index of one doc is cut.
const SEARCH_TEXT_MAX = 100_000;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Readable words of HTML or Markdown: tags dropped, common entities decoded, whitespace collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The text a search matches a doc by, lower-cased: name, method, URL, author, description and the names and
 * descriptions of every parameter and error code.
 */
export function searchTextOf(doc: ApiDoc): string {
  return searchSourceOf(doc).toLowerCase();
}

/** The same text with its case kept, for the word index, which splits camelCase names into their words. */
export function searchSourceOf(doc: ApiDoc): string {
  const parts: string[] = [doc.name, doc.httpMethod, doc.url, doc.author, plainText(doc.description)];
  for (const table of PARAM_TABLES) {
    walkParams(doc[table], (row) => {
      parts.push(row.name);
      if (row.description) parts.push(plainText(row.description));
    });
  }
  for (const code of doc.errorCodeParams) parts.push(code.code, plainText(code.description));
  // Each name or description once: a shared schema repeats the same fields at every level it is nested at
  // (GitHub's responses hold the same `owner` fields dozens of times), and a repeat finds no doc that the
  // first occurrence would not; the indexes' cost grows with the text.
  const seen = new Set<string>();
  let out = '';
  for (const part of parts) {
    if (!part || seen.has(part)) continue;
    seen.add(part);
    out += (out ? ' ' : '') + part;
    if (out.length >= SEARCH_TEXT_MAX) break;
  }
  return out.slice(0, SEARCH_TEXT_MAX);
}
