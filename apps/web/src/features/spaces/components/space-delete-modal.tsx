import { StorageKeys } from '@quire/shared';
import { useTranslation } from 'react-i18next';
import { TypeToConfirmModal } from '../../../components/type-to-confirm-modal.tsx';
import { toastSuccess } from '../../../lib/feedback.ts';
import { writeText } from '../../../lib/storage.ts';
import { useDeleteSpace } from '../spaces.queries.ts';

/** Deletes a space after its name is typed; a super admin can restore it from the trash for 30 days. */
export function SpaceDeleteModal({
  space,
  onClose,
  onDeleted,
}: {
  space: { id: string; name: string } | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const mutation = useDeleteSpace();
  return (
    <TypeToConfirmModal
      open={space !== null}
      title={t('space.deleteTitle', { 0: space?.name ?? '' })}
      warning={t('space.deleteWarning')}
      name={space?.name ?? ''}
      okText={t('common.delete')}
      isPending={mutation.isPending}
      error={mutation.error?.message}
      onCancel={() => {
        mutation.reset();
        onClose();
      }}
      onConfirm={() => {
        if (!space) return;
        mutation.mutate(space.id, {
          onSuccess: () => {
            writeText(StorageKeys.spaceId, null);
            toastSuccess(t('common.deleted'));
            onClose();
            onDeleted?.();
          },
        });
      }}
    />
  );
}
