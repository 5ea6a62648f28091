import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useRevalidator } from 'react-router';
import { ErrorState } from '../components/error-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { RoleTag } from '../components/role-tag.tsx';
import { usePermissions } from '../features/permissions/use-permissions.ts';
import { SpaceDeleteModal } from '../features/spaces/components/space-delete-modal.tsx';
import { SpaceInternalAccess } from '../features/spaces/components/space-internal-access.tsx';
import { SpaceRenameModal } from '../features/spaces/components/space-rename-modal.tsx';
import { userLabel } from '../features/spaces/components/user-search-select.tsx';
import { spaceInfoQuery } from '../features/spaces/spaces.queries.ts';
import { formatDateTime } from '../lib/format.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * `/space/info/{spaceId}`: the space's name, kind, admins, creator; rename and delete for its admins; the
 * internal network access switch for super admins.
 */
export function SpaceInfoPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const spaceId = useParams().spaceId ?? '';
  const space = useQuery(spaceInfoQuery(spaceId));
  const { canSpace, isSuperAdmin } = usePermissions();
  const [isRenaming, setIsRenaming] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  useDocumentTitle(t('layout.spaceInfo'));

  if (space.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (space.isError) return <ErrorState message={space.error.message} onRetry={() => void space.refetch()} />;
  const info = space.data;
  const canRename = canSpace(spaceId, 'space.update');
  const canDelete = canSpace(spaceId, 'space.delete');

  return (
    <>
      <PageHeader title={t('layout.spaceInfo')} />
      <Card>
        <Descriptions column={1} bordered size="middle" styles={{ label: { width: 180 } }}>
          <Descriptions.Item label={t('space.name')}>
            <Space wrap>
              <Typography.Text strong>{info.name}</Typography.Text>
              {canRename ? (
                <Button size="small" icon={<EditOutlined />} onClick={() => setIsRenaming(true)}>
                  {t('space.rename')}
                </Button>
              ) : null}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('space.kind')}>
            {info.isCompose ? (
              <Tag color="blue">{t('space.kindCompose')}</Tag>
            ) : (
              <Tag>{t('space.kindNormal')}</Tag>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('space.admins')}>
            {info.leaders.length > 0 ? info.leaders.map(userLabel).join(' / ') : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('dashboard.creator')}>{info.creatorName || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('dashboard.createTime')}>
            {formatDateTime(info.createTime, i18n.language)}
          </Descriptions.Item>
          <Descriptions.Item label={t('perm.myRole')}>
            <RoleTag role={info.roleCode} />
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {/* Answered to super admins only (the server leaves the field out for everyone else). */}
      {isSuperAdmin && info.internalAccess !== undefined ? (
        <SpaceInternalAccess spaceId={spaceId} enabled={info.internalAccess} />
      ) : null}
      {canDelete ? (
        <Card title={t('common.dangerZone')} style={{ marginTop: 16 }}>
          <Space orientation="vertical">
            <Typography.Text type="secondary">{t('space.deleteWarning')}</Typography.Text>
            <Button danger icon={<DeleteOutlined />} onClick={() => setIsDeleting(true)}>
              {t('space.delete')}
            </Button>
          </Space>
        </Card>
      ) : null}
      <SpaceRenameModal
        space={isRenaming ? info : null}
        onClose={() => setIsRenaming(false)}
        onRenamed={() => void revalidator.revalidate()}
      />
      <SpaceDeleteModal
        space={isDeleting ? info : null}
        onClose={() => setIsDeleting(false)}
        onDeleted={() => navigate('/dashboard', { replace: true })}
      />
    </>
  );
}
