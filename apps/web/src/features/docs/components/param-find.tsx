import type { ParamRow } from '@quire/api-model';
import { Input, Typography } from 'antd';
import { type KeyboardEvent, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type GridRow, visibleRows } from '../param-edit.ts';

const NONE: ReadonlySet<string> = new Set();

/** Whether a row's name, description or example holds `needle` (lower case). */
function matches(row: ParamRow, needle: string): boolean {
  return (
    row.name.toLowerCase().includes(needle) ||
    row.description.toLowerCase().includes(needle) ||
    row.example.toLowerCase().includes(needle)
  );
}

/**
 * Finding a row in a large param grid. The grid draws only the rows in view (and the browser's find never
 * looks inside inputs), so this searches every row, closed ones too; `onGo(row, ancestors)` is the grid's to
 * open what hides the row and focus it. Enter goes to the next match, Shift+Enter to the previous.
 */
export function ParamFind({
  rows,
  onGo,
}: {
  rows: ReadonlyArray<ParamRow>;
  onGo(row: ParamRow, ancestors: ReadonlyArray<string>): void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [at, setAt] = useState(-1);
  const needle = useDeferredValue(query.trim().toLowerCase());
  // Every row in order with its parent, only while there is something to find: the rows change at every
  // keystroke in a cell, and listing 10,000 of them each time would slow typing for nothing.
  const all = useMemo(() => (needle ? visibleRows(rows, NONE) : []), [rows, needle]);
  const found = useMemo(() => {
    if (!needle) return [];
    const out: GridRow[] = [];
    for (const item of all) if (matches(item.row, needle)) out.push(item);
    return out;
  }, [all, needle]);

  const go = (by: number) => {
    if (!found.length) return;
    const next = at < 0 ? 0 : (((at + by) % found.length) + found.length) % found.length;
    setAt(next);
    const item = found[next] as GridRow;
    const byId = new Map(all.map((entry) => [entry.row.id, entry]));
    const ancestors: string[] = [];
    for (let id = item.parentId; id; id = byId.get(id)?.parentId ?? '') ancestors.push(id);
    onGo(item.row, ancestors);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    go(event.shiftKey ? -1 : 1);
  };
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <Input
        size="small"
        allowClear
        style={{ width: 220 }}
        placeholder={t('doc.findRows')}
        aria-label={t('doc.findRows')}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setAt(-1);
        }}
        onKeyDown={onKeyDown}
        data-testid="param-grid-find"
      />
      <Typography.Text type="secondary" aria-live="polite">
        {needle
          ? found.length
            ? t('doc.findRowsMatches', { 0: Math.max(at, 0) + 1, 1: found.length })
            : t('doc.findRowsNone')
          : ''}
      </Typography.Text>
    </span>
  );
}
