import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CaretDownOutlined,
  CaretRightOutlined,
  DeleteOutlined,
  SubnodeOutlined,
} from '@ant-design/icons';
import { PARAM_NAME_PATTERN, PARAM_TYPES, type ParamRow, type ParamType } from '@quire/api-model';
import type { EnumInfo } from '@quire/shared';
import { lazy, memo, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addParam,
  canHaveChildren,
  moveParam,
  newParamRow,
  removeParam,
  updateParam,
} from '../param-edit.ts';
import styles from './param-grid.module.css';

/** Which columns a table shows: headers and path params have no type, length or dictionary (as in Torna). */
export type GridKind = 'full' | 'simple';

export type RowsUpdater = (update: (rows: ParamRow[]) => ParamRow[]) => void;

export const ROW_HEIGHT = 40;

export const FULL_COLUMNS = [
  'name',
  'type',
  'required',
  'maxLength',
  'example',
  'description',
  'enum',
] as const;
export const SIMPLE_COLUMNS = ['name', 'required', 'example', 'description'] as const;
export type Column = (typeof FULL_COLUMNS)[number];

export const TEMPLATES: Record<GridKind, string> = {
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
export const ParamGridRow = memo(function ParamGridRow({
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
