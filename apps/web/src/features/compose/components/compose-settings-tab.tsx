import type { ParamRow } from '@quire/api-model';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Skeleton, Switch, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { toastSuccess } from '../../../lib/feedback.ts';
import { ParamGrid, type RowsUpdater } from '../../docs/components/param-grid.tsx';
import { getComposeSetting, useComposeWrite } from '../compose.api.ts';
import { composeKeys } from '../compose.queries.ts';

/** Gateway URL (replaces every doc's host), debugging, and the global params and returns of a composed project. */
export function ComposeSettingsTab({ projectId, canManage }: { projectId: string; canManage: boolean }) {
  const { t } = useTranslation();
  const write = useComposeWrite();
  const setting = useQuery({
    queryKey: composeKeys.setting(projectId),
    queryFn: ({ signal }) => getComposeSetting(projectId, { signal, silent: true }),
  });
  const [gatewayUrl, setGatewayUrl] = useState('');
  const [showDebug, setShowDebug] = useState(false);
  const [params, setParams] = useState<ParamRow[]>([]);
  const [returns, setReturns] = useState<ParamRow[]>([]);
  useEffect(() => {
    if (!setting.data) return;
    setGatewayUrl(setting.data.gatewayUrl);
    setShowDebug(setting.data.showDebug);
    setParams(setting.data.globalParams);
    setReturns(setting.data.globalReturns);
  }, [setting.data]);

  if (setting.isError) return <ErrorState onRetry={() => void setting.refetch()} />;
  if (setting.isPending) return <Skeleton active />;

  const onParams: RowsUpdater = (update) => setParams((rows) => update(rows));
  const onReturns: RowsUpdater = (update) => setReturns((rows) => update(rows));
  const save = async () => {
    await write.mutateAsync({
      kind: 'settingSave',
      body: { id: projectId, gatewayUrl, showDebug, globalParams: params, globalReturns: returns },
    });
    toastSuccess(t('sharing.saved'));
  };

  return (
    <Form layout="vertical" onFinish={() => void save().catch(() => undefined)} disabled={!canManage}>
      <Form.Item label={t('compose.gatewayUrl')} extra={t('compose.gatewayHint')}>
        <Input
          value={gatewayUrl}
          placeholder="https://gateway.example.com/api"
          maxLength={255}
          onChange={(event) => setGatewayUrl(event.target.value)}
        />
      </Form.Item>
      <Form.Item label={t('compose.showDebug')}>
        <Switch checked={showDebug} onChange={setShowDebug} aria-label={t('compose.showDebug')} />
      </Form.Item>
      <Tabs
        items={[
          {
            key: 'params',
            label: t('compose.globalParams'),
            children: (
              <ParamGrid
                rows={params}
                readOnly={!canManage}
                onEdit={onParams}
                label={t('compose.globalParams')}
              />
            ),
          },
          {
            key: 'returns',
            label: t('compose.globalReturns'),
            children: (
              <ParamGrid
                rows={returns}
                readOnly={!canManage}
                onEdit={onReturns}
                label={t('compose.globalReturns')}
              />
            ),
          },
        ]}
      />
      {canManage ? (
        <Button type="primary" htmlType="submit" loading={write.isPending} style={{ marginTop: 16 }}>
          {t('common.save')}
        </Button>
      ) : null}
    </Form>
  );
}
