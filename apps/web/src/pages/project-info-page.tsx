import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useRevalidator } from 'react-router';
import { ErrorState } from '../components/error-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { RoleTag } from '../components/role-tag.tsx';
import { ProjectFollowButton } from '../features/messages/components/project-follow-button.tsx';
import { usePermissions } from '../features/permissions/use-permissions.ts';
import { ProjectFormModal } from '../features/projects/components/project-form-modal.tsx';
import { VisibilityTag } from '../features/projects/components/project-list.tsx';
import { useConfirmDeleteProject } from '../features/projects/components/use-confirm-delete-project.tsx';
import { projectInfoQuery } from '../features/projects/projects.queries.ts';
import { userLabel } from '../features/spaces/components/user-search-select.tsx';
import { WebhookPanel } from '../features/webhooks/components/webhook-panel.tsx';
import { formatDateTime } from '../lib/format.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** `/project/info/{projectId}`: the project's details and follow button; edit, delete and webhooks for its admins. */
export function ProjectInfoPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const projectId = useParams().projectId ?? '';
  const project = useQuery(projectInfoQuery(projectId));
  const { canProject } = usePermissions();
  const [isEditing, setIsEditing] = useState(false);
  const confirmDelete = useConfirmDeleteProject();
  useDocumentTitle(
    project.data ? `${t('layout.projectInfo')} · ${project.data.name}` : t('layout.projectInfo'),
  );

  if (project.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (project.isError) return <ErrorState onRetry={() => void project.refetch()} />;
  const info = project.data;
  const canEdit = canProject(projectId, 'project.update');
  const canDelete = canProject(projectId, 'project.delete');

  return (
    <>
      <PageHeader
        title={t('layout.projectInfo')}
        extra={
          <Space wrap>
            <ProjectFollowButton projectId={projectId} />
            {canEdit || canDelete ? (
              <>
                {canEdit ? (
                  <Button icon={<EditOutlined />} onClick={() => setIsEditing(true)}>
                    {t('project.edit')}
                  </Button>
                ) : null}
                {canDelete ? (
                  <Button
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() =>
                      confirmDelete(info, () =>
                        navigate(`/space/project/${encodeURIComponent(info.spaceId)}`, { replace: true }),
                      )
                    }
                  >
                    {t('project.delete')}
                  </Button>
                ) : null}
              </>
            ) : null}
          </Space>
        }
      />
      <Card>
        <Descriptions column={1} bordered size="middle" styles={{ label: { width: 180 } }}>
          <Descriptions.Item label={t('project.space')}>
            <Link to={`/space/project/${encodeURIComponent(info.spaceId)}`}>{info.spaceName}</Link>
          </Descriptions.Item>
          <Descriptions.Item label={t('project.name')}>{info.name}</Descriptions.Item>
          <Descriptions.Item label={t('project.description')}>
            <span style={{ whiteSpace: 'pre-wrap' }}>{info.description || '—'}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('project.admins')}>
            {info.admins.length > 0 ? info.admins.map(userLabel).join(' / ') : t('project.noAdmins')}
          </Descriptions.Item>
          <Descriptions.Item label={t('project.visibility')}>
            <Space wrap>
              <VisibilityTag isPrivate={info.isPrivate} />
              <span>{info.isPrivate ? t('project.privateHint') : t('project.publicHint')}</span>
            </Space>
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
      {canEdit ? (
        <Card title={t('webhook.title')} style={{ marginTop: 16 }}>
          <WebhookPanel scope={{ projectId }} />
        </Card>
      ) : null}
      {isEditing ? (
        <ProjectFormModal
          open
          spaceId={info.spaceId}
          project={info}
          onClose={() => setIsEditing(false)}
          onSaved={() => void revalidator.revalidate()}
        />
      ) : null}
    </>
  );
}
