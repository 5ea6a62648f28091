import { CaretDownOutlined, CaretRightOutlined, FolderOutlined } from '@ant-design/icons';
import { MethodTag } from '@quire/reader';
import { NOT_DEPRECATED, ViewNodeType } from '@quire/shared';
import { type KeyboardEvent, memo, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DubboPropsTag } from '../../docs/components/dubbo-props.tsx';
import { type TreeItem, type TreeRowView, visibleRows } from '../view-tree.ts';
import styles from './view-tree.module.css';

const ROW = 30;
const INDENT = 16;
// Rows rendered above and below the viewport, so fast scrolling shows no blank band.
const OVERSCAN = 8;

interface Props {
  roots: ReadonlyArray<TreeItem>;
  expanded: ReadonlySet<string>;
  filter: string;
  currentDocId: string | undefined;
  onToggle(id: string, open: boolean): void;
  onOpen(item: TreeItem): void;
}

/** Scrolls the least needed to show row `index`. */
function scrollToRow(element: HTMLElement | null, index: number) {
  if (!element) return;
  const top = index * ROW;
  if (top < element.scrollTop) element.scrollTop = top;
  else if (top + ROW > element.scrollTop + element.clientHeight)
    element.scrollTop = top + ROW - element.clientHeight;
}

/**
 * The doc tree as a virtual list: only the rows in view are in the DOM, so 5,000 docs scroll and filter as
 * fast as 50. A WAI-ARIA tree view with a roving tab stop (https://www.w3.org/WAI/ARIA/apg/patterns/treeview/):
 * one row is in the Tab order and takes the focus itself, arrows move it, Right/Left open and close folders
 * (or go to the child/parent), Enter opens a doc or toggles a folder, Home/End jump. The active row is always
 * rendered, even scrolled away, so Tab can reach it and the focus is never lost with a row leaving the DOM.
 * Memoized: a keystroke in the filter re-renders it once, for the deferred filter, not also for the urgent
 * update of the input.
 */
export const ViewTree = memo(function ViewTree({
  roots,
  expanded,
  filter,
  currentDocId,
  onToggle,
  onOpen,
}: Props) {
  const { t } = useTranslation();
  const viewport = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);
  const rows = useMemo(() => visibleRows(roots, expanded, filter), [roots, expanded, filter]);
  const [activeId, setActiveId] = useState<string | null>(null);
  const activeIndex = activeId ? rows.findIndex((r) => r.item.id === activeId) : -1;

  // The observer reports the height after the browser's own layout; reading clientHeight here instead would
  // force a layout of the whole page while it is still being built.
  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      const next = entry?.contentBoxSize?.[0]?.blockSize;
      if (next) setHeight(next);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Brings the open doc into view when it changes (opened from a tab, search or a link), not on every expand.
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const hasRows = rows.length > 0;
  useEffect(() => {
    if (!currentDocId || !hasRows) return;
    const index = rowsRef.current.findIndex((r) => r.item.id === currentDocId);
    if (index < 0) return;
    setActiveId(currentDocId);
    scrollToRow(viewport.current, index);
  }, [currentDocId, hasRows]);

  // Set by a key press: the row made active then takes the focus once it is rendered.
  const focusPending = useRef(false);
  useEffect(() => {
    if (!focusPending.current || !activeId) return;
    focusPending.current = false;
    viewport.current?.querySelector<HTMLElement>(`[id="view-node-${CSS.escape(activeId)}"]`)?.focus();
  }, [activeId]);

  function moveTo(index: number) {
    const row = rows[Math.max(0, Math.min(rows.length - 1, index))];
    if (!row) return;
    if (row.item.id === activeId) return;
    focusPending.current = true;
    setActiveId(row.item.id);
    scrollToRow(viewport.current, rows.indexOf(row));
  }

  function activate(row: TreeRowView) {
    if (row.item.isFolder) onToggle(row.item.id, !row.expanded);
    else onOpen(row.item);
  }

  function handleKey(event: KeyboardEvent<HTMLDivElement>) {
    const index = activeIndex < 0 ? 0 : activeIndex;
    const row = rows[index];
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(activeIndex < 0 ? 0 : index + 1),
      ArrowUp: () => moveTo(index - 1),
      Home: () => moveTo(0),
      End: () => moveTo(rows.length - 1),
      ArrowRight: () => {
        if (!row?.item.isFolder) return;
        if (!row.expanded && !filter) onToggle(row.item.id, true);
        else if (row.item.children.length) moveTo(index + 1);
      },
      ArrowLeft: () => {
        if (!row) return;
        if (row.item.isFolder && row.expanded && !filter) onToggle(row.item.id, false);
        else if (row.item.parent) moveTo(rows.findIndex((r) => r.item === row.item.parent));
      },
      Enter: () => row && activate(row),
      ' ': () => row && activate(row),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  }

  const first = Math.max(0, Math.floor(scrollTop / ROW) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + height) / ROW) + OVERSCAN);
  // The tab stop: the active row, else the open doc, else the first row.
  const stopIndex =
    activeIndex >= 0
      ? activeIndex
      : Math.max(
          0,
          rows.findIndex((r) => r.item.id === currentDocId),
        );
  const shown = rows.slice(first, last).map((row, i) => ({ row, index: first + i }));
  const stop = rows[stopIndex];
  if (stop && (stopIndex < first || stopIndex >= last)) shown.push({ row: stop, index: stopIndex });

  return (
    <div
      ref={viewport}
      className={styles.viewport}
      role="tree"
      aria-label={t('reader.treeLabel')}
      onKeyDown={handleKey}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      data-testid="view-tree"
      data-rows={rows.length}
      data-filter={filter}
    >
      <div style={{ height: rows.length * ROW, position: 'relative' }}>
        {shown.map(({ row, index }) => (
          <TreeRow
            key={row.item.id}
            row={row}
            top={index * ROW}
            isStop={index === stopIndex}
            isActive={row.item.id === activeId}
            isCurrent={row.item.id === currentDocId}
            onFocus={() => setActiveId(row.item.id)}
            onClick={() => {
              setActiveId(row.item.id);
              activate(row);
            }}
          />
        ))}
      </div>
    </div>
  );
});

