import { PlusOutlined } from '@ant-design/icons';
import type { ParamRow } from '@quire/api-model';
import type { EnumInfo } from '@quire/shared';
import { Button } from 'antd';
import {
  type KeyboardEvent,
  type ReactNode,
  type UIEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { addParam, type GridRow, newParamRow, visibleRows } from '../param-edit.ts';
import {
  type Column,
  FULL_COLUMNS,
  type GridKind,
  ParamGridRow,
  ROW_HEIGHT,
  type RowsUpdater,
  SIMPLE_COLUMNS,
  TEMPLATES,
} from './param-grid-row.tsx';
import { ParamFind } from './param-find.tsx';
import styles from './param-grid.module.css';

export type { GridKind, RowsUpdater };

const OVERSCAN = 8;
const MAX_HEIGHT = 520;
const TEXT_COLUMNS: ReadonlyArray<Column> = ['name', 'maxLength', 'example', 'description'];
// Past this many rows the grid brings its own find (undrawn rows and input values are beyond find-in-page).
const FIND_FROM = 100;

/** Whether the tree has more than `limit` rows, children included; walks no further than that. */
function hasMoreRows(rows: ReadonlyArray<ParamRow>, limit: number): boolean {
  let count = 0;
  const walk = (list: ReadonlyArray<ParamRow>): boolean => {
    for (const row of list) {
      if (++count > limit || walk(row.children)) return true;
    }
    return false;
  };
  return walk(rows);
}

/**
 * An editable param tree as a light virtual grid: only the rows in view are rendered, each row re-renders
 * only when it changes, so typing stays fast at thousands of rows. Arrow up/down and Enter move between the
 * cells of a column; Tab moves along the row.
 */
export function ParamGrid({
  rows,
  kind = 'full',
  readOnly = false,
  enums = [],
  onEdit,
  label,
}: {
  rows: ParamRow[];
  kind?: GridKind;
  readOnly?: boolean;
  enums?: ReadonlyArray<EnumInfo>;
  onEdit: RowsUpdater;
  label: string;
}) {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const [scrollTop, setScrollTop] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);
  const shown = useMemo(() => visibleRows(rows, collapsed), [rows, collapsed]);
  const onToggle = useCallback(
    (id: string) =>
      setCollapsed((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );

  const height = Math.min(MAX_HEIGHT, Math.max(shown.length, 1) * ROW_HEIGHT);
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(shown.length, Math.ceil((scrollTop + MAX_HEIGHT) / ROW_HEIGHT) + OVERSCAN);

  const focusCell = (index: number, column: string) => {
    const element = scroller.current;
    // No upper bound from `shown`: "Add row" calls this with the new row's index from the render before the
    // row existed (a stale closure), and a missing cell is simply not found below.
    if (!element || index < 0) return;
    const top = index * ROW_HEIGHT;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + ROW_HEIGHT > element.scrollTop + element.clientHeight)
      element.scrollTop = top + ROW_HEIGHT - element.clientHeight;
    setScrollTop(element.scrollTop);
    const tryFocus = (attempt: number) => {
      const input = element.querySelector<HTMLInputElement>(`[data-cell="${index}:${column}"]`);
      if (input) input.focus();
      else if (attempt < 3) requestAnimationFrame(() => tryFocus(attempt + 1));
    };
    tryFocus(0);
  };

  // Find: open the rows around the match, then (once drawn) scroll to it and focus its name.
  const [jumpTo, setJumpTo] = useState<ParamRow | null>(null);
  const onFind = useCallback((row: ParamRow, ancestors: ReadonlyArray<string>) => {
    setCollapsed((current) => {
      if (!ancestors.some((id) => current.has(id))) return current;
      const next = new Set(current);
      for (const id of ancestors) next.delete(id);
      return next;
    });
    setJumpTo(row);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the opened rows are in `shown`
  useEffect(() => {
    if (!jumpTo) return;
    setJumpTo(null);
    focusCell(
      shown.findIndex((item) => item.row === jumpTo),
      'name',
    );
  }, [jumpTo, shown]);
  // Counted at every keystroke (the rows change): stops as soon as it passes FIND_FROM.
  const findable = useMemo(() => hasMoreRows(rows, FIND_FROM), [rows]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const cell = target.getAttribute('data-cell');
    if (!cell || target.tagName !== 'INPUT') return;
    const [indexText, column = ''] = cell.split(':');
    if (!TEXT_COLUMNS.includes(column as Column)) return;
    const index = Number(indexText);
    if (event.key === 'ArrowDown' || (event.key === 'Enter' && !event.shiftKey)) {
      event.preventDefault();
      focusCell(index + 1, column);
    } else if (event.key === 'ArrowUp' || (event.key === 'Enter' && event.shiftKey)) {
      event.preventDefault();
      focusCell(index - 1, column);
    }
  };

  const columns = kind === 'full' ? FULL_COLUMNS : SIMPLE_COLUMNS;
  const items: ReactNode[] = [];
  for (let i = first; i < last; i++) {
    const item = shown[i] as GridRow;
    items.push(
      <ParamGridRow
        key={item.row.id}
        row={item.row}
        depth={item.depth}
        isFirst={item.isFirst}
        isLast={item.isLast}
        index={i}
        kind={kind}
        top={i * ROW_HEIGHT}
        isCollapsed={collapsed.has(item.row.id)}
        readOnly={readOnly}
        enums={enums}
        onEdit={onEdit}
        onToggle={onToggle}
      />,
    );
  }

  return (
    <div>
      {findable ? (
        <div style={{ marginBottom: 8 }}>
          <ParamFind rows={rows} onGo={onFind} />
        </div>
      ) : null}
      <section className={styles.grid} aria-label={label}>
        <div className={styles.head} style={{ gridTemplateColumns: TEMPLATES[kind] }}>
          {columns.map((column) => (
            <div key={column}>{t(`doc.col.${column}`)}</div>
          ))}
          <div style={{ textAlign: 'right' }}>{t('doc.col.actions')}</div>
        </div>
        {shown.length === 0 ? (
          <div className={styles.empty}>{t('doc.noRows')}</div>
        ) : (
          // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move between the inputs inside
          <div
            ref={scroller}
            className={styles.scroller}
            style={{ height }}
            onScroll={(event: UIEvent<HTMLDivElement>) => setScrollTop(event.currentTarget.scrollTop)}
            onKeyDown={onKeyDown}
          >
            <div style={{ height: shown.length * ROW_HEIGHT, position: 'relative' }}>{items}</div>
          </div>
        )}
      </section>
      {readOnly ? null : (
        <Button
          type="dashed"
          size="small"
          icon={<PlusOutlined />}
          style={{ marginTop: 8 }}
          onClick={() => {
            onEdit((current) => addParam(current, '', newParamRow()));
            requestAnimationFrame(() => focusCell(shown.length, 'name'));
          }}
        >
          {t('doc.addRow')}
        </Button>
      )}
    </div>
  );
}
