/** @jsxRuntime automatic */
import type { EnumWithItems } from '@quire/shared';
import { memo, type ReactNode, type Ref, useMemo } from 'react';
import { fill, useReaderHost } from './host.tsx';
import type { ParamLine } from './param-lines.ts';

/** The param table's columns (param-tree-grid.tsx). */
export type ColumnKey = 'name' | 'type' | 'required' | 'maxLength' | 'description' | 'example';

/** A caret pointing right (closed) or down (open), drawn inline so the grid needs no icon library. */
function Caret({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 10 10" width="10" height="10" aria-hidden="true" focusable="false">
      <path d={open ? 'M1 3h8L5 8z' : 'M3 1v8l5-4z'} fill="currentColor" />
    </svg>
  );
}

/** A description: plain text as it is (most are), anything with markup or entities sanitized first. */
function Description({ html }: { html: string }) {
  const { sanitizeHtml } = useReaderHost();
  const plain = !/[<&]/.test(html);
  const clean = useMemo(() => (plain ? '' : sanitizeHtml(html)), [html, plain, sanitizeHtml]);
  if (plain) return html ? <span>{html}</span> : null;
  if (!clean) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server and again by the host
  return <span className="q-param-html" dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** Items of the dictionary a row links to, inline under its description. */
function DictionaryItems({ dict }: { dict: EnumWithItems }) {
  return (
    <div className="q-rd-dictionary">
      <span className="q-rd-muted">{dict.name}:</span>{' '}
      {dict.items.map((item) => (
        <span key={item.id} className="q-rd-tag">
          {item.value || item.name}
          {item.description ? ` ${item.description}` : ''}
        </span>
      ))}
    </div>
  );
}

/** A cell of the grid: a `td` says "cell" to testing tools; inside a treegrid it is a gridcell. */
function Cell({ className, children }: { className: string | undefined; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a treegrid's cells are gridcells
    // biome-ignore lint/a11y/useFocusableInteractive: the grid holds focus (aria-activedescendant on its rows)
    <td role="gridcell" className={className}>
      {children}
    </td>
  );
}

export interface RowProps {
  line: ParamLine;
  id: string;
  index: number;
  columns: ReadonlyArray<ColumnKey>;
  expanded: boolean;
  active: boolean;
  /** The find box's current match. */
  found: boolean;
  dict: EnumWithItems | undefined;
  labels: { yes: string; no: string; expand: string; collapse: string };
  measure: Ref<HTMLTableRowElement>;
  onToggle(key: string): void;
  onPick(key: string): void;
}

/** One param row; memoized, so expanding a row or moving the active row re-renders only the rows it changes. */
export const GridRow = memo(function GridRow({
  line,
  id,
  index,
  columns,
  expanded,
  active,
  found,
  dict,
  labels,
  measure,
  onToggle,
  onPick,
}: RowProps) {
  const { row, depth, hasChildren } = line;
  const cell = (key: ColumnKey) => {
    switch (key) {
      case 'name':
        return (
          <Cell key={key} className="q-rd-cell q-rd-name">
            <span style={{ width: depth * 20, flex: 'none' }} />
            {hasChildren ? (
              <button
                type="button"
                tabIndex={-1}
                className="q-rd-caret"
                aria-label={fill(expanded ? labels.collapse : labels.expand, row.name)}
                onClick={() => onToggle(line.key)}
              >
                <Caret open={expanded} />
              </button>
            ) : (
              <span className="q-rd-caret-space" />
            )}
            <code className="q-rd-code">{row.name}</code>
          </Cell>
        );
      case 'required':
        return (
          <Cell key={key} className="q-rd-cell">
            <span className={row.required ? 'q-rd-tag q-rd-required' : 'q-rd-tag'}>
              {row.required ? labels.yes : labels.no}
            </span>
          </Cell>
        );
      case 'description':
        return (
          <Cell key={key} className="q-rd-cell">
            <Description html={row.description} />
            {row.enumContent ? <div className="q-rd-muted">{row.enumContent}</div> : null}
            {dict ? <DictionaryItems dict={dict} /> : null}
          </Cell>
        );
      case 'example':
        return (
          <Cell key={key} className="q-rd-cell q-rd-example">
            {row.example}
          </Cell>
        );
      default:
        return (
          <Cell key={key} className="q-rd-cell">
            {row[key]}
          </Cell>
        );
    }
  };
  return (
    // The grid takes the keys (aria-activedescendant); a row only takes the click that makes it active.
    <tr
      ref={measure}
      id={id}
      aria-level={depth + 1}
      aria-posinset={line.position}
      aria-setsize={line.siblings}
      aria-rowindex={index + 2}
      aria-expanded={hasChildren ? expanded : undefined}
      className={`q-rd-row${active ? ' q-rd-active' : ''}${found ? ' q-rd-found' : ''}`}
      data-key={line.key}
      onClick={() => onPick(line.key)}
    >
      {columns.map(cell)}
    </tr>
  );
});
