import type { DocChange } from '@quire/api-model';
import { Empty, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const KIND_COLORS = { add: 'success', remove: 'error', update: 'processing' } as const;

function show(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, v]) => `${key}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
      .join('\n');
  }
  return String(value);
}

interface Line {
  key: string;
  kind: 'add' | 'remove' | 'update';
  what: string;
  before: string;
  after: string;
}

/** The differences between two versions of a doc, side by side: what, before, after. */
export function ChangeList({ changes }: { changes: ReadonlyArray<DocChange> }) {
  const { t } = useTranslation();
  if (changes.length === 0) return <Empty description={t('doc.noChanges')} />;
  const lines: Line[] = changes.map((change, index) => {
    const key = String(index);
    switch (change.target) {
      case 'doc':
        return { key, kind: change.kind, what: t('doc.change.doc'), before: '', after: '' };
      case 'field':
        return {
          key,
          kind: 'update',
          what: change.field,
          before: show(change.before),
          after: show(change.after),
        };
      case 'dubbo':
        return {
          key,
          kind: 'update',
          what: `dubbo.${change.field}`,
          before: change.before,
          after: change.after,
        };
      case 'param':
        return {
          key,
          kind: change.kind,
          what: `${t(`doc.tables.${change.table}`)} · ${change.path}`,
          before: show(change.before),
          after: show(change.after),
        };
      case 'errorCode':
        return {
          key,
          kind: change.kind,
          what: `${t('doc.tables.errorCodeParams')} · ${change.code}`,
          before: show(change.before),
          after: show(change.after),
        };
      default:
        return {
          key,
          kind: 'update',
          what: t('doc.change.order', { 0: t(`doc.tables.${change.table}`) }),
          before: '',
          after: '',
        };
    }
  });
  const pre = (text: string) => (
    <span
      style={{
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
        fontFamily: 'ui-monospace, monospace',
        fontSize: 12,
      }}
    >
      {text}
    </span>
  );
  return (
    <Table
      size="small"
      rowKey="key"
      pagination={lines.length > 50 ? { pageSize: 50 } : false}
      dataSource={lines}
      columns={[
        {
          title: '',
          dataIndex: 'kind',
          width: 90,
          render: (kind: Line['kind']) => <Tag color={KIND_COLORS[kind]}>{t(`doc.change.${kind}`)}</Tag>,
        },
        { title: t('doc.change.field'), dataIndex: 'what', width: '26%' },
        { title: t('doc.before'), dataIndex: 'before', render: pre },
        { title: t('doc.after'), dataIndex: 'after', render: pre },
      ]}
    />
  );
}
