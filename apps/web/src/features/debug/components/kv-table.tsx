import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export interface KvRow {
  name: string;
  value: string;
  enabled: boolean;
}

/**
 * Editable name/value rows with a "send" checkbox each: query params and headers. Every control is labelled
 * by its row, so a screen reader tells the rows apart.
 */
export function KvTable<T extends KvRow>({
  rows,
  onChange,
  newRow,
  label,
  renderValue,
}: {
  rows: ReadonlyArray<T>;
  onChange(rows: T[]): void;
  newRow(): T;
  label: string;
  renderValue?: (row: T, index: number, update: (patch: Partial<T>) => void) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const update = (index: number, patch: Partial<T>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <fieldset aria-label={label} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional and may share names
        <Space.Compact key={index} block style={{ marginBottom: 6 }}>
          <span style={{ display: 'inline-flex', alignItems: 'center', padding: '0 8px' }}>
            <Checkbox
              checked={row.enabled}
              aria-label={`${t('debug.enabled')} ${row.name}`}
              onChange={(e) => update(index, { enabled: e.target.checked } as Partial<T>)}
            />
          </span>
          <Input
            style={{ width: '35%' }}
            value={row.name}
            placeholder={t('debug.name')}
            aria-label={`${label} ${t('debug.name')} ${index + 1}`}
            onChange={(e) => update(index, { name: e.target.value } as Partial<T>)}
          />
          {renderValue ? (
            renderValue(row, index, (patch) => update(index, patch))
          ) : (
            <Input
              value={row.value}
              placeholder={t('debug.value')}
              aria-label={`${t('debug.value')} ${row.name || index + 1}`}
              onChange={(e) => update(index, { value: e.target.value } as Partial<T>)}
            />
          )}
          <Button
            icon={<DeleteOutlined />}
            aria-label={`${t('debug.remove')} ${row.name || index + 1}`}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          />
        </Space.Compact>
      ))}
      <Button size="small" icon={<PlusOutlined />} onClick={() => onChange([...rows, newRow()])}>
        {t('debug.addRow')}
      </Button>
    </fieldset>
  );
}
