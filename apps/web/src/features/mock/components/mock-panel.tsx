import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Form, Skeleton, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteMock, mockBaseQuery, mockListQuery, nextMockVersion, saveMock } from '../mock.api.ts';
import { mockKeys } from '../mock.queries.ts';
import { docMockUrl } from '../mock-url.ts';
import { CopyableUrl } from './mock-base-card.tsx';
import { MockConfigForm } from './mock-config-form.tsx';

/**
 * The Mock tab's content: where the doc answers under its application's mock base, then the doc's
 * configurations as tabs (the generated default first), add and delete.
 */
export function MockPanel({
  docId,
  moduleId,
  docUrl,
  canEdit,
}: {
  docId: string;
  moduleId: string;
  docUrl: string;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const list = useQuery(mockListQuery(docId));
  const base = useQuery(mockBaseQuery(moduleId));
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
    <>
      {base.data ? (
        <Form layout="vertical">
          <Form.Item label={t('mock.docBaseUrl')} tooltip={t('mock.baseHelp')}>
            <CopyableUrl
              url={docMockUrl(base.data.mockBaseUrl, docUrl)}
              label={t('mock.docBaseUrl')}
              testId="mock-doc-base-url"
            />
          </Form.Item>
        </Form>
      ) : null}
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
    </>
  );
}
