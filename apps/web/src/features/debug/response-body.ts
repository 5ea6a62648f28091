/**
 * How an answer's bytes are shown: pretty JSON, text, an image or an HTML page. Pure, unit-tested in
 * response-body.test.ts.
 */
export type BodyView =
  | { kind: 'json'; lines: string[]; raw: string }
  | { kind: 'text'; lines: string[]; raw: string; html: boolean }
  | { kind: 'image'; mime: string }
  | { kind: 'binary' }
  | { kind: 'empty' };

const IMAGE = /^image\/(png|jpe?g|gif|webp|bmp|svg\+xml|x-icon|vnd\.microsoft\.icon|avif)\b/i;

function looksBinary(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, 1024);
  for (let i = 0; i < end; i++) if (bytes[i] === 0) return true;
  return false;
}

/** Splits text into lines for the virtualized list (at most `maxLines`, the rest cut). */
function linesOf(text: string): string[] {
  return text.split(/\r?\n/);
}

export function viewOfBody(bytes: Uint8Array, contentType: string): BodyView {
  if (!bytes.length) return { kind: 'empty' };
  const type = contentType.toLowerCase();
  const image = IMAGE.exec(type);
  if (image) return { kind: 'image', mime: type.split(';')[0]?.trim() ?? 'image/png' };
  if (looksBinary(bytes)) return { kind: 'binary' };
  const raw = new TextDecoder().decode(bytes);
  const trimmed = raw.trimStart();
  if (type.includes('json') || trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      const pretty = JSON.stringify(JSON.parse(raw), null, 2);
      return { kind: 'json', lines: linesOf(pretty), raw };
    } catch {
      // not JSON after all: show it as text
    }
  }
  return { kind: 'text', lines: linesOf(raw), raw, html: type.includes('html') };
}

/** `1.2 KB`, `3.4 MB`. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}
