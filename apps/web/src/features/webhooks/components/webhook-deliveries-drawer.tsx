import type { WebhookDelivery } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Table, type TableProps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { STATUS_LABEL } from '../webhook-labels.ts';
import { deliveriesQuery } from '../webhooks.queries.ts';
import { DrawerTitle } from '../../../components/drawer-title.tsx';

const STATUS_COLOR: Record<string, string> = {
  success: 'success',
  failed: 'error',
  queued: 'default',
  running: 'processing',
};

/** The newest deliveries of a hook: event, status, attempts, the hook's answer code and error. */
export function WebhookDeliveriesDrawer({
  webhookId,
  onClose,
}: {
  webhookId: string | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const deliveries = useQuery({ ...deliveriesQuery(webhookId ?? ''), enabled: webhookId !== null });

  const columns: TableProps<WebhookDelivery>['columns'] = [
    {
      key: 'time',
      title: t('webhook.time'),
      dataIndex: 'createTime',
      width: 180,
      render: (value: string) => formatDateTime(value, i18n.language),
    },
    { key: 'event', title: t('webhook.event'), dataIndex: 'event', width: 120 },
    {
      key: 'status',
      title: t('webhook.status'),
      dataIndex: 'status',
      width: 110,
      render: (status: WebhookDelivery['status']) => (
        <Tag color={STATUS_COLOR[status]}>{t(STATUS_LABEL[status])}</Tag>
      ),
    },
    { key: 'attempts', title: t('webhook.attempts'), dataIndex: 'attempts', width: 90 },
    {
      key: 'responseCode',
      title: t('webhook.responseCode'),
      dataIndex: 'responseCode',
      width: 90,
      render: (code: number | null) => code ?? '—',
    },
    {
      key: 'error',
      title: t('webhook.error'),
      dataIndex: 'error',
      render: (error: string) =>
        error ? (
          <Typography.Text type="danger" ellipsis={{ tooltip: error }} style={{ maxWidth: 240 }}>
            {error}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <Drawer
      open={webhookId !== null}
      onClose={onClose}
      title={<DrawerTitle>{t('webhook.deliveries')}</DrawerTitle>}
      size="large"
      destroyOnHidden
    >
      {deliveries.isError && !deliveries.data ? (
        <ErrorState onRetry={() => void deliveries.refetch()} />
      ) : (
        <Table<WebhookDelivery>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={deliveries.data ?? []}
          loading={deliveries.isPending}
          pagination={false}
          scroll={{ x: 720 }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('webhook.noDeliveries')} />,
          }}
        />
      )}
    </Drawer>
  );
}
