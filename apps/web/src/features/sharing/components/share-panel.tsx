import { CopyOutlined, DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { ShareConfig } from '@quire/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { copyText } from '../../../lib/clipboard.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { pageShares, useShareAction } from '../sharing.api.ts';
import { shareKeys } from '../sharing.queries.ts';
import { ShareFormModal } from './share-form-modal.tsx';

/** The public address of a share. */
export function shareUrl(id: string): string {
  return `${window.location.origin}/share/${id}`;
}

/** An application's "Share management" tab: its shares, links and passwords, for its devs and admins. */
export function SharePanel({ moduleId, projectId }: { moduleId: string; projectId?: string }) {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const [page, setPage] = useState({ index: 1, size: 10 });
  const [editing, setEditing] = useState<ShareConfig | null>(null);
  const [isFormOpen, setIsFormOpen] = useState(false);
  const action = useShareAction();
  const shares = useQuery({
    queryKey: shareKeys.page(moduleId, page.index, page.size),
    queryFn: ({ signal }) => pageShares(moduleId, page.index, page.size, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });

  const openForm = (share: ShareConfig | null) => {
    setEditing(share);
    setIsFormOpen(true);
  };
  const confirm = (content: string, run: () => Promise<unknown>) =>
    modal.confirm({
      content,
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => run().catch(() => undefined),
    });

  if (shares.isError) return <ErrorState onRetry={() => void shares.refetch()} />;

  return (
    <section aria-label={t('sharing.tab')}>
      <div style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
          {t('sharing.create')}
        </Button>
      </div>
      <Table<ShareConfig>
        rowKey="id"
        size="middle"
        loading={shares.isFetching && !shares.data}
        dataSource={shares.data?.list ?? []}
        locale={{ emptyText: t('sharing.empty') }}
        scroll={{ x: 1100 }}
        pagination={{
          current: page.index,
          pageSize: page.size,
          total: shares.data?.total ?? 0,
          pageSizeOptions: [5, 10, 20, 50, 100],
          showSizeChanger: true,
          onChange: (index, size) => setPage({ index, size }),
        }}
        columns={[
          {
            title: t('sharing.link'),
            key: 'link',
            width: 250,
            render: (_, share) => (
              <Space size={4}>
                <Typography.Link href={`/share/${share.id}`} target="_blank" rel="noopener">
                  /share/{share.id}
                </Typography.Link>
                <Tooltip title={t('sharing.copyLink')}>
                  <Button
                    size="small"
                    type="text"
                    aria-label={t('sharing.copyLink')}
                    icon={<CopyOutlined />}
                    onClick={() => void copyText(shareUrl(share.id))}
                  />
                </Tooltip>
              </Space>
            ),
          },
          {
            title: t('sharing.type'),
            key: 'type',
            render: (_, share) =>
              share.type === 2 ? (
                <Space size={4} wrap>
                  <Tag color="gold">{t('sharing.typeEncrypted')}</Tag>
                  <Typography.Text code copyable aria-label={t('sharing.password')}>
                    {share.password}
                  </Typography.Text>
                  <Tooltip title={t('sharing.regenerate')}>
                    <Button
                      size="small"
                      type="text"
                      aria-label={t('sharing.regenerate')}
                      icon={<ReloadOutlined />}
                      onClick={() =>
                        confirm(t('sharing.regenerateConfirm'), () =>
                          action.mutateAsync({ id: share.id, action: 'regeneratePassword' }),
                        )
                      }
                    />
                  </Tooltip>
                </Space>
              ) : (
                <Tag color="green">{t('sharing.typePublic')}</Tag>
              ),
          },
          {
            title: t('sharing.scope'),
            key: 'scope',
            render: (_, share) => (share.isAll ? t('sharing.scopeAll') : t('sharing.scopeChosen')),
          },
          { title: t('sharing.remark'), dataIndex: 'remark', ellipsis: true },
          {
            title: t('sharing.expiry'),
            key: 'expiry',
            render: (_, share) =>
              share.expirationTime ? (
                <Space size={4}>
                  {share.expirationTime}
                  {share.expired ? <Tag color="red">{t('sharing.expired')}</Tag> : null}
                </Space>
              ) : (
                t('sharing.never')
              ),
          },
          {
            title: t('sharing.status'),
            key: 'status',
            render: (_, share) => (
              <Switch
                size="small"
                aria-label={t('sharing.status')}
                checked={share.status === 1}
                checkedChildren={t('sharing.enabled')}
                unCheckedChildren={t('sharing.disabled')}
                onChange={(on) =>
                  void action
                    .mutateAsync({ id: share.id, action: on ? 'enable' : 'disable' })
                    .catch(() => undefined)
                }
              />
            ),
          },
          {
            title: t('sharing.createdBy'),
            key: 'creator',
            render: (_, share) => (
              <span>
                {share.creatorName}
                <br />
                <Typography.Text type="secondary">
                  {formatDateTime(share.gmtCreate, i18n.language)}
                </Typography.Text>
              </span>
            ),
          },
          {
            title: t('sharing.actions'),
            key: 'actions',
            fixed: 'right',
            width: 200,
            render: (_, share) => (
              <Space size={4}>
                <Button size="small" icon={<EditOutlined />} onClick={() => openForm(share)}>
                  {t('common.edit')}
                </Button>
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() =>
                    confirm(t('sharing.deleteConfirm'), () =>
                      action.mutateAsync({ id: share.id, action: 'del' }),
                    )
                  }
                >
                  {t('common.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <ShareFormModal
        moduleId={moduleId}
        projectId={projectId}
        share={editing}
        open={isFormOpen}
        onClose={() => setIsFormOpen(false)}
      />
    </section>
  );
}
