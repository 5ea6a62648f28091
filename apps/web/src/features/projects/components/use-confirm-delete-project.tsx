import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/feedback.ts';
import { useDeleteProject } from '../projects.queries.ts';

/** Asks before deleting a project (restorable by a super admin for 30 days), then deletes it. */
export function useConfirmDeleteProject() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const mutation = useDeleteProject();
  return (project: { id: string; name: string }, onDeleted?: () => void) => {
    modal.confirm({
      title: t('project.deleteTitle', { 0: project.name }),
      content: t('project.deleteWarning'),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        mutation.mutateAsync(project.id).then(
          () => {
            toastSuccess(t('common.deleted'));
            onDeleted?.();
          },
          // The API client has shown the refusal; keep the dialog's spinner from hanging.
          () => undefined,
        ),
    });
  };
}
