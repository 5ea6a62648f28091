import {
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  ReloadOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import type { ComposeProject } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Drawer, Space, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorState } from '../components/error-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { ComposeDocsTab } from '../features/compose/components/compose-docs-tab.tsx';
import { ComposeFormModal } from '../features/compose/components/compose-form-modal.tsx';
import { ComposePagesTab } from '../features/compose/components/compose-pages-tab.tsx';
import { ComposeSettingsTab } from '../features/compose/components/compose-settings-tab.tsx';
import { listComposeProjects, useComposeWrite } from '../features/compose/compose.api.ts';
import { composeKeys } from '../features/compose/compose.queries.ts';
import { usePermissions } from '../features/permissions/use-permissions.ts';
import { spaceInfoQuery } from '../features/spaces/spaces.queries.ts';
import { copyText } from '../lib/clipboard.ts';
import { formatDateTime } from '../lib/format.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { DrawerTitle } from '../components/drawer-title.tsx';

/**
 * `/space/compose/{spaceId}`: the composed projects of a composed space. Space devs and admins create them,
 * pick docs from any project they may read, arrange folders, set a gateway and global params, add pages,
 * and hand out the `/show/{id}` link (with the password of an encrypted one).
 */
export function SpaceComposePage() {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const spaceId = useParams().spaceId ?? '';
  const space = useQuery(spaceInfoQuery(spaceId));
  const { canSpace } = usePermissions();
  const canManage = canSpace(spaceId, 'space.project.create');
  const projects = useQuery({
    queryKey: composeKeys.list(spaceId),
    queryFn: ({ signal }) => listComposeProjects(spaceId, { signal, silent: true }),
  });
  const write = useComposeWrite();
  const [form, setForm] = useState<{ project: ComposeProject | null } | null>(null);
  const [managing, setManaging] = useState<ComposeProject | null>(null);
  useDocumentTitle(t('layout.composedProjects'));

  const confirm = (content: string, run: () => Promise<unknown>) =>
    modal.confirm({
      content,
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => run().catch(() => undefined),
    });

  return (
    <>
      <PageHeader
        title={t('layout.composedProjects')}
        description={space.data?.name}
        extra={
          canManage ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ project: null })}>
              {t('compose.create')}
            </Button>
          ) : null
        }
      />
      <Card>
        {projects.isError ? (
          <ErrorState onRetry={() => void projects.refetch()} />
        ) : (
          <Table<ComposeProject>
            rowKey="id"
            loading={projects.isPending}
            dataSource={projects.data ?? []}
            pagination={false}
            scroll={{ x: 800 }}
            locale={{ emptyText: t('compose.empty') }}
            columns={[
              {
                title: t('compose.name'),
                key: 'name',
                render: (_, p) => (
                  <span>
                    <Typography.Link href={`/show/${p.id}`} target="_blank" rel="noopener">
                      {p.name}
                    </Typography.Link>
                    <Tooltip title={t('sharing.copyLink')}>
                      <Button
                        size="small"
                        type="text"
                        aria-label={t('sharing.copyLink')}
                        icon={<CopyOutlined />}
                        onClick={() => void copyText(`${window.location.origin}/show/${p.id}`)}
                      />
                    </Tooltip>
                    {p.description ? (
                      <>
                        <br />
                        <Typography.Text type="secondary">{p.description}</Typography.Text>
                      </>
                    ) : null}
                  </span>
                ),
              },
              {
                title: t('compose.type'),
                key: 'type',
                render: (_, p) =>
                  p.type === 2 ? (
                    <Space size={4} wrap>
                      <Tag color="gold">{t('sharing.typeEncrypted')}</Tag>
                      {p.password ? (
                        <Typography.Text code copyable>
                          {p.password}
                        </Typography.Text>
                      ) : null}
                      {canManage ? (
                        <Tooltip title={t('sharing.regenerate')}>
                          <Button
                            size="small"
                            type="text"
                            aria-label={t('sharing.regenerate')}
                            icon={<ReloadOutlined />}
                            onClick={() =>
                              confirm(t('sharing.regenerateConfirm'), () =>
                                write.mutateAsync({ kind: 'regenerate', id: p.id }),
                              )
                            }
                          />
                        </Tooltip>
                      ) : null}
                    </Space>
                  ) : (
                    <Tag color="green">{t('sharing.typePublic')}</Tag>
                  ),
              },
              {
                title: t('compose.status'),
                key: 'status',
                render: (_, p) =>
                  p.status === 1 ? (
                    <Tag color="blue">{t('sharing.enabled')}</Tag>
                  ) : (
                    <Tag>{t('sharing.disabled')}</Tag>
                  ),
              },
              {
                title: t('sharing.createdBy'),
                key: 'creator',
                render: (_, p) => (
                  <span>
                    {p.creatorName}
                    <br />
                    <Typography.Text type="secondary">
                      {formatDateTime(p.gmtCreate, i18n.language)}
                    </Typography.Text>
                  </span>
                ),
              },
              {
                title: t('sharing.actions'),
                key: 'actions',
                render: (_, p) => (
                  <Space size={4} wrap>
                    <Button size="small" icon={<SettingOutlined />} onClick={() => setManaging(p)}>
                      {t('compose.manage')}
                    </Button>
                    {canManage ? (
                      <>
                        <Button size="small" icon={<EditOutlined />} onClick={() => setForm({ project: p })}>
                          {t('common.edit')}
                        </Button>
                        <Button
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          onClick={() =>
                            confirm(t('compose.deleteConfirm'), () =>
                              write.mutateAsync({ kind: 'projectDelete', id: p.id }),
                            )
                          }
                        >
                          {t('common.delete')}
                        </Button>
                      </>
                    ) : null}
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Card>
      <ComposeFormModal
        spaceId={spaceId}
        project={form?.project ?? null}
        open={form !== null}
        onClose={() => setForm(null)}
      />
      <Drawer
        open={managing !== null}
        title={<DrawerTitle>{managing?.name}</DrawerTitle>}
        width={960}
        onClose={() => setManaging(null)}
        destroyOnHidden
      >
        {managing ? (
          <Tabs
            destroyOnHidden
            items={[
              {
                key: 'docs',
                label: t('compose.docsTab'),
                children: <ComposeDocsTab projectId={managing.id} canManage={canManage} />,
              },
              {
                key: 'settings',
                label: t('compose.settingsTab'),
                children: <ComposeSettingsTab projectId={managing.id} canManage={canManage} />,
              },
              {
                key: 'pages',
                label: t('compose.pagesTab'),
                children: <ComposePagesTab projectId={managing.id} canManage={canManage} />,
              },
            ]}
          />
        ) : null}
      </Drawer>
    </>
  );
}
