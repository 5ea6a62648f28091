import { CopyOutlined, DeleteOutlined, EditOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import type { Environment, Module } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Popconfirm, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { toastSuccess } from '../../../lib/feedback.ts';
import { EnvironmentGlobalsPanel } from '../../environments/components/environment-globals-panel.tsx';
import { environmentsQuery, useDeleteEnvironment } from '../modules.queries.ts';
import { EnvironmentCopyModal } from './environment-copy-modal.tsx';
import { EnvironmentFormModal } from './environment-form-modal.tsx';
import { EnvironmentImportModal } from './environment-import-modal.tsx';

/**
 * The environment settings tab: the application's debug environments (name, base URL, public, order).
 * Devs and admins add, edit, copy, delete and import them from another application, and edit each one's
 * global headers, params and returns below the list.
 */
export function EnvironmentPanel({
  module,
  modules,
  spaceId,
  canWrite,
}: {
  module: Module;
  modules: Module[];
  spaceId: string;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const environments = useQuery(environmentsQuery(module.id));
  const remove = useDeleteEnvironment();
  const [editing, setEditing] = useState<Environment | 'new' | null>(null);
  const [copying, setCopying] = useState<Environment | null>(null);
  const [isImporting, setIsImporting] = useState(false);

  if (environments.isError) return <ErrorState onRetry={() => void environments.refetch()} />;

  const columns: TableProps<Environment>['columns'] = [
    { key: 'name', title: t('env.name'), dataIndex: 'name', width: 180 },
    {
      key: 'baseUrl',
      title: t('env.baseUrl'),
      dataIndex: 'baseUrl',
      render: (url: string) => (
        <Typography.Text code copyable={{ text: url }} style={{ wordBreak: 'break-all' }}>
          {url}
        </Typography.Text>
      ),
    },
    {
      key: 'isPublic',
      title: t('env.isPublic'),
      dataIndex: 'isPublic',
      width: 110,
      render: (isPublic: boolean) =>
        isPublic ? <Tag color="green">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>,
    },
    { key: 'orderIndex', title: t('env.orderIndex'), dataIndex: 'orderIndex', width: 100 },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      title: t('user.actions'),
      width: 220,
      render: (_value, env) => (
        <Space size={4} wrap>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            aria-label={`${t('common.edit')} ${env.name}`}
            onClick={() => setEditing(env)}
          >
            {t('common.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<CopyOutlined />}
            aria-label={`${t('env.copy')} ${env.name}`}
            onClick={() => setCopying(env)}
          >
            {t('env.copy')}
          </Button>
          <Popconfirm
            title={t('env.deleteConfirm', { 0: env.name })}
            okText={t('common.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            onConfirm={() => remove.mutate(env.id, { onSuccess: () => toastSuccess(t('common.deleted')) })}
          >
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={`${t('common.delete')} ${env.name}`}
            >
              {t('common.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    });
  }

  return (
    <>
      {canWrite ? (
        <Space wrap style={{ marginBottom: 16 }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('env.new')}
          </Button>
          <Button icon={<ImportOutlined />} onClick={() => setIsImporting(true)}>
            {t('env.importTitle')}
          </Button>
        </Space>
      ) : null}
      <Table<Environment>
        rowKey="id"
        columns={columns}
        dataSource={environments.data ?? []}
        loading={environments.isPending}
        pagination={false}
        scroll={{ x: 960 }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={canWrite ? t('env.emptyWriter') : t('env.emptyReader')}
            />
          ),
        }}
      />
      {environments.data ? (
        <EnvironmentGlobalsPanel environments={environments.data} canWrite={canWrite} />
      ) : null}
      <EnvironmentFormModal
        open={editing !== null}
        moduleId={module.id}
        environment={editing === 'new' || editing === null ? undefined : editing}
        onClose={() => setEditing(null)}
      />
      <EnvironmentCopyModal environment={copying} modules={modules} onClose={() => setCopying(null)} />
      <EnvironmentImportModal
        open={isImporting}
        moduleId={module.id}
        projectId={module.projectId}
        spaceId={spaceId}
        onClose={() => setIsImporting(false)}
      />
    </>
  );
}
