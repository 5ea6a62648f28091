import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../components/page-header.tsx';
import { usePermissions } from '../features/permissions/use-permissions.ts';
import { EditProjectModal } from '../features/projects/components/edit-project-modal.tsx';
import { ProjectFormModal } from '../features/projects/components/project-form-modal.tsx';
import { ProjectList } from '../features/projects/components/project-list.tsx';
import { useConfirmDeleteProject } from '../features/projects/components/use-confirm-delete-project.tsx';
import { spaceInfoQuery } from '../features/spaces/spaces.queries.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** `/space/project/{spaceId}`: the space's projects as cards, with New Project for space devs and admins. */
export function SpaceProjectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const spaceId = useParams().spaceId ?? '';
  const space = useQuery(spaceInfoQuery(spaceId));
  const { canSpace } = usePermissions();
  const canCreate = canSpace(spaceId, 'space.project.create');
  const [isCreating, setIsCreating] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const confirmDelete = useConfirmDeleteProject();
  useDocumentTitle(space.data ? `${t('layout.projects')} · ${space.data.name}` : t('layout.projects'));

  // A composed space holds composed projects only: its list lives on the compose page.
  if (space.data?.isCompose) return <Navigate to={`/space/compose/${encodeURIComponent(spaceId)}`} replace />;

  return (
    <>
      <PageHeader
        title={t('layout.projects')}
        description={space.data?.name}
        extra={
          canCreate ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setIsCreating(true)}>
              {t('project.new')}
            </Button>
          ) : null
        }
      />
      <ProjectList
        spaceId={spaceId}
        canCreate={canCreate}
        onCreate={() => setIsCreating(true)}
        onEdit={(project) => setEditingId(project.id)}
        onDelete={(project) => confirmDelete(project)}
      />
      <ProjectFormModal
        open={isCreating}
        spaceId={spaceId}
        onClose={() => setIsCreating(false)}
        onSaved={(project) => {
          if (project) navigate(`/project/doc/${encodeURIComponent(project.id)}`);
        }}
      />
      <EditProjectModal projectId={editingId} spaceId={spaceId} onClose={() => setEditingId(null)} />
    </>
  );
}
