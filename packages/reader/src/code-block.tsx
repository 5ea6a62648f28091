/** @jsxRuntime automatic */
import type { ReactNode } from 'react';
import { useReaderHost } from './host.tsx';

/**
 * Read-only code with a copy button; long lines scroll instead of wrapping so code keeps its shape. The
 * examples and types of a large doc run to thousands of lines below the fold: `content-visibility: auto`
 * (in reader.css) lets the browser skip laying them out until they are scrolled to.
 */
export function CodeBlock({
  code,
  label,
  children,
}: {
  code: string;
  label: string;
  /** The code as marked-up pieces (a static page marks parts its script rewrites); `code` is what is copied. */
  children?: ReactNode;
}) {
  const { labels, copy } = useReaderHost();
  return (
    <figure className="q-rd-figure" aria-label={label}>
      {copy ? (
        <button
          type="button"
          className="q-rd-button q-rd-copy"
          aria-label={`${labels.copy} ${label}`}
          onClick={() => copy(code)}
        >
          {labels.copy}
        </button>
      ) : null}
      {/* Focusable, so a keyboard can scroll a long line into view (WCAG 2.1.1, axe scrollable-region-focusable). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled. */}
      <pre className="q-rd-pre" tabIndex={0}>
        <code>{children ?? code}</code>
      </pre>
    </figure>
  );
}
