import MarkdownIt from 'markdown-it';

/**
 * What the Markdown export writes from a doc is data, never markup: a name like `<img src=x onerror=…>` or
 * `[x](javascript:…)` must show as written wherever the file is rendered, HTML on or off (VitePress renders
 * raw HTML by default). Every field goes through one of these.
 */

/**
 * Characters that would open HTML or a link become character references: a reference is always text
 * (CommonMark never reads structure from one), even where a renderer's autolinker swallows a backslash
 * (markdown-it's linkify takes `http://x/\` and leaves the next character live). The other inline markup
 * (emphasis, code, strike, table pipes) is escaped with a backslash: at worst it would format, never run.
 */
const AS_REFERENCE: Readonly<Record<string, string>> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  '[': '&#91;',
  ']': '&#93;',
};
/** `//host` that an autolinker (markdown-it's linkify) would make a protocol-relative link; `http://` stays. */
const PROTOCOL_RELATIVE = /(?<!:)\/\//g;
const INLINE_SPECIAL = /[\\`*_[\]<>&|~!]/g;

/** One line of plain text for a heading, a list item or a table cell: markup and HTML escaped. */
export function plain(text: string): string {
  return text
    .replace(/\s*\r?\n\s*/g, ' ')
    .replace(INLINE_SPECIAL, (c) => AS_REFERENCE[c] ?? `\\${c}`)
    .replace(PROTOCOL_RELATIVE, '/&#47;');
}

/**
 * Plain text of several lines (a description made text): each line escaped, line starts too; lines of one
 * paragraph end in a hard break (a trailing backslash), blank lines separate paragraphs.
 */
export function plainBlock(text: string): string {
  const lines = text
    .split(/\r?\n/)
    .map((line) => plain(line.trim()).replace(/^([#>+=-]|\d+[.)])/, (m) => `\\${m}`));
  return lines.map((line, i) => (line && lines[i + 1] ? `${line}\\` : line)).join('\n');
}

/** A code span whose fence no backtick run inside can close (renderers escape HTML inside code). */
export function codeSpan(text: string): string {
  const flat = text.replace(/\s*\r?\n\s*/g, ' ');
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') || flat.startsWith(' ') ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** Link and image destinations a reader may follow; anything else (javascript:, data:, relative) is text. */
const ALLOWED_DESTINATION = /^\s*(https?:\/\/|mailto:)/i;

// The block structure of a Markdown text is read with markdown-it (VitePress's renderer), so code blocks,
// which every renderer shows as text, keep their `<`; raw HTML is off, as in the reader.
const parser = new MarkdownIt({ html: false });

/** Lines of code blocks (fenced or indented) at any depth, and unclosed top-level fences. */
function codeLines(text: string): { code: Set<number>; unclosed: string[] } {
  const code = new Set<number>();
  const unclosed: string[] = [];
  for (const token of parser.parse(text, {})) {
    if ((token.type !== 'fence' && token.type !== 'code_block') || !token.map) continue;
    const [start, end] = token.map;
    // The opening fence line is not code: its info string is markup (kept, with `<` escaped).
    for (let line = token.type === 'fence' ? start + 1 : start; line < end; line++) code.add(line);
    if (token.type === 'fence' && token.level === 0) {
      const last = text.split(/\r?\n/)[end - 1] ?? '';
      const char = token.markup[0] ?? '`';
      const closes =
        end - 1 > start && new RegExp(`^ {0,3}\\${char}{${token.markup.length},}\\s*$`).test(last);
      // A top-level fence without its closing line runs to the end of the text.
      if (!closes) unclosed.push(token.markup);
      if (closes) code.delete(end - 1);
    }
  }
  return { code, unclosed };
}

/** A non-code line of Markdown: raw HTML and autolinks escaped, links and definitions to other schemes made text. */
function safeLine(line: string): string {
  return line
    .replace(/</g, '&lt;')
    .replace(PROTOCOL_RELATIVE, '/&#47;')
    .replace(/\]\(/g, (m, offset: number, whole: string) =>
      ALLOWED_DESTINATION.test(whole.slice(offset + 2)) ? m : ']&#40;',
    )
    .replace(/\]:/g, (m, offset: number, whole: string) =>
      ALLOWED_DESTINATION.test(whole.slice(offset + 2)) ? m : ']&#58;',
    );
}

/**
 * A Markdown text (a Markdown doc) that stays Markdown: code blocks as written; elsewhere raw HTML and
 * autolinks escaped (`&lt;`; code spans then show it as `&lt;`, the price of not guessing a renderer's
 * inline parse), links, images and link definitions only to http(s) and mailto (others become text), and a
 * fence left open is closed so it cannot take in what follows it in the file.
 */
export function safeMarkdown(text: string): string {
  const lines = text.split(/\r?\n/);
  const { code, unclosed } = codeLines(text);
  const out = lines.map((line, i) => (code.has(i) ? line : safeLine(line)));
  for (const markup of unclosed) out.push(markup);
  return out.join('\n');
}
