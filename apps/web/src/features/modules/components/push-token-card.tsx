import { KeyOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/copy-button.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { ShownOnceModal } from '../../../components/shown-once-modal.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { tokenStatusQuery, useRefreshToken } from '../modules.queries.ts';

/** The command a CI job runs to push an OpenAPI file with `token`. */
export function pushCommand(origin: string, token: string): string {
  return `quire push openapi.json --server ${origin} --token ${token}`;
}

/**
 * The push token of an application (project devs and admins): whether one exists, and a button that makes a
 * new one. The token is shown once, with the `quire push` command line; Quire keeps only its hash.
 */
export function PushTokenCard({ moduleId }: { moduleId: string }) {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const status = useQuery(tokenStatusQuery(moduleId));
  const refresh = useRefreshToken(moduleId);
  const [shown, setShown] = useState<string | null>(null);
  const origin = window.location.origin;
  const endpoint = `${origin}/api`;

  const make = () => refresh.mutateAsync().then(setShown, () => undefined);
  const confirmRefresh = () =>
    modal.confirm({
      title: t('push.tokenRefreshConfirm'),
      content: t('push.tokenRefreshWarning'),
      okText: t('push.tokenRefresh'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: make,
    });

  let body: React.ReactNode;
  if (status.isPending) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (status.isError) body = <ErrorState onRetry={() => void status.refetch()} />;
  else if (!status.data.hasToken)
    body = (
      <Space orientation="vertical">
        <Typography.Text type="secondary">{t('push.tokenNone')}</Typography.Text>
        <Button type="primary" icon={<KeyOutlined />} loading={refresh.isPending} onClick={() => void make()}>
          {t('push.tokenCreate')}
        </Button>
      </Space>
    );
  else
    body = (
      <Space orientation="vertical">
        <Typography.Text>
          {t('push.tokenExists', {
            0: formatDateTime(status.data.createdAt, i18n.language),
            1: status.data.creatorName || '—',
            2: status.data.lastUsedAt
              ? formatDateTime(status.data.lastUsedAt, i18n.language)
              : t('push.tokenNeverUsed'),
          })}
        </Typography.Text>
        <Button icon={<ReloadOutlined />} loading={refresh.isPending} onClick={confirmRefresh}>
          {t('push.tokenRefresh')}
        </Button>
      </Space>
    );

  return (
    <Card title={t('push.tokenTitle')} size="small" style={{ maxWidth: 720, marginBottom: 24 }}>
      <Typography.Paragraph>
        {t('push.tokenIntro', { 0: endpoint })}{' '}
        <CopyButton size="small" type="link" text={endpoint} label={`${t('common.copy')} ${endpoint}`} />
      </Typography.Paragraph>
      {body}
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 4 }}>
        {t('push.tokenCommand')}
      </Typography.Paragraph>
      <Typography.Text code style={{ wordBreak: 'break-all' }}>
        {pushCommand(origin, '<token>')}
      </Typography.Text>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('push.tokenSmartDoc', { 0: endpoint })}
      </Typography.Paragraph>
      <ShownOnceModal
        open={shown !== null}
        title={t('push.tokenTitle')}
        description={t('push.tokenShownOnce')}
        values={
          shown
            ? [
                { label: t('push.tokenTitle'), value: shown, isSecret: true },
                { label: 'quire push', value: pushCommand(origin, shown), isSecret: true },
              ]
            : []
        }
        onClose={() => setShown(null)}
      />
    </Card>
  );
}