function TreeRow({
  row,
  top,
  isStop,
  isActive,
  isCurrent,
  onFocus,
  onClick,
}: {
  row: TreeRowView;
  top: number;
  isStop: boolean;
  isActive: boolean;
  isCurrent: boolean;
  onFocus(): void;
  onClick(): void;
}) {
  const { item, expanded } = row;
  const deprecated = item.deprecated !== NOT_DEPRECATED;
  const className = [styles.row, isActive ? styles.active : '', isCurrent ? styles.current : '']
    .filter(Boolean)
    .join(' ');
  return (
    // The tree container handles the keys of the focused row (they bubble up); rows take clicks and focus.
    // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard is handled by the tree
    <div
      id={`view-node-${item.id}`}
      role="treeitem"
      aria-level={item.depth + 1}
      aria-expanded={item.isFolder ? expanded : undefined}
      aria-selected={isCurrent}
      tabIndex={isStop ? 0 : -1}
      className={className}
      style={{ top, paddingLeft: 4 + item.depth * INDENT }}
      onFocus={onFocus}
      onClick={onClick}
      title={item.url ? `${item.label}\n${item.url}` : item.label}
      data-doc-id={item.isFolder ? undefined : item.id}
    >
      <span className={styles.caret} aria-hidden>
        {item.children.length > 0 ? expanded ? <CaretDownOutlined /> : <CaretRightOutlined /> : null}
      </span>
      {item.isFolder ? <FolderOutlined className={styles.folderIcon} aria-hidden /> : null}
      {item.type === ViewNodeType.doc && item.docType === 0 ? (
        <MethodTag method={item.httpMethod} small />
      ) : null}
      {item.docType === 1 ? <DubboPropsTag docId={item.id} compact /> : null}
      <span className={`${styles.label} ${deprecated ? styles.deprecated : ''}`}>{item.label}</span>
      {item.isFolder && item.apiCount > 0 ? <span className={styles.count}>({item.apiCount})</span> : null}
    </div>
  );
}
