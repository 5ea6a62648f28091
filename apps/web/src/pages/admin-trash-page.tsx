import { TRASH_RETENTION_DAYS, type TrashItem, type TrashType } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Popconfirm, Table, type TableProps, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../components/error-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { trashQuery, useRestoreTrash } from '../features/admin/admin.queries.ts';
import { toastSuccess } from '../lib/feedback.ts';
import { formatDateTime } from '../lib/format.ts';
import type { TranslationKey } from '../lib/i18n.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

const TYPE_LABELS: Record<TrashType, TranslationKey> = {
  space: 'admin.trashSpace',
  project: 'admin.trashProject',
  module: 'admin.trashModule',
  doc: 'docTools.trashDoc',
};

/** `/admin/trash`: spaces, projects, applications and docs deleted in the last 30 days, each restorable. */
export function AdminTrashPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('layout.trash'));
  const items = useQuery(trashQuery());
  const restore = useRestoreTrash();

  if (items.isError) return <ErrorState onRetry={() => void items.refetch()} />;

  const columns: TableProps<TrashItem>['columns'] = [
    {
      key: 'type',
      title: t('admin.trashType'),
      dataIndex: 'type',
      width: 120,
      render: (type: TrashType, item) => (
        <Tag>{t(item.isFolder ? 'docTools.trashFolder' : TYPE_LABELS[type])}</Tag>
      ),
    },
    { key: 'name', title: t('admin.trashName'), dataIndex: 'name' },
    {
      key: 'parentName',
      title: t('admin.trashParent'),
      dataIndex: 'parentName',
      render: (value: string) => value || '—',
    },
    { key: 'deletedByName', title: t('admin.trashDeletedBy'), dataIndex: 'deletedByName', width: 140 },
    {
      key: 'deletedAt',
      title: t('admin.trashDeletedAt'),
      dataIndex: 'deletedAt',
      width: 180,
      render: (value: string) => formatDateTime(value, i18n.language),
    },
    {
      key: 'expireTime',
      title: t('admin.trashExpires'),
      dataIndex: 'expireTime',
      width: 180,
      render: (value: string) => formatDateTime(value, i18n.language),
    },
    {
      key: 'actions',
      title: t('user.actions'),
      width: 110,
      render: (_value, item) => (
        <Popconfirm
          title={t('admin.restoreConfirm', { 0: item.name })}
          okText={t('admin.restore')}
          cancelText={t('common.cancel')}
          onConfirm={() =>
            restore.mutate(
              { type: item.type, id: item.id },
              { onSuccess: () => toastSuccess(t('admin.restored')) },
            )
          }
        >
          <Button type="link" size="small" style={{ padding: 0 }}>
            {t('admin.restore')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('layout.trash')}
        description={t('admin.trashIntro', { 0: TRASH_RETENTION_DAYS })}
      />
      <Card>
        <Table<TrashItem>
          rowKey={(item) => `${item.type}:${item.id}`}
          columns={columns}
          dataSource={items.data ?? []}
          loading={items.isPending}
          scroll={{ x: 960 }}
          pagination={{ hideOnSinglePage: true }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.trashEmpty')} />,
          }}
        />
      </Card>
    </>
  );
}
