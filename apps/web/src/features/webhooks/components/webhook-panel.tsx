import { PlusOutlined } from '@ant-design/icons';
import type { Webhook, WebhookEvent, WebhookKind } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { toastSuccess } from '../../../lib/feedback.ts';
import { EVENT_LABEL, KIND_LABEL } from '../webhook-labels.ts';
import type { WebhookScope } from '../webhooks.api.ts';
import { useDeleteWebhook, useTestWebhook, webhooksQuery } from '../webhooks.queries.ts';
import { WebhookDeliveriesDrawer } from './webhook-deliveries-drawer.tsx';
import { WebhookFormModal } from './webhook-form-modal.tsx';

/**
 * The webhooks of an application or a project: list, add, edit, send a test, the delivery log, delete.
 * Shown only to those who may change the application's settings (or the project); the server checks too.
 */
export function WebhookPanel({ scope }: { scope: WebhookScope }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const hooks = useQuery(webhooksQuery(scope));
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const [editing, setEditing] = useState<{ webhook?: Webhook } | null>(null);
  const [logOf, setLogOf] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  if (hooks.isError && !hooks.data) return <ErrorState onRetry={() => void hooks.refetch()} />;

  const confirmDelete = (hook: Webhook) =>
    modal.confirm({
      title: t('webhook.deleteConfirm'),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => remove.mutateAsync(hook.id).then(() => toastSuccess(t('webhook.deleted'))),
    });

  const columns: TableProps<Webhook>['columns'] = [
    {
      key: 'kind',
      title: t('webhook.kind'),
      dataIndex: 'kind',
      width: 150,
      render: (kind: WebhookKind, hook: Webhook) => (
        <Space size={4} wrap>
          <span>{t(KIND_LABEL[kind])}</span>
          {hook.enabled ? null : <Tag>{t('webhook.disabled')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'url',
      title: t('webhook.url'),
      dataIndex: 'urlHint',
      render: (url: string) => (
        <Typography.Text code ellipsis={{ tooltip: url }} style={{ maxWidth: 320 }}>
          {url}
        </Typography.Text>
      ),
    },
    {
      key: 'events',
      title: t('webhook.events'),
      dataIndex: 'events',
      render: (events: WebhookEvent[]) => (
        <Space size={[4, 4]} wrap>
          {events.map((event) => (
            <Tag key={event}>{t(EVENT_LABEL[event])}</Tag>
          ))}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: t('user.actions'),
      width: 260,
      render: (_value: unknown, hook: Webhook) => (
        <Space size="small" wrap>
          <Button type="link" size="small" onClick={() => setEditing({ webhook: hook })}>
            {t('common.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            loading={test.isPending && test.variables === hook.id}
            onClick={() =>
              test.mutate(hook.id, {
                onSuccess: () => {
                  toastSuccess(t('webhook.testQueued'));
                  setLogOf(hook.id);
                },
              })
            }
          >
            {t('webhook.test')}
          </Button>
          <Button type="link" size="small" onClick={() => setLogOf(hook.id)}>
            {t('webhook.deliveries')}
          </Button>
          <Button type="link" size="small" danger onClick={() => confirmDelete(hook)}>
            {t('common.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <section aria-label={t('webhook.title')}>
      <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start', marginBottom: 12, flexWrap: 'wrap' }}>
        <Typography.Paragraph type="secondary" style={{ flex: '1 1 320px', margin: 0 }}>
          {t('webhook.intro')}
        </Typography.Paragraph>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
          {t('webhook.add')}
        </Button>
      </div>
      {secret ? (
        <Alert
          type="warning"
          showIcon
          closable={{ onClose: () => setSecret(null), 'aria-label': t('common.savedItClose') }}
          style={{ marginBottom: 12 }}
          title={t('webhook.secretOnce')}
          description={
            <Typography.Text copyable code>
              {secret}
            </Typography.Text>
          }
        />
      ) : null}
      <Table<Webhook>
        rowKey="id"
        columns={columns}
        dataSource={hooks.data ?? []}
        loading={hooks.isPending}
        pagination={false}
        scroll={{ x: 720 }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('webhook.empty')} />,
        }}
      />
      {/* Mounted per opening, so an edit never starts from what the last dialog typed. */}
      {editing ? (
        <WebhookFormModal
          open
          scope={scope}
          webhook={editing.webhook}
          onClose={() => setEditing(null)}
          onSecret={setSecret}
        />
      ) : null}
      <WebhookDeliveriesDrawer webhookId={logOf} onClose={() => setLogOf(null)} />
    </section>
  );
}
