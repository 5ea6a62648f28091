import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CaretDownOutlined,
  CaretRightOutlined,
  DeleteOutlined,
  PlusOutlined,
  SubnodeOutlined,
} from '@ant-design/icons';
import { PARAM_NAME_PATTERN, PARAM_TYPES, type ParamRow, type ParamType } from '@quire/api-model';
import type { EnumInfo } from '@quire/shared';
import { Button } from 'antd';
import {
  type KeyboardEvent,
  lazy,
  memo,
  type ReactNode,
  Suspense,
  type UIEvent,
  useCallback,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  addParam,
  canHaveChildren,
  type GridRow,
  moveParam,
  newParamRow,
  removeParam,
  updateParam,
  visibleRows,
} from '../param-edit.ts';
import styles from './param-grid.module.css';

/** Which columns a table shows: headers and path params have no type, length or dictionary (as in Torna). */
export type GridKind = 'full' | 'simple';

export type RowsUpdater = (update: (rows: ParamRow[]) => ParamRow[]) => void;

const ROW_HEIGHT = 40;
const OVERSCAN = 8;
const MAX_HEIGHT = 520;

const FULL_COLUMNS = ['name', 'type', 'required', 'maxLength', 'example', 'description', 'enum'] as const;
const SIMPLE_COLUMNS = ['name', 'required', 'example', 'description'] as const;
type Column = (typeof FULL_COLUMNS)[number];
const TEXT_COLUMNS: ReadonlyArray<Column> = ['name', 'maxLength', 'example', 'description'];

const TEMPLATES: Record<GridKind, string> = {
  full: 'minmax(140px,2fr) 100px 56px 64px minmax(90px,1.2fr) minmax(110px,2fr) 120px 104px',
  simple: 'minmax(180px,2fr) 64px minmax(120px,1.5fr) minmax(160px,2.5fr) 112px',
};

// The dictionary popover needs antd's Table: loaded when a row with a linked dictionary shows, not before.
const EnumItemsButton = lazy(() =>
  import('./enum-items-button.tsx').then((m) => ({ default: m.EnumItemsButton })),
);

interface RowProps {
  row: ParamRow;
  depth: number;
  isFirst: boolean;
  isLast: boolean;
  index: number;
  kind: GridKind;
  top: number;
  isCollapsed: boolean;
  readOnly: boolean;
  enums: ReadonlyArray<EnumInfo>;
  onEdit: RowsUpdater;
  onToggle: (id: string) => void;
}

