import {
  DeleteOutlined,
  DiffOutlined,
  PlusOutlined,
  ReadOutlined,
  StarFilled,
  StarOutlined,
} from '@ant-design/icons';
import type { Release } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Empty, Skeleton, Switch, Table, type TableProps, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '../components/button-link.tsx';
import { ErrorState } from '../components/error-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { usePermissions } from '../features/permissions/use-permissions.ts';
import { ChangeList } from '../features/releases/components/change-list.tsx';
import { ReleaseFormModal } from '../features/releases/components/release-form-modal.tsx';
import {
  compareQuery,
  releasesQuery,
  useFollowRelease,
  useRemoveRelease,
  useSetReleaseStatus,
} from '../features/releases/releases.queries.ts';
import { formatDateTime } from '../lib/format.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** What changed since one release: loaded when its row is expanded. */
function ChangesSince({ projectId, release }: { projectId: string; release: Release }) {
  const { t } = useTranslation();
  const changes = useQuery(compareQuery(projectId, release.id));
  if (changes.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (changes.isError) return <ErrorState onRetry={() => void changes.refetch()} />;
  return <ChangeList comparison={changes.data} emptyText={t('releases.noChanges')} />;
}

/**
 * `/project/release/{projectId}`: the project's releases, newest first. Readers see them and what changed
 * since each; those who write docs create releases (which freeze every doc as it is now), switch their status
 * and delete them (docs/releases.md).
 */
export function ProjectReleasePage() {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const projectId = useParams().projectId ?? '';
  const releases = useQuery(releasesQuery(projectId));
  const { canProject } = usePermissions();
  const canWrite = canProject(projectId, 'doc.write');
  const [isCreating, setIsCreating] = useState(false);
  const [expanded, setExpanded] = useState<string[]>([]);
  const setStatus = useSetReleaseStatus();
  const remove = useRemoveRelease();
  const follow = useFollowRelease();
  useDocumentTitle(t('releases.title'));

  const columns: TableProps<Release>['columns'] = [
    { title: t('releases.releaseNo'), dataIndex: 'releaseNo', key: 'releaseNo' },
    { title: t('releases.releaseDesc'), dataIndex: 'releaseDesc', key: 'releaseDesc' },
    { title: t('releases.docCount'), dataIndex: 'docCount', key: 'docCount', width: 90 },
    {
      title: t('releases.status'),
      key: 'status',
      width: 120,
      render: (_, row) => (
        <Switch
          checked={row.status === 1}
          disabled={!canWrite}
          checkedChildren={t('releases.valid')}
          unCheckedChildren={t('releases.invalid')}
          aria-label={`${t('releases.status')} ${row.releaseNo}`}
          onChange={(checked) => setStatus.mutate({ id: row.id, status: checked ? 1 : 0 })}
        />
      ),
    },
    { title: t('releases.creator'), dataIndex: 'creatorName', key: 'creatorName', width: 120 },
    {
      title: t('releases.createdAt'),
      key: 'gmtCreate',
      width: 180,
      render: (_, row) => formatDateTime(row.gmtCreate, i18n.language),
    },
    {
      title: t('releases.actions'),
      key: 'actions',
      width: 190,
      render: (_, row) => (
        <>
          {/* Followers hear when a doc of the release changes afterwards (docs/messages.md). */}
          <Tooltip title={t(row.isSubscribe ? 'releases.unfollow' : 'releases.follow')}>
            <Button
              type="text"
              icon={row.isSubscribe ? <StarFilled /> : <StarOutlined />}
              aria-label={`${t(row.isSubscribe ? 'releases.unfollow' : 'releases.follow')} ${row.releaseNo}`}
              aria-pressed={row.isSubscribe}
              loading={follow.isPending && follow.variables?.id === row.id}
              onClick={() =>
                follow.mutate(
                  { id: row.id, follow: !row.isSubscribe },
                  {
                    onSuccess: () =>
                      void message.success(
                        t(row.isSubscribe ? 'releases.unfollowed' : 'releases.followed', {
                          0: row.releaseNo,
                        }),
                      ),
                  },
                )
              }
            />
          </Tooltip>
          <Tooltip title={t('releases.read')}>
            <ButtonLink
              type="text"
              icon={<ReadOutlined />}
              aria-label={`${t('releases.read')} ${row.releaseNo}`}
              to={`/project/release/${encodeURIComponent(projectId)}/${encodeURIComponent(row.id)}`}
            />
          </Tooltip>
          <Tooltip title={t('releases.compareNow')}>
            <Button
              type="text"
              icon={<DiffOutlined />}
              aria-label={`${t('releases.compareNow')} ${row.releaseNo}`}
              onClick={() =>
                setExpanded((keys) =>
                  keys.includes(row.id) ? keys.filter((k) => k !== row.id) : [...keys, row.id],
                )
              }
            />
          </Tooltip>
          {canWrite ? (
            <Tooltip title={t('releases.remove')}>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${t('releases.remove')} ${row.releaseNo}`}
                onClick={() =>
                  modal.confirm({
                    title: t('releases.removeConfirm', { 0: row.releaseNo }),
                    okButtonProps: { danger: true },
                    okText: t('common.delete'),
                    onOk: () => remove.mutateAsync(row.id),
                  })
                }
              />
            </Tooltip>
          ) : null}
        </>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('releases.title')}
        extra={
          canWrite ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setIsCreating(true)}>
              {t('releases.create')}
            </Button>
          ) : null
        }
      />
      <Card>
        {releases.isPending ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : releases.isError ? (
          <ErrorState message={t('releases.loadFailed')} onRetry={() => void releases.refetch()} />
        ) : (
          <Table<Release>
            rowKey="id"
            columns={columns}
            dataSource={releases.data}
            pagination={false}
            locale={{ emptyText: <Empty description={t('releases.empty')} /> }}
            expandable={{
              expandedRowKeys: expanded,
              onExpandedRowsChange: (keys) => setExpanded(keys.map(String)),
              expandedRowRender: (row) => (
                <>
                  <h2 style={{ fontSize: 15 }}>{t('releases.sinceRelease', { 0: row.releaseNo })}</h2>
                  <ChangesSince projectId={projectId} release={row} />
                </>
              ),
            }}
          />
        )}
      </Card>
      <ReleaseFormModal
        projectId={projectId}
        open={isCreating}
        onClose={() => setIsCreating(false)}
        onCreated={(releaseNo) => {
          setIsCreating(false);
          void message.success(t('releases.created', { 0: releaseNo }));
        }}
      />
    </>
  );
}
