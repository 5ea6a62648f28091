import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ErrorCodeRow } from '@quire/api-model';
import { Button, Input, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { newParamId } from '../param-edit.ts';

/** A new error-code row. */
export function newErrorCode(): ErrorCodeRow {
  return { id: newParamId(), code: '', description: '', solution: '' };
}

/** The first problem of an error-code table (empty or repeated code), as an i18n key and its argument. */
export function errorCodeProblem(
  rows: ReadonlyArray<ErrorCodeRow>,
): { key: 'codes.codeRequired' | 'codes.duplicate'; code?: string } | null {
  const seen = new Set<string>();
  for (const row of rows) {
    const code = row.code.trim();
    if (!code) return { key: 'codes.codeRequired' };
    if (seen.has(code)) return { key: 'codes.duplicate', code };
    seen.add(code);
  }
  return null;
}

/** An editable table of error codes: code, description, solution; add, reorder, delete. */
export function ErrorCodeTable({
  rows,
  onChange,
  readOnly = false,
  label,
}: {
  rows: ErrorCodeRow[];
  onChange: (rows: ErrorCodeRow[]) => void;
  readOnly?: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  const set = (id: string, patch: Partial<ErrorCodeRow>) =>
    onChange(rows.map((row) => (row.id === id ? { ...row, ...patch } : row)));
  const move = (index: number, delta: number) => {
    const next = [...rows];
    const [row] = next.splice(index, 1);
    next.splice(index + delta, 0, row as ErrorCodeRow);
    onChange(next);
  };
  const field = (key: 'code' | 'description' | 'solution', title: string) => ({
    title,
    dataIndex: key,
    render: (_: unknown, row: ErrorCodeRow, index: number) => (
      <Input
        size="small"
        value={row[key]}
        readOnly={readOnly}
        aria-label={`${title} ${index + 1}`}
        onChange={(event) => set(row.id, { [key]: event.target.value })}
      />
    ),
  });
  return (
    <div>
      <Table
        size="small"
        rowKey="id"
        aria-label={label}
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t('codes.empty') }}
        columns={[
          { ...field('code', t('doc.col.code')), width: 180 },
          field('description', t('doc.col.description')),
          field('solution', t('doc.col.solution')),
          ...(readOnly
            ? []
            : [
                {
                  title: t('doc.col.actions'),
                  key: 'actions',
                  width: 112,
                  render: (_: unknown, row: ErrorCodeRow, index: number) => (
                    <span style={{ whiteSpace: 'nowrap' }}>
                      <Button
                        type="text"
                        size="small"
                        icon={<ArrowUpOutlined />}
                        disabled={index === 0}
                        aria-label={t('doc.moveUp')}
                        onClick={() => move(index, -1)}
                      />
                      <Button
                        type="text"
                        size="small"
                        icon={<ArrowDownOutlined />}
                        disabled={index === rows.length - 1}
                        aria-label={t('doc.moveDown')}
                        onClick={() => move(index, 1)}
                      />
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`${t('doc.deleteRow')} ${row.code || index + 1}`}
                        onClick={() => onChange(rows.filter((r) => r.id !== row.id))}
                      />
                    </span>
                  ),
                },
              ]),
        ]}
      />
      {readOnly ? null : (
        <Button
          type="dashed"
          size="small"
          icon={<PlusOutlined />}
          style={{ marginTop: 8 }}
          onClick={() => onChange([...rows, newErrorCode()])}
        >
          {t('doc.addRow')}
        </Button>
      )}
    </div>
  );
}
