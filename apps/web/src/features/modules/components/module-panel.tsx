import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { Module } from '@quire/shared';
import { App, Button, Space, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MOBILE_QUERY } from '../../../layouts/breakpoints.ts';
import { toastSuccess } from '../../../lib/feedback.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { ConstantsPanel } from '../../docs/components/constants-panel.tsx';
import { DictionaryPanel } from '../../docs/components/dictionary-panel.tsx';
import { DocTreePanel } from '../../docs/components/doc-tree-panel.tsx';
import { ErrorCodesPanel } from '../../docs/components/error-codes-panel.tsx';
import { usePermissions } from '../../permissions/use-permissions.ts';
import { SharePanel } from '../../sharing/components/share-panel.tsx';
import { WebhookPanel } from '../../webhooks/components/webhook-panel.tsx';
import { useDeleteModule } from '../modules.queries.ts';
import { EnvironmentPanel } from './environment-panel.tsx';
import { ModuleSettingsPanel } from './module-settings-form.tsx';

/** The tabs of an application, in Torna's order. */
export const MODULE_TABS = [
  'docs',
  'dictionary',
  'errorCode',
  'settings',
  'share',
  'constants',
  'environment',
  'webhooks',
] as const;
export type ModuleTab = (typeof MODULE_TABS)[number];

/** A tab name from the URL, or the first tab. */
export function resolveModuleTab(value: string | null): ModuleTab {
  return MODULE_TABS.find((tab) => tab === value) ?? 'docs';
}

/**
 * One application: its name with rename and delete, then tabs for API docs, dictionaries, error codes, module
 * settings, shares, constants, environments and webhooks.
 */
export function ModulePanel({
  module,
  modules,
  spaceId,
  tab,
  onTabChange,
  onRename,
  onDeleted,
}: {
  module: Module;
  modules: Module[];
  spaceId: string;
  tab: ModuleTab;
  onTabChange: (tab: ModuleTab) => void;
  onRename: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const { canProject } = usePermissions();
  const projectId = module.projectId;
  const remove = useDeleteModule();
  const canSeeSettings = canProject(projectId, 'module.setting.read');

  const confirmDelete = () =>
    modal.confirm({
      title: t('module.deleteTitle', { 0: module.name }),
      content: t('module.deleteWarning'),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove.mutateAsync(module.id).then(
          () => {
            toastSuccess(t('common.deleted'));
            onDeleted();
          },
          () => undefined,
        ),
    });

  const items = [
    {
      key: 'docs',
      label: t('module.tabs.docs'),
      children: <DocTreePanel moduleId={module.id} canWrite={canProject(projectId, 'doc.write')} />,
    },
    {
      key: 'dictionary',
      label: t('module.tabs.dictionary'),
      children: (
        <DictionaryPanel
          moduleId={module.id}
          canWrite={canProject(projectId, 'enum.write')}
          canDelete={canProject(projectId, 'enum.delete')}
        />
      ),
    },
    {
      key: 'errorCode',
      label: t('module.tabs.errorCode'),
      children: (
        <ErrorCodesPanel scope="module" id={module.id} canWrite={canProject(projectId, 'constant.manage')} />
      ),
    },
    ...(canSeeSettings
      ? [
          {
            key: 'settings',
            label: t('module.tabs.settings'),
            children: (
              <ModuleSettingsPanel
                moduleId={module.id}
                canUpdate={canProject(projectId, 'module.setting.update')}
                canToken={canProject(projectId, 'module.token')}
              />
            ),
          },
        ]
      : []),
    ...(canProject(projectId, 'share.manage')
      ? [
          {
            key: 'share',
            label: t('sharing.tab'),
            children: <SharePanel moduleId={module.id} projectId={projectId} />,
          },
        ]
      : []),
    {
      key: 'constants',
      label: t('module.tabs.constants'),
      children: (
        <ConstantsPanel scope="module" id={module.id} canWrite={canProject(projectId, 'constant.manage')} />
      ),
    },
    ...(canProject(projectId, 'module.setting.update')
      ? [
          {
            key: 'webhooks',
            label: t('webhook.title'),
            children: <WebhookPanel scope={{ moduleId: module.id }} />,
          },
        ]
      : []),
    {
      key: 'environment',
      label: t('module.tabs.environment'),
      children: (
        <EnvironmentPanel
          module={module}
          modules={modules}
          spaceId={spaceId}
          canWrite={canProject(projectId, 'environment.write')}
        />
      ),
    },
  ];
  const activeKey = items.some((item) => item.key === tab) ? tab : 'docs';

  return (
    <section aria-label={module.name}>
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginBottom: 12 }}>
        <Typography.Title level={2} style={{ flex: '1 1 200px', minWidth: 0, margin: 0, fontSize: 17 }}>
          {module.name}
        </Typography.Title>
        <Space wrap>
          {canProject(projectId, 'module.update') ? (
            <Button icon={<EditOutlined />} onClick={onRename}>
              {t('module.rename')}
            </Button>
          ) : null}
          {canProject(projectId, 'module.delete') ? (
            <Button danger icon={<DeleteOutlined />} onClick={confirmDelete}>
              {t('module.delete')}
            </Button>
          ) : null}
        </Space>
      </div>
      <Tabs
        tabPlacement={isMobile ? 'top' : 'start'}
        activeKey={activeKey}
        onChange={(key) => onTabChange(resolveModuleTab(key))}
        items={items}
        destroyOnHidden
      />
    </section>
  );
}
