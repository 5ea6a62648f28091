/**
 * LiquidJS with limits: templates only read the context (no file system: no include or render of other
 * templates, own properties only, so `constructor` or `__proto__` read nothing), unknown filters are errors,
 * and parsing, render time and memory are bounded, so a hostile template (a huge loop, a string doubled
 * forty times) stops with a reason instead of holding the server.
 */
import { Liquid, LiquidError } from 'liquidjs';
import { cases, typeIn } from './gen-context.ts';

/** Template text accepted on save. */
export const TEMPLATE_MAX_CHARS = 100_000;
/** Milliseconds one render may take. */
export const RENDER_TIME_MS = 1_000;
/** Characters of output a render may produce. */
export const OUTPUT_MAX_CHARS = 1_000_000;

const engine = new Liquid({
  strictFilters: true,
  ownPropertyOnly: true,
  parseLimit: TEMPLATE_MAX_CHARS,
  renderLimit: RENDER_TIME_MS,
  // Counts the strings and arrays a render allocates (loops, appends), about 10 MB.
  memoryLimit: 10_000_000,
  templates: {},
  relativeReference: false,
  dynamicPartials: false,
});
for (const [name, fn] of Object.entries(cases)) engine.registerFilter(name, fn);
engine.registerFilter('type', typeIn);

/** Why a template was refused or a render failed: the reason and where. */
export class TemplateError extends Error {
  constructor(
    readonly reason: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(reason);
  }
}

function asTemplateError(error: unknown): TemplateError {
  if (error instanceof LiquidError) {
    const [line = 0, column = 0] = error.token?.getPosition?.() ?? [];
    const reason = error.message.replace(/, line:\d+, col:\d+$/, '');
    return new TemplateError(reason, line, column);
  }
  return new TemplateError(error instanceof Error ? error.message : String(error), 0, 0);
}

/** Blocks one template may nest: deeper nesting would exhaust the parser's stack. */
export const NESTING_MAX = 100;
const BLOCK_TAG = /\{%-?\s*(\w+)/g;
const OPENERS = new Set(['if', 'unless', 'for', 'case', 'capture', 'tablerow', 'comment', 'raw']);

function assertNesting(content: string): void {
  let depth = 0;
  for (const match of content.matchAll(BLOCK_TAG)) {
    const tag = match[1] ?? '';
    if (OPENERS.has(tag)) depth++;
    else if (tag.startsWith('end')) depth = Math.max(0, depth - 1);
    if (depth > NESTING_MAX) {
      const before = content.slice(0, match.index);
      const line = before.split('\n').length;
      throw new TemplateError(
        `blocks nested deeper than ${NESTING_MAX}`,
        line,
        match.index - before.lastIndexOf('\n'),
      );
    }
  }
}

/** Parses a template, throwing a `TemplateError` with the line and column of a syntax error. */
export function checkTemplate(content: string): void {
  assertNesting(content);
  try {
    engine.parse(content);
  } catch (error) {
    throw asTemplateError(error);
  }
}

/** Renders a template; a `TemplateError` says why when it fails or its output is too large. */
export async function renderTemplate(content: string, context: object): Promise<string> {
  assertNesting(content);
  let out: string;
  try {
    out = await engine.parseAndRender(content, context);
  } catch (error) {
    throw asTemplateError(error);
  }
  if (out.length > OUTPUT_MAX_CHARS)
    throw new TemplateError(`output larger than ${OUTPUT_MAX_CHARS} characters`, 0, 0);
  return out;
}