// Props are primitives and stable callbacks, so a keystroke re-renders only the row it changed.
const ParamGridRow = memo(function ParamGridRow({
  row,
  depth,
  isFirst,
  isLast,
  index,
  kind,
  top,
  isCollapsed,
  readOnly,
  enums,
  onEdit,
  onToggle,
}: RowProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<ParamRow>) => onEdit((rows) => updateParam(rows, row.id, patch));
  const cell = (column: Column) => `${index}:${column}`;
  const isBadName = row.name !== '' && !PARAM_NAME_PATTERN.test(row.name);
  const linked = row.enumId ? enums.find((e) => e.id === row.enumId) : undefined;
  const label = (column: string) => `${t(`doc.col.${column}` as 'doc.col.name')} ${index + 1}`;

  const cells: Record<Column, ReactNode> = {
    name: (
      <div className={styles.name} style={{ paddingLeft: depth * 16 }}>
        {row.children.length ? (
          <button
            type="button"
            className={styles.toggle}
            onClick={() => onToggle(row.id)}
            aria-label={row.name}
            aria-expanded={!isCollapsed}
          >
            {isCollapsed ? <CaretRightOutlined /> : <CaretDownOutlined />}
          </button>
        ) : (
          <span className={styles.toggle} />
        )}
        <input
          className={isBadName ? `${styles.input} ${styles.invalid}` : styles.input}
          value={row.name}
          aria-invalid={isBadName || undefined}
          title={isBadName ? t('validation.error_content') : undefined}
          data-cell={cell('name')}
          aria-label={label('name')}
          readOnly={readOnly}
          onChange={(event) => set({ name: event.target.value })}
        />
      </div>
    ),
    type: (
      <select
        className={styles.select}
        value={row.type}
        disabled={readOnly}
        aria-label={label('type')}
        data-cell={cell('type')}
        onChange={(event) => set({ type: event.target.value as ParamType })}
      >
        {PARAM_TYPES.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </select>
    ),
    required: (
      <input
        type="checkbox"
        className={styles.check}
        checked={row.required}
        disabled={readOnly}
        aria-label={label('required')}
        data-cell={cell('required')}
        onChange={(event) => set({ required: event.target.checked })}
      />
    ),
    maxLength: (
      <input
        className={styles.input}
        value={row.maxLength}
        data-cell={cell('maxLength')}
        aria-label={label('maxLength')}
        readOnly={readOnly}
        onChange={(event) => set({ maxLength: event.target.value })}
      />
    ),
    example: (
      <input
        className={styles.input}
        value={row.example}
        data-cell={cell('example')}
        aria-label={label('example')}
        readOnly={readOnly}
        onChange={(event) => set({ example: event.target.value })}
      />
    ),
    description: (
      <input
        className={styles.input}
        value={row.description}
        data-cell={cell('description')}
        aria-label={label('description')}
        readOnly={readOnly}
        onChange={(event) => set({ description: event.target.value })}
      />
    ),
    enum: (
      <div className={styles.enumCell}>
        <select
          className={styles.select}
          value={row.enumId}
          disabled={readOnly}
          aria-label={label('enum')}
          data-cell={cell('enum')}
          onChange={(event) => set({ enumId: event.target.value })}
        >
          <option value="">—</option>
          {enums.map((e) => (
            <option key={e.id} value={e.id}>
              {e.name}
            </option>
          ))}
          {row.enumId && !linked ? <option value={row.enumId}>{row.enumId}</option> : null}
        </select>
        {linked ? (
          <Suspense fallback={null}>
            <EnumItemsButton enumId={linked.id} name={linked.name} />
          </Suspense>
        ) : null}
      </div>
    ),
  };

  const columns = kind === 'full' ? FULL_COLUMNS : SIMPLE_COLUMNS;
  const action = (
    text: string,
    icon: ReactNode,
    onClick: () => void,
    options: { disabled?: boolean; danger?: boolean } = {},
  ) => (
    <button
      type="button"
      className={options.danger ? `${styles.iconButton} ${styles.danger}` : styles.iconButton}
      title={text}
      aria-label={`${text} ${row.name || index + 1}`}
      disabled={options.disabled}
      onClick={onClick}
    >
      {icon}
    </button>
  );
  return (
    <div className={styles.row} style={{ top, height: ROW_HEIGHT, gridTemplateColumns: TEMPLATES[kind] }}>
      {columns.map((column) => (
        <div key={column} style={{ minWidth: 0 }}>
          {cells[column]}
        </div>
      ))}
      <div className={styles.actions}>
        {readOnly ? null : (
          <>
            {kind === 'full' && canHaveChildren(row)
              ? action(t('doc.addChild'), <SubnodeOutlined />, () => {
                  if (isCollapsed) onToggle(row.id);
                  onEdit((rows) => addParam(rows, row.id, newParamRow()));
                })
              : null}
            {action(
              t('doc.moveUp'),
              <ArrowUpOutlined />,
              () => onEdit((rows) => moveParam(rows, row.id, -1)),
              {
                disabled: isFirst,
              },
            )}
            {action(
              t('doc.moveDown'),
              <ArrowDownOutlined />,
              () => onEdit((rows) => moveParam(rows, row.id, 1)),
              {
                disabled: isLast,
              },
            )}
            {action(
              t('doc.deleteRow'),
              <DeleteOutlined />,
              () => onEdit((rows) => removeParam(rows, row.id)),
              {
                danger: true,
              },
            )}
          </>
        )}
      </div>
    </div>
  );
});

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
