/**
 * An Atom 1.0 document (RFC 4287) from plain values. Every text is escaped here, and entry content is HTML
 * carried as escaped text (`type="html"`), so nothing a doc's name holds can open an element of the feed.
 */

export interface AtomEntry {
  id: string;
  title: string;
  updated: string;
  /** HTML, already safe as HTML (its own texts escaped by the caller). */
  html: string;
}

export interface AtomFeed {
  id: string;
  title: string;
  updated: string;
  selfUrl: string;
  alternateUrl: string;
  entries: AtomEntry[];
}

// Numeric references: some feed readers decode `&amp;` of `type="html"` content twice, numeric ones once.
const ENTITIES: Record<string, string> = {
  '&': '&#38;',
  '<': '&#60;',
  '>': '&#62;',
  '"': '&#34;',
  "'": '&#39;',
};

/** Escapes text for XML and for HTML alike (both read these five the same way). */
export function escapeMarkup(text: string): string {
  return text
    .replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c)
    .replace(
      // Characters XML 1.0 cannot carry at all.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g,
      '',
    );
}

export function atomXml(feed: AtomFeed): string {
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${escapeMarkup(feed.id)}</id>`,
    `  <title>${escapeMarkup(feed.title)}</title>`,
    `  <updated>${escapeMarkup(feed.updated)}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeMarkup(feed.selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeMarkup(feed.alternateUrl)}"/>`,
    '  <author><name>Quire</name></author>',
  ];
  for (const entry of feed.entries) {
    lines.push(
      '  <entry>',
      `    <id>${escapeMarkup(entry.id)}</id>`,
      `    <title>${escapeMarkup(entry.title)}</title>`,
      `    <updated>${escapeMarkup(entry.updated)}</updated>`,
      `    <link rel="alternate" type="text/html" href="${escapeMarkup(feed.alternateUrl)}"/>`,
      `    <content type="html">${escapeMarkup(entry.html)}</content>`,
      '  </entry>',
    );
  }
  lines.push('</feed>', '');
  return lines.join('\n');
}
