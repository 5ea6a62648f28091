/** @jsxRuntime automatic */
import type { ParamRow } from '@quire/api-model';
import type { EnumWithItems } from '@quire/shared';
import {
  type CSSProperties,
  type KeyboardEvent,
  memo,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { fill, type ReaderLabels, useReaderHost } from './host.tsx';
import { ParamFind, useParamFind } from './param-find.tsx';
import { countRows, type ParamLine, paramLines, parentIndex, parentKeys } from './param-lines.ts';
import { useRowWindow } from './use-row-window.ts';

// Past this many rows in all, the table scrolls in its own box and draws only what is in view.
const VIRTUAL_FROM = 150;
// Rows a Page Up / Page Down moves.
const PAGE = 10;

type ColumnKey = 'name' | 'type' | 'required' | 'maxLength' | 'description' | 'example';

/** Column widths in px; the description takes the rest, at least its minimum. */
const WIDTHS: Record<ColumnKey, number> = {
  name: 240,
  type: 110,
  required: 80,
  maxLength: 90,
  description: 200,
  example: 160,
};

const FULL: ColumnKey[] = ['name', 'type', 'required', 'maxLength', 'description', 'example'];
// Headers and path params have no type or length.
const SIMPLE: ColumnKey[] = ['name', 'required', 'description', 'example'];

const TITLES = {
  name: 'colName',
  type: 'colType',
  required: 'colRequired',
  maxLength: 'colMaxLength',
  description: 'colDescription',
  example: 'colExample',
} as const satisfies Record<ColumnKey, keyof ReaderLabels>;

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

interface RowProps {
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
const GridRow = memo(function GridRow({
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

/**
 * A param table of the doc page: an expandable tree, every level open at first (as Torna shows it), with
 * expand/collapse all. Plain CSS-grid rows instead of antd's Table, which laid out every cell of a large table
 * on first render; past 150 rows only the rows in view are drawn. A `treegrid`: arrows move the active row,
 * Right/Left open and close it (or go to its first child / its parent), Enter or Space toggles it,
 * Home/End and Page Up/Down jump.
 */
export function ParamTreeGrid({
  params,
  enums,
  simple = false,
  label,
}: {
  params: ReadonlyArray<ParamRow>;
  enums: ReadonlyArray<EnumWithItems>;
  /** Headers and path params: no type/length columns. */
  simple?: boolean;
  label: string;
}) {
  const { labels: text, staticMarkup } = useReaderHost();
  const uid = useId();
  const box = useRef<HTMLDivElement>(null);
  const allParents = useMemo(() => parentKeys(params), [params]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const lines = useMemo(() => paramLines(params, collapsed), [params, collapsed]);
  const keys = useMemo(() => lines.map((line) => line.key), [lines]);
  const virtual = useMemo(() => !staticMarkup && countRows(params) > VIRTUAL_FROM, [params, staticMarkup]);
  const win = useRowWindow(keys, virtual);
  const dictById = useMemo(() => new Map(enums.map((e) => [e.id, e])), [enums]);
  const columns = simple ? SIMPLE : FULL;
  const template = columns
    .map((key) => (key === 'description' ? `minmax(${WIDTHS[key]}px, 1fr)` : `${WIDTHS[key]}px`))
    .join(' ');
  const minWidth = columns.reduce((sum, key) => sum + WIDTHS[key], 0);
  const labels = useMemo(
    () => ({
      yes: text.requiredYes,
      no: text.requiredNo,
      expand: text.expandRow,
      collapse: text.collapseRow,
    }),
    [text],
  );
  const rowId = (key: string) => `${uid}-row-${key}`;

  const toggle = useCallback((key: string) => {
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);
  const pick = useCallback((key: string) => setActiveKey(key), []);

  const activeIndex = activeKey === null ? -1 : keys.indexOf(activeKey);

  // Find in a large table: open the rows around the match, then (once they are drawn) make it the active row.
  const find = useParamFind(params);
  const [jumpTo, setJumpTo] = useState<string | null>(null);
  const [stepped, setStepped] = useState(false);
  const reveal = useCallback((key: string, ancestors: ReadonlyArray<string>) => {
    setCollapsed((current) => {
      if (!ancestors.some((k) => current.has(k))) return current;
      const next = new Set(current);
      for (const k of ancestors) next.delete(k);
      return next;
    });
    setJumpTo(key);
  }, []);
  const goFind = (by: number) => {
    if (!find.found) return;
    // The first Enter shows the first match; the next ones move on.
    if (find.found.key !== activeKey) reveal(find.found.key, find.ancestors);
    else {
      find.step(by);
      setStepped(true);
    }
  };
  useEffect(() => {
    if (!stepped || !find.found) return;
    setStepped(false);
    reveal(find.found.key, find.ancestors);
  }, [stepped, find.found, find.ancestors, reveal]);

  /** Makes line `index` active and scrolls the least needed to show it below the sticky header. */
  function moveTo(index: number) {
    const at = Math.max(0, Math.min(lines.length - 1, index));
    const line = lines[at];
    if (!line) return;
    setActiveKey(line.key);
    const element = box.current;
    if (!element || !virtual) {
      // Not in jsdom.
      document.getElementById(rowId(line.key))?.scrollIntoView?.({ block: 'nearest' });
      return;
    }
    const header = element.querySelector('thead')?.offsetHeight ?? 0;
    const top = win.tops[at] ?? 0;
    const bottom = win.tops[at + 1] ?? top;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (bottom + header > element.scrollTop + element.clientHeight)
      element.scrollTop = bottom + header - element.clientHeight;
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the opened rows are drawn; moveTo is fresh
  useEffect(() => {
    if (jumpTo === null) return;
    const index = keys.indexOf(jumpTo);
    setJumpTo(null);
    if (index < 0) return;
    moveTo(index);
    // The table's own box holds the row now; bring the box into the page's view too (not in jsdom).
    box.current?.scrollIntoView?.({ block: 'nearest' });
  }, [jumpTo, keys]);

  function handleKey(event: KeyboardEvent<HTMLTableElement>) {
    const index = activeIndex < 0 ? 0 : activeIndex;
    const line = lines[index];
    const open = line ? line.hasChildren && !collapsed.has(line.key) : false;
    const keyActions: Record<string, () => void> = {
      ArrowDown: () => moveTo(activeIndex < 0 ? 0 : index + 1),
      ArrowUp: () => moveTo(index - 1),
      PageDown: () => moveTo(index + PAGE),
      PageUp: () => moveTo(index - PAGE),
      Home: () => moveTo(0),
      End: () => moveTo(lines.length - 1),
      ArrowRight: () => {
        if (!line?.hasChildren) return;
        if (!open) toggle(line.key);
        else moveTo(index + 1);
      },
      ArrowLeft: () => {
        if (!line) return;
        if (open) toggle(line.key);
        else {
          const parent = parentIndex(lines, index);
          if (parent >= 0) moveTo(parent);
        }
      },
      Enter: () => line?.hasChildren && toggle(line.key),
      ' ': () => line?.hasChildren && toggle(line.key),
    };
    const action = keyActions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  }

  if (params.length === 0) return <span className="q-rd-muted">{text.none}</span>;
  const style = { '--param-columns': template } as CSSProperties;
  return (
    <>
      {allParents.length > 0 || virtual ? (
        <div className="q-rd-toolbar">
          {allParents.length > 0 ? (
            <>
              <button type="button" className="q-rd-button" onClick={() => setCollapsed(new Set())}>
                {text.expandRows}
              </button>
              <button type="button" className="q-rd-button" onClick={() => setCollapsed(new Set(allParents))}>
                {text.collapseRows}
              </button>
            </>
          ) : null}
          {/* Only drawn rows can be found by the browser: a large table brings its own find. */}
          {virtual ? <ParamFind find={find} onGo={goFind} /> : null}
        </div>
      ) : null}
      {/* The box scrolls (and, for a large table, decides which rows are drawn); the table inside is the grid. */}
      <div
        ref={box}
        className={virtual ? 'q-rd-box q-rd-scroll' : 'q-rd-box'}
        style={style}
        onScroll={virtual ? win.onScroll : undefined}
      >
        <table
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: WAI-ARIA's treegrid is a table with this role
          role="treegrid"
          aria-label={label}
          aria-rowcount={lines.length + 1}
          aria-colcount={columns.length}
          aria-activedescendant={activeIndex >= 0 && activeKey !== null ? rowId(activeKey) : undefined}
          tabIndex={0}
          className="q-rd-grid"
          style={{ minWidth }}
          onKeyDown={handleKey}
          onFocus={() => {
            if (activeIndex < 0 && lines[0]) setActiveKey(lines[0].key);
          }}
          data-testid="param-grid"
        >
          <thead className="q-rd-head">
            <tr aria-rowindex={1} className="q-rd-row">
              {columns.map((key) => (
                <th key={key} className="q-rd-cell">
                  {text[TITLES[key]]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="q-rd-body" style={{ paddingTop: win.padTop, paddingBottom: win.padBottom }}>
            {lines.slice(win.first, win.last).map((line, i) => (
              <GridRow
                key={line.key}
                line={line}
                id={rowId(line.key)}
                index={win.first + i}
                columns={columns}
                expanded={line.hasChildren && !collapsed.has(line.key)}
                active={line.key === activeKey}
                found={line.key === find.found?.key}
                dict={line.row.enumId ? dictById.get(line.row.enumId) : undefined}
                labels={labels}
                measure={win.measure}
                onToggle={toggle}
                onPick={pick}
              />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
