import { PlusOutlined } from '@ant-design/icons';
import type { PersonalToken, PersonalTokenCreated } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Empty, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../components/error-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { ShownOnceModal } from '../components/shown-once-modal.tsx';
import { McpConnectCard } from '../features/tokens/components/mcp-connect-card.tsx';
import { TokenFormModal } from '../features/tokens/components/token-form-modal.tsx';
import { tokensQuery, useRevokeToken } from '../features/tokens/tokens.queries.ts';
import { toastSuccess } from '../lib/feedback.ts';
import { formatDateTime } from '../lib/format.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

const STATUS_COLOR: Record<PersonalToken['status'], string> = {
  active: 'green',
  expired: 'default',
  revoked: 'red',
};
const STATUS_LABEL = {
  active: 'tokens.statusActive',
  expired: 'tokens.statusExpired',
  revoked: 'tokens.statusRevoked',
} as const;

/** `/user/tokens`: the caller's personal access tokens (create, see last use, revoke) and how to connect MCP. */
export function UserTokensPage() {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  useDocumentTitle(t('tokens.title'));
  const tokens = useQuery(tokensQuery());
  const revoke = useRevokeToken();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<PersonalTokenCreated | null>(null);
  const when = (value: string | null, none: string) => (value ? formatDateTime(value, i18n.language) : none);

  const confirmRevoke = (token: PersonalToken) =>
    modal.confirm({
      title: t('tokens.revokeConfirm', { 0: token.name }),
      okText: t('tokens.revoke'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => revoke.mutateAsync(token.id).then(() => toastSuccess(t('tokens.revoked'))),
    });

  const columns: TableProps<PersonalToken>['columns'] = [
    { key: 'name', title: t('tokens.name'), dataIndex: 'name' },
    {
      key: 'prefix',
      title: t('tokens.prefix'),
      dataIndex: 'prefix',
      render: (prefix: string) => <Typography.Text code>{prefix}</Typography.Text>,
    },
    {
      key: 'scope',
      title: t('tokens.scope'),
      render: (_value: unknown, token: PersonalToken) => (
        <Space size={[4, 4]} wrap>
          <Tag color={token.scope === 'write' ? 'orange' : 'blue'}>
            {token.scope === 'write' ? t('tokens.scopeWrite') : t('tokens.scopeRead')}
          </Tag>
          {token.projects === null ? (
            <Tag>{t('tokens.allProjects')}</Tag>
          ) : (
            token.projects.map((p) => <Tag key={p.id}>{p.name}</Tag>)
          )}
        </Space>
      ),
    },
    {
      key: 'created',
      title: t('tokens.created'),
      dataIndex: 'gmtCreate',
      render: (value: string) => when(value, ''),
    },
    {
      key: 'expires',
      title: t('tokens.expiry'),
      dataIndex: 'expiresAt',
      render: (value: string | null) => when(value, t('tokens.expiryNever')),
    },
    {
      key: 'lastUsed',
      title: t('tokens.lastUsed'),
      dataIndex: 'lastUsedAt',
      render: (value: string | null) => when(value, t('tokens.neverUsed')),
    },
    {
      key: 'status',
      title: t('tokens.status'),
      dataIndex: 'status',
      render: (status: PersonalToken['status']) => (
        <Tag color={STATUS_COLOR[status]}>{t(STATUS_LABEL[status])}</Tag>
      ),
    },
    {
      key: 'actions',
      title: t('user.actions'),
      render: (_value: unknown, token: PersonalToken) =>
        token.status === 'revoked' ? null : (
          <Button
            size="small"
            danger
            aria-label={t('tokens.revokeNamed', { 0: token.name })}
            onClick={() => confirmRevoke(token)}
          >
            {t('tokens.revoke')}
          </Button>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('tokens.title')}
        description={t('tokens.intro')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('tokens.create')}
          </Button>
        }
      />
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Card styles={{ body: { padding: 0 } }}>
          {tokens.isError && !tokens.data ? (
            <ErrorState message={t('tokens.loadFailed')} onRetry={() => void tokens.refetch()} />
          ) : (
            <Table<PersonalToken>
              rowKey="id"
              columns={columns}
              dataSource={tokens.data ?? []}
              loading={tokens.isLoading}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: <Empty description={t('tokens.empty')} /> }}
            />
          )}
        </Card>
        <McpConnectCard />
      </Space>
      <TokenFormModal open={creating} onClose={() => setCreating(false)} onCreated={setCreated} />
      <ShownOnceModal
        open={created !== null}
        title={t('tokens.createdTitle')}
        description={t('tokens.createdHint')}
        values={created ? [{ label: t('tokens.tokenLabel'), value: created.token, isSecret: true }] : []}
        onClose={() => setCreated(null)}
      />
    </>
  );
}
