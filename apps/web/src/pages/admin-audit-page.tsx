import { type AuditEntry, DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Select, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../components/error-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { auditPageQuery } from '../features/admin/admin.queries.ts';
import { formatDateTime } from '../lib/format.ts';
import { translateKey } from '../lib/i18n.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** The actions the server records (apps/server audit.service.ts); unknown ones are shown as sent. */
const AUDIT_ACTIONS = [
  'space.delete',
  'space.member.add',
  'space.member.role',
  'space.member.remove',
  'project.delete',
  'project.member.add',
  'project.member.role',
  'project.member.remove',
  'module.delete',
  'openUser.create',
  'openUser.secretReset',
  'openUser.enable',
  'openUser.disable',
  'user.create',
  'user.passwordReset',
  'user.enable',
  'user.disable',
  'user.allocateProject',
  'trash.restore',
  'module.tokenRefresh',
  'doc.sync',
  'debug.proxy',
  'debug.proxySetting',
  'space.internalAccess',
] as const;

const TARGET_TYPES = ['space', 'project', 'module', 'user', 'openUser'] as const;

/** The log's request: page and filters. */
interface AuditPageState {
  pageIndex: number;
  pageSize: number;
  action?: string;
  targetType?: string;
}

/** `/admin/audit`: who changed roles, secrets, accounts, or deleted and restored things, and when. */
export function AdminAuditPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('layout.auditLog'));
  const [request, setRequest] = useState<AuditPageState>({ pageIndex: 1, pageSize: DEFAULT_PAGE_SIZE });
  const entries = useQuery(auditPageQuery(request));

  if (entries.isError && !entries.data) return <ErrorState onRetry={() => void entries.refetch()} />;

  const actionLabel = (action: string) => {
    const key = `admin.auditActions.${action.replace(/\./g, '_')}`;
    const label = translateKey(t, key);
    return label === key ? action : label;
  };
  const targetLabel = (type: string) => {
    const key = `admin.auditTargets.${type}`;
    const label = translateKey(t, key);
    return label === key ? type : label;
  };

  const columns: TableProps<AuditEntry>['columns'] = [
    {
      key: 'createTime',
      title: t('admin.auditTime'),
      dataIndex: 'createTime',
      width: 180,
      render: (value: string) => formatDateTime(value, i18n.language),
    },
    { key: 'actorName', title: t('admin.auditActor'), dataIndex: 'actorName', width: 150 },
    {
      key: 'action',
      title: t('admin.auditAction'),
      dataIndex: 'action',
      width: 200,
      render: (action: string) => <Tag>{actionLabel(action)}</Tag>,
    },
    {
      key: 'target',
      title: t('admin.auditTarget'),
      width: 220,
      render: (_value, entry) => (
        <span>
          {targetLabel(entry.targetType)}{' '}
          <Typography.Text type="secondary" code>
            {entry.targetId}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'detail',
      title: t('admin.auditDetail'),
      dataIndex: 'detail',
      render: (detail: Record<string, unknown>) =>
        Object.keys(detail).length === 0 ? (
          '—'
        ) : (
          <Typography.Text style={{ fontSize: 12, wordBreak: 'break-all' }}>
            {Object.entries(detail)
              .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
              .join(' · ')}
          </Typography.Text>
        ),
    },
  ];

  return (
    <>
      <PageHeader title={t('layout.auditLog')} description={t('admin.auditIntro')} />
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            allowClear
            placeholder={t('admin.auditAllActions')}
            aria-label={t('admin.auditAction')}
            style={{ width: 240 }}
            value={request.action}
            options={AUDIT_ACTIONS.map((action) => ({ value: action, label: actionLabel(action) }))}
            onChange={(action?: string) => setRequest((previous) => ({ ...previous, pageIndex: 1, action }))}
          />
          <Select
            allowClear
            placeholder={t('admin.auditAllTargets')}
            aria-label={t('admin.auditTarget')}
            style={{ width: 200 }}
            value={request.targetType}
            options={TARGET_TYPES.map((type) => ({ value: type, label: targetLabel(type) }))}
            onChange={(targetType?: string) =>
              setRequest((previous) => ({ ...previous, pageIndex: 1, targetType }))
            }
          />
        </Space>
        <Table<AuditEntry>
          rowKey="id"
          columns={columns}
          dataSource={entries.data?.list ?? []}
          loading={entries.isFetching}
          scroll={{ x: 1000 }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.auditEmpty')} />,
          }}
          pagination={{
            current: request.pageIndex,
            pageSize: request.pageSize,
            total: entries.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES.map(String),
            showTotal: (total) => t('common.total', { 0: total }),
            onChange: (pageIndex, pageSize) =>
              setRequest((previous) => ({
                ...previous,
                pageIndex: pageSize === previous.pageSize ? pageIndex : 1,
                pageSize,
              })),
          }}
        />
      </Card>
    </>
  );
}
