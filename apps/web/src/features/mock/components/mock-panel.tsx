import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Form, Skeleton, Space, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteMock, mockBaseQuery, mockListQuery, nextMockVersion, saveMock } from '../mock.api.ts';
import { mockKeys } from '../mock.queries.ts';
import { docMockUrl } from '../mock-url.ts';
import { CopyableUrl } from './mock-base-card.tsx';
import { MockConfigForm } from './mock-config-form.tsx';

/**
 * The Mock tab's content: where the doc answers under its application's mock base, then the doc's
 * configurations as tabs (the generated default first), add and delete. Add and delete are buttons beside the
 * tab list (above it, so the configuration below keeps the full width), not inside it (antd's `editable-card` puts a close button in every tab and the add button in the
 * list, where only tabs may be: WAI-ARIA tabs pattern, axe `aria-required-children`/`nested-interactive`);
 * delete acts on the open configuration.
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
  const current = configs.find((c) => c.id === active) ?? configs[0];
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
      {canEdit ? (
        <Space size="small" style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 8 }}>
          <Button icon={<PlusOutlined />} loading={add.isPending} onClick={() => add.mutate()}>
            {t('mock.add')}
          </Button>
          {current && !current.isDefault ? (
            <Button
              danger
              icon={<DeleteOutlined />}
              loading={remove.isPending}
              onClick={() =>
                modal.confirm({
                  title: t('mock.deleteConfirm', { 0: current.name }),
                  onOk: () => remove.mutateAsync(current.id),
                })
              }
            >
              {t('mock.deleteCurrent', { 0: current.name })}
            </Button>
          ) : null}
        </Space>
      ) : null}
      <Tabs
        type="card"
        activeKey={current?.id}
        onChange={setActive}
        aria-label={t('mock.tab')}
        items={configs.map((config) => ({
          key: config.id,
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
