import { useQuery } from '@tanstack/react-query';
import { Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { projectInfoQuery } from '../projects.queries.ts';
import { ProjectFormModal } from './project-form-modal.tsx';

/** Edits a project known only by id: loads its info (admins included), then shows the form. */
export function EditProjectModal({
  projectId,
  spaceId,
  onClose,
}: {
  projectId: string | null;
  spaceId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const info = useQuery({ ...projectInfoQuery(projectId ?? ''), enabled: projectId !== null, staleTime: 0 });
  if (projectId === null) return null;
  if (!info.data || info.data.id !== projectId) {
    return (
      <Modal open title={t('project.edit')} footer={null} onCancel={onClose}>
        {info.isError ? t('common.loadFailed') : <Skeleton active />}
      </Modal>
    );
  }
  return <ProjectFormModal open spaceId={spaceId} project={info.data} onClose={onClose} />;
}
