import {
  type TornaImportReport,
  type TornaTableReport,
  tornaNotes,
  tornaReasons,
  tornaText,
} from '@quire/shared';
import { Alert, Card, Collapse, Descriptions, Switch, Table, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const sum = (left: TornaTableReport['left']) =>
  tornaReasons(left).reduce((total, reason) => total + reason.count, 0);

/**
 * A reason or note of the report (a key of the `tornaReport` pack with its arguments) in the reader's language;
 * a key this app does not know (a newer server) shows as it is.
 */
function reportText(t: TFunction, message: Parameters<typeof tornaText>[0]): string {
  return tornaText(
    message,
    (key, args) =>
      t(`tornaReport.${key}` as 'tornaReport.reason.soft_deleted', {
        ...Object.fromEntries(args.map((arg, index) => [index, arg])),
        defaultValue: [key, ...args].join(' '),
      }),
    t('tornaUi.joiner'),
  );
}

/** Names and counts on one line: the reasons column takes what is left. */
const nowrap = {
  onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' as const } }),
  onCell: () => ({ style: { whiteSpace: 'nowrap' as const } }),
};

/** Torna's side, one row per table: what it held and what became of each row. */
function TornaTables({ report }: { report: TornaImportReport }) {
  const { t } = useTranslation();
  const [hideEmpty, setHideEmpty] = useState(true);
  const rows = hideEmpty ? report.tables.filter((row) => row.torna > 0) : report.tables;
  const columns: TableProps<TornaTableReport>['columns'] = [
    {
      title: t('tornaUi.table'),
      dataIndex: 'table',
      render: (name: string) => <Typography.Text code>{name}</Typography.Text>,
      ...nowrap,
    },
    { title: t('tornaUi.inTorna'), dataIndex: 'torna', align: 'right', ...nowrap },
    { title: t('tornaUi.added'), dataIndex: 'added', align: 'right', ...nowrap },
    { title: t('tornaUi.updated'), dataIndex: 'updated', align: 'right', ...nowrap },
    { title: t('tornaUi.deleted'), dataIndex: 'deleted', align: 'right', ...nowrap },
    { title: t('tornaUi.unchanged'), dataIndex: 'unchanged', align: 'right', ...nowrap },
    {
      title: t('tornaUi.leftOut'),
      key: 'left',
      align: 'right',
      render: (_: unknown, row) => sum(row.left),
      ...nowrap,
    },
    {
      title: t('tornaUi.reasons'),
      key: 'reasons',
      render: (_: unknown, row) =>
        tornaReasons(row.left).map((reason) => (
          <div key={JSON.stringify([reason.key, reason.args])}>
            <Typography.Text type="secondary">{`${reason.count} × ${reportText(t, reason)}`}</Typography.Text>
          </div>
        )),
    },
  ];
  return (
    <Card
      size="small"
      title={t('tornaUi.tornaSide')}
      extra={
        <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
          <Switch
            id="torna-hide-empty"
            size="small"
            checked={hideEmpty}
            onChange={setHideEmpty}
            aria-label={t('tornaUi.hideEmpty')}
          />
          <span aria-hidden>{t('tornaUi.hideEmpty')}</span>
        </span>
      }
    >
      <Table<TornaTableReport>
        size="small"
        rowKey="table"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: true }}
        aria-label={t('tornaUi.tornaSide')}
      />
    </Card>
  );
}

interface KindRow {
  kind: string;
  before: number | undefined;
  after: number;
}

/** Quire's side: rows per kind before the run and after it (for a dry run: as the import would leave them). */
function QuireKinds({ report }: { report: TornaImportReport }) {
  const { t } = useTranslation();
  const rows: KindRow[] = Object.entries(report.quire).map(([kind, after]) => ({
    kind,
    before: report.quireBefore?.[kind],
    after,
  }));
  const kindLabel = (kind: string) =>
    t(`tornaUi.kinds.${kind}` as 'tornaUi.kinds.docs', { defaultValue: kind });
  const columns: TableProps<KindRow>['columns'] = [
    { title: t('tornaUi.kind'), dataIndex: 'kind', render: kindLabel },
    { title: t('tornaUi.before'), dataIndex: 'before', align: 'right' },
    {
      title: report.dryRun ? t('tornaUi.afterDryRun') : t('tornaUi.after'),
      dataIndex: 'after',
      align: 'right',
    },
  ];
  return (
    <Card size="small" title={t('tornaUi.quireSide')}>
      <Table<KindRow>
        size="small"
        rowKey="kind"
        columns={columns}
        dataSource={rows}
        pagination={false}
        aria-label={t('tornaUi.quireSide')}
      />
    </Card>
  );
}

/** The report of a finished dry run or import: the source, Torna's tables, Quire's counts, the notes. */
export function TornaReport({ report }: { report: TornaImportReport }) {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Alert
        type={report.dryRun ? 'info' : 'success'}
        showIcon
        title={report.dryRun ? t('tornaUi.dryRunDone') : t('tornaUi.importDone')}
      />
      <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered>
        <Descriptions.Item label={t('tornaUi.source')}>
          <Typography.Text code>{report.source}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('tornaUi.version')}>
          {report.version ?? t('tornaUi.versionUnknown')}
        </Descriptions.Item>
        <Descriptions.Item label={t('tornaUi.elapsed')}>
          {t('tornaUi.seconds', { 0: (report.elapsedMs / 1000).toFixed(1) })}
        </Descriptions.Item>
      </Descriptions>
      <TornaTables report={report} />
      <QuireKinds report={report} />
      {report.notes.length > 0 ? (
        <Collapse
          size="small"
          items={[
            {
              key: 'notes',
              label: t('tornaUi.notes', { 0: report.notes.length }),
              children: (
                <ul style={{ margin: 0, paddingLeft: 18, maxHeight: 320, overflow: 'auto' }}>
                  {tornaNotes(report.notes).map((note, index) => (
                    // Notes may repeat (two orphans of one kind): the index keeps keys apart.
                    // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders.
                    <li key={index}>{reportText(t, note)}</li>
                  ))}
                </ul>
              ),
            },
          ]}
        />
      ) : null}
    </div>
  );
}
