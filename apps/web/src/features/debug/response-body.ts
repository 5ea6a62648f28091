/**
 * How an answer's bytes are shown: JSON (laid out in a worker, json-doc.ts), text, an image or an HTML page.
 * Deciding costs no decode of the body, so a 10 MB answer shows without the page's thread parsing it. Pure,
 * unit-tested in response-body.test.ts.
 */
export type BodyView =
  | { kind: 'json' }
  | { kind: 'text'; html: boolean }
  | { kind: 'image'; mime: string }
  | { kind: 'binary' }
  | { kind: 'empty' };

const IMAGE = /^image\/(png|jpe?g|gif|webp|bmp|svg\+xml|x-icon|vnd\.microsoft\.icon|avif)\b/i;

// A raw line longer than this is drawn as several: one 10 MB line of minified JSON would take the browser
// seconds to lay out as a single text node.
const RAW_LINE_MAX = 2000;

function looksBinary(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, 1024);
  for (let i = 0; i < end; i++) if (bytes[i] === 0) return true;
  return false;
}

/** The first byte that is not JSON white space (or a UTF-8 byte order mark), or -1. */
function firstSignificant(bytes: Uint8Array): number {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  for (let i = bom; i < bytes.length; i++) {
    const byte = bytes[i] ?? 0;
    if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return byte;
  }
  return -1;
}

export function viewOfBody(bytes: Uint8Array, contentType: string): BodyView {
  if (!bytes.length) return { kind: 'empty' };
  const type = contentType.toLowerCase();
  const image = IMAGE.exec(type);
  if (image) return { kind: 'image', mime: type.split(';')[0]?.trim() ?? 'image/png' };
  if (looksBinary(bytes)) return { kind: 'binary' };
  const first = firstSignificant(bytes);
  // `{` or `[`: shown as JSON if it parses (the worker says when it does not, and the text view takes over).
  if (type.includes('json') || first === 0x7b || first === 0x5b) return { kind: 'json' };
  return { kind: 'text', html: type.includes('html') };
}

/** The body's text as lines for the virtualized list, lines past RAW_LINE_MAX cut into pieces. */
export function rawLines(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.length <= RAW_LINE_MAX) out.push(line);
    else for (let at = 0; at < line.length; at += RAW_LINE_MAX) out.push(line.slice(at, at + RAW_LINE_MAX));
  }
  return out;
}

/** `1.2 KB`, `3.4 MB`. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}
