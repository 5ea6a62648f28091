import { SpaceUpdateRequest } from '@quire/shared';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal.tsx';
import { toastSuccess } from '../../../lib/feedback.ts';
import { useRevalidateOnLanguageChange, zodRule } from '../../../lib/form-rules.ts';
import { useUpdateSpace } from '../spaces.queries.ts';

/** Renames a space; a refused name (taken, too long) is shown in the dialog. */
export function SpaceRenameModal({
  space,
  onClose,
  onRenamed,
}: {
  space: { id: string; name: string } | null;
  onClose: () => void;
  onRenamed?: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const mutation = useUpdateSpace();
  useRevalidateOnLanguageChange(form, mutation.reset);

  return (
    <FormModal
      open={space !== null}
      title={t('space.rename')}
      okText={t('common.save')}
      saving={mutation}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => mutation.reset()}
    >
      <Form
        name="renameSpace"
        form={form}
        layout="vertical"
        initialValues={{ name: space?.name ?? '' }}
        onFinish={({ name }) => {
          if (!space) return;
          mutation.mutate(
            { id: space.id, name: name.trim() },
            {
              onSuccess: () => {
                toastSuccess(t('common.saved'));
                onRenamed?.();
                onClose();
              },
            },
          );
        }}
      >
        <Form.Item
          name="name"
          label={t('space.name')}
          required
          rules={[zodRule(SpaceUpdateRequest.shape.name, t)]}
        >
          <Input autoFocus />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
