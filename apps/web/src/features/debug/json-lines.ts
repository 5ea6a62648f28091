/**
 * A JSON answer as the lines of its pretty print (`JSON.stringify(value, null, 2)`, the indentation left to
 * the view), in typed arrays and one string, so a 10 MB answer of 400,000 lines crosses from the worker that
 * builds it (json-worker.ts) to the page in a few copies instead of 400,000 objects, and the page only cuts
 * out the lines it draws. Pure; unit-tested in json-lines.test.ts.
 */
export interface JsonLines {
  /** Every line's text, without indentation, joined by '\n'. */
  text: string;
  /** Offset of line i in `text`; `starts[count]` is `text.length + 1`. */
  starts: Int32Array;
  /** Nesting depth of each line (the opening line of a container has its parent's depth + 0). */
  depth: Int32Array;
  /** For the line opening a non-empty object or array: the index of its closing line; else -1. */
  close: Int32Array;
  /** Index of the line that opens the container a line is in, or -1 at the top. */
  parent: Int32Array;
  count: number;
}

/** The pretty-print lines of a parsed JSON value. */
export function jsonLines(value: unknown): JsonLines {
  const texts: string[] = [];
  const depths: number[] = [];
  const closes: number[] = [];
  const parents: number[] = [];
  const push = (text: string, depth: number, parent: number) => {
    texts.push(text);
    depths.push(depth);
    closes.push(-1);
    parents.push(parent);
    return texts.length - 1;
  };
  const emit = (key: string | null, item: unknown, depth: number, parent: number, comma: boolean) => {
    const prefix = key === null ? '' : `${JSON.stringify(key)}: `;
    const tail = comma ? ',' : '';
    if (item !== null && typeof item === 'object') {
      const isArray = Array.isArray(item);
      const entries: Array<[string | null, unknown]> = isArray
        ? (item as unknown[]).map((v) => [null, v])
        : Object.entries(item as Record<string, unknown>);
      if (entries.length === 0) {
        push(`${prefix}${isArray ? '[]' : '{}'}${tail}`, depth, parent);
        return;
      }
      const open = push(`${prefix}${isArray ? '[' : '{'}`, depth, parent);
      entries.forEach(([k, v], i) => {
        emit(k, v, depth + 1, open, i < entries.length - 1);
      });
      closes[open] = push(`${isArray ? ']' : '}'}${tail}`, depth, parent);
      return;
    }
    // undefined cannot come out of JSON.parse; stringify keeps numbers, strings and literals as JSON has them.
    push(`${prefix}${JSON.stringify(item)}${tail}`, depth, parent);
  };
  emit(null, value, 0, -1, false);
  const count = texts.length;
  const starts = new Int32Array(count + 1);
  let at = 0;
  for (let i = 0; i < count; i++) {
    starts[i] = at;
    at += (texts[i] as string).length + 1;
  }
  starts[count] = at;
  return {
    text: texts.join('\n'),
    starts,
    depth: Int32Array.from(depths),
    close: Int32Array.from(closes),
    parent: Int32Array.from(parents),
    count,
  };
}

/** The text of line `i`. */
export function lineText(lines: JsonLines, i: number): string {
  return lines.text.slice(lines.starts[i] ?? 0, (lines.starts[i + 1] ?? 1) - 1);
}

/**
 * The lines on screen when the opening lines in `collapsed` are closed: a closed container shows as its
 * opening line alone (drawn with its closing bracket), its inside skipped in one jump.
 */
export function visibleLines(lines: JsonLines, collapsed: ReadonlySet<number>): Int32Array {
  const out = new Int32Array(lines.count);
  let n = 0;
  for (let i = 0; i < lines.count; i++) {
    out[n++] = i;
    if (collapsed.has(i)) i = lines.close[i] ?? i;
  }
  return out.subarray(0, n);
}

/** Lines whose text holds `query`, ignoring case, in order; at most `limit` of them. */
export function searchLines(lines: JsonLines, query: string, limit = 100_000): Int32Array {
  const needle = query.toLowerCase();
  if (!needle) return new Int32Array(0);
  const haystack = lines.text.toLowerCase();
  const found: number[] = [];
  let line = 0;
  let at = haystack.indexOf(needle);
  while (at >= 0 && found.length < limit) {
    // The line holding offset `at`: starts are ascending, and matches come in order, so walk forward.
    while ((lines.starts[line + 1] ?? Number.POSITIVE_INFINITY) <= at) line++;
    found.push(line);
    at = haystack.indexOf(needle, lines.starts[line + 1] ?? haystack.length);
  }
  return Int32Array.from(found);
}

/** The opening lines of every container around line `i`, innermost first. */
export function ancestorsOf(lines: JsonLines, i: number): number[] {
  const out: number[] = [];
  for (let p = lines.parent[i] ?? -1; p >= 0; p = lines.parent[p] ?? -1) out.push(p);
  return out;
}

/** Opening lines of every container deeper than `depth`: what "collapse all" closes (the top stays open). */
export function containersBelow(lines: JsonLines, depth: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < lines.count; i++)
    if ((lines.close[i] ?? -1) >= 0 && (lines.depth[i] ?? 0) >= depth) out.push(i);
  return out;
}
