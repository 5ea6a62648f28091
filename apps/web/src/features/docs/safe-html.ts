import { renderMarkdown } from '../help/markdown.ts';
import { sanitizeHtml } from './sanitize.ts';

// The sanitizer has its own module so the light reader entry can take it without markdown-it.
export { sanitizeHtml };

/** Markdown rendered with raw HTML off, then sanitized. */
export function renderMarkdownSafe(source: string): string {
  return sanitizeHtml(renderMarkdown(source));
}
