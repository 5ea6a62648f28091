/** @jsxRuntime automatic */
import type { Translation } from '@quire/shared/i18n';
import { createContext, type ReactNode, useContext } from 'react';

/** The doc page's strings: the `docPage` namespace of a language pack. */
export type ReaderLabels = Translation['docPage'];

/**
 * What the doc page needs from whoever renders it. The browser app passes DOMPurify, its toasts and the
 * i18next pack; a server render passes its own sanitizer and the built-in pack. The components never reach
 * for a DOM, a network or an app module themselves, so the same code renders in a browser and to static
 * markup in Node.
 */
export interface ReaderHost {
  labels: ReaderLabels;
  /** A BCP 47 tag for dates (`zh-CN`, `en`). */
  language: string;
  /** Makes stored HTML safe to insert (descriptions are sanitized when saved, and again here). */
  sanitizeHtml(html: string): string;
  /** Markdown to safe HTML (raw HTML off, then sanitized). */
  renderMarkdown(source: string): string;
  /** Copies text and tells the reader how it went; absent where nothing can be copied (static HTML). */
  copy?: ((text: string) => void) | undefined;
  /**
   * A render to static markup (the HTML export): every param row and every generated example is written
   * out, since no script will mount the rows of a virtual table or the code a reader scrolls near.
   */
  staticMarkup?: boolean | undefined;
}

const HostContext = createContext<ReaderHost | null>(null);

/** Provides the host to every reader component below it. */
export function ReaderProvider({ host, children }: { host: ReaderHost; children: ReactNode }) {
  return <HostContext.Provider value={host}>{children}</HostContext.Provider>;
}

/** The host given by the nearest `ReaderProvider`. */
export function useReaderHost(): ReaderHost {
  const host = useContext(HostContext);
  if (!host) throw new Error('Reader components need a <ReaderProvider host={…}> above them');
  return host;
}

/** Fills `{0}`, `{1}` … of a label. */
export function fill(template: string, ...args: ReadonlyArray<string | number>): string {
  return template.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? whole : String(value);
  });
}

/**
 * A server timestamp (ISO 8601, or Torna's `yyyy-MM-dd HH:mm:ss`) as a local date and time in `language`; an
 * unparsable value is shown as sent rather than as "Invalid Date".
 */
export function formatDateTime(value: string, language: string): string {
  const normalized = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(value) ? value.replace(' ', 'T') : value;
  const date = new Date(normalized);
  if (Number.isNaN(date.getTime())) return value;
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  } catch {
    // An uploaded language code the runtime does not know.
    return date.toLocaleString();
  }
}
