/** @jsxRuntime automatic */
import type { ParamRow } from '@quire/api-model';
import type { EnumWithItems } from '@quire/shared';
import {
  type CSSProperties,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type ReaderLabels, useReaderHost } from './host.tsx';
import { type ColumnKey, GridRow } from './param-grid-row.tsx';
import { ParamFind, useParamFind } from './param-find.tsx';
import { countRows, paramLines, parentIndex, parentKeys } from './param-lines.ts';
import { useRowWindow } from './use-row-window.ts';

// Past this many rows in all, the table scrolls in its own box and draws only what is in view.
const VIRTUAL_FROM = 150;
// Rows a Page Up / Page Down moves.
const PAGE = 10;
// How long a found row is held in the middle of the box while the rows around it are measured.
const PIN_MS = 800;

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
    pin.current = { key: jumpTo, until: performance.now() + PIN_MS };
  }, [jumpTo, keys]);

  // Rows drawn for the first time around a found row are measured after they show, and taller ones push it
  // down: for a moment after a find, each render puts it back in the middle of the box.
  const pin = useRef<{ key: string; until: number } | null>(null);
  useEffect(() => {
    const held = pin.current;
    const element = box.current;
    if (!held || !element || !virtual) return;
    if (performance.now() > held.until) {
      pin.current = null;
      return;
    }
    const at = keys.indexOf(held.key);
    if (at < 0) return;
    const header = element.querySelector('thead')?.offsetHeight ?? 0;
    const top = Math.max(0, (win.tops[at] ?? 0) - (element.clientHeight - header) / 2);
    if (Math.abs(element.scrollTop - top) > 1) element.scrollTop = top;
  });

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
