import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Skeleton, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteMock, mockListQuery, nextMockVersion, saveMock } from '../mock.api.ts';
import { mockKeys } from '../mock.queries.ts';
import { MockConfigForm } from './mock-config-form.tsx';

/** The Mock tab's content: the doc's configurations as tabs (the generated default first), add and delete. */
export function MockPanel({ docId, docUrl, canEdit }: { docId: string; docUrl: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const list = useQuery(mockListQuery(docId));
  const [active, setActive] = useState<string>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: mockKeys.list(docId) });

  const add = useMutation({
    mutationFn: async () => {
      const version = await nextMockVersion(docId);
      const path = `v${version}/${docUrl.replace(/^\/+/, '')}`;
      return saveMock({ docId, version, name: `v${version}`, path, responseBody: '{}' });
    },
    onSuccess: async (saved) => {
      await refresh();
      setActive(saved.id);
    },
  });
  const remove = useMutation({
    mutationFn: deleteMock,
    onSuccess: async () => {
      setActive(undefined);
      await refresh();
    },
  });

  if (list.isPending) return <Skeleton active />;
  if (list.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('mock.loadFailed')}
        action={
          <Button size="small" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  const configs = list.data;
  if (configs.length === 0) return <Empty description={t('mock.empty')} />;
  return (
    <Tabs
      type={canEdit ? 'editable-card' : 'card'}
      activeKey={active && configs.some((c) => c.id === active) ? active : configs[0]?.id}
      onChange={setActive}
      hideAdd
      tabBarExtraContent={
        canEdit ? (
          <Button icon={<PlusOutlined />} loading={add.isPending} onClick={() => add.mutate()}>
            {t('mock.add')}
          </Button>
        ) : null
      }
      onEdit={(key, action) => {
        if (action === 'remove' && typeof key === 'string') {
          const config = configs.find((c) => c.id === key);
          if (!config) return;
          modal.confirm({
            title: t('mock.deleteConfirm', { 0: config.name }),
            onOk: () => remove.mutateAsync(config.id),
          });
        }
      }}
      items={configs.map((config) => ({
        key: config.id,
        closable: canEdit && !config.isDefault,
        label: config.isDefault ? (
          <span>
            {t('mock.defaultName')} <Tag>{t('mock.defaultTag')}</Tag>
          </span>
        ) : (
          config.name
        ),
        children: (
          <MockConfigForm key={`${config.id}:${config.gmtModified}`} config={config} canEdit={canEdit} />
        ),
      }))}
    />
  );
}
