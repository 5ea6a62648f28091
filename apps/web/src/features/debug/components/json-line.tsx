import { CaretDownOutlined, CaretRightOutlined } from '@ant-design/icons';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './json-view.module.css';

export const LINE_HEIGHT = 20;
const INDENT = 16;

/** `text` with every occurrence of `needle` (lower case) marked. */
function marked(text: string, needle: string): ReactNode {
  if (!needle) return text || ' ';
  const lower = text.toLowerCase();
  const parts: ReactNode[] = [];
  let from = 0;
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + needle.length)) {
    if (at > from) parts.push(text.slice(from, at));
    parts.push(<mark key={at}>{text.slice(at, at + needle.length)}</mark>);
    from = at + needle.length;
  }
  if (from < text.length) parts.push(text.slice(from));
  return parts.length ? parts : text || ' ';
}

/**
 * One line of the JSON viewer: its text at its depth, a caret on a container's opening line, and, when the
 * container is closed, its closing bracket on the same line. Memoized: scrolling re-renders only new lines.
 */
export const JsonLine = memo(function JsonLine({
  index,
  text,
  depth,
  top,
  closeText,
  collapsed,
  needle,
  current,
  onToggle,
}: {
  index: number;
  text: string;
  depth: number;
  top: number;
  /** The closing line's text, on a container's opening line; null elsewhere. */
  closeText: string | null;
  collapsed: boolean;
  needle: string;
  current: boolean;
  onToggle(index: number): void;
}) {
  const { t } = useTranslation();
  return (
    <div
      data-line={index}
      data-match={current ? 'current' : undefined}
      className={current ? `${styles.line} ${styles.current}` : styles.line}
      style={{ top, height: LINE_HEIGHT, lineHeight: `${LINE_HEIGHT}px`, paddingLeft: 8 + depth * INDENT }}
    >
      {closeText !== null ? (
        <button
          type="button"
          className={styles.caret}
          aria-expanded={!collapsed}
          aria-label={t(collapsed ? 'debug.jsonExpand' : 'debug.jsonCollapse', { 0: index + 1 })}
          onClick={() => onToggle(index)}
        >
          {collapsed ? <CaretRightOutlined /> : <CaretDownOutlined />}
        </button>
      ) : (
        <span className={styles.caretSpace} />
      )}
      {marked(text, needle)}
      {collapsed && closeText !== null ? <span className={styles.fold}> … {closeText}</span> : null}
    </div>
  );
});
