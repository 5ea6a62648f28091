import { DebugLimits } from '@quire/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Select, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { toastSuccess } from '../../../lib/feedback.ts';
import { getProxySetting, saveProxySetting } from '../debug.api.ts';

const KEY = ['admin', 'debugProxy'] as const;

/**
 * The admin setting that widens the debug proxy: hosts it may reach besides the applications' environments
 * (`api.example.com`, `api.example.com:8080`, `*.example.com`). Addresses stay under the server's guard.
 */
export function ProxyHostsCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const setting = useQuery({ queryKey: KEY, queryFn: ({ signal }) => getProxySetting({ signal }) });
  const [hosts, setHosts] = useState<string[]>([]);
  useEffect(() => {
    if (setting.data) setHosts(setting.data.hosts);
  }, [setting.data]);
  const save = useMutation({
    mutationFn: saveProxySetting,
    onSuccess: (saved) => {
      client.setQueryData(KEY, saved);
      toastSuccess(t('common.saved'));
    },
  });
  return (
    <Card title={t('debug.proxyHostsTitle')}>
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {t('debug.proxyHostsIntro')}
      </Typography.Paragraph>
      {setting.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : setting.isError ? (
        <ErrorState onRetry={() => void setting.refetch()} />
      ) : (
        <Space.Compact style={{ width: '100%', maxWidth: 640 }}>
          <Select
            mode="tags"
            aria-label={t('debug.proxyHostsTitle')}
            value={hosts}
            maxCount={DebugLimits.hostsMax}
            tokenSeparators={[',', ' ']}
            placeholder="api.example.com, *.corp.example"
            onChange={setHosts}
            style={{ flex: 1 }}
            open={false}
          />
          <Button type="primary" loading={save.isPending} onClick={() => save.mutate(hosts)}>
            {t('common.save')}
          </Button>
        </Space.Compact>
      )}
    </Card>
  );
}
