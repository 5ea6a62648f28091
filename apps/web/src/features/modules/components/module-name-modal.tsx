import { type Module, ModuleAddRequest } from '@quire/shared';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal.tsx';
import { toastSuccess } from '../../../lib/feedback.ts';
import { useRevalidateOnLanguageChange, zodRule } from '../../../lib/form-rules.ts';
import { useAddModule, useUpdateModule } from '../modules.queries.ts';

/** Creates an application in a project, or renames one; a refused name is shown in the dialog. */
export function ModuleNameModal({
  open,
  projectId,
  module,
  onClose,
  onCreated,
}: {
  open: boolean;
  projectId: string;
  /** The application to rename; absent to create one. */
  module?: Module;
  onClose: () => void;
  onCreated?: (module: Module) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const add = useAddModule();
  const update = useUpdateModule();
  const mutation = module ? update : add;
  useRevalidateOnLanguageChange(form, mutation.reset);

  const handleFinish = ({ name }: { name: string }) => {
    if (module) {
      update.mutate(
        { id: module.id, name: name.trim() },
        {
          onSuccess: () => {
            toastSuccess(t('common.saved'));
            onClose();
          },
        },
      );
    } else {
      add.mutate(
        { projectId, name: name.trim() },
        {
          onSuccess: (created) => {
            toastSuccess(t('module.created'));
            onCreated?.(created);
            onClose();
          },
        },
      );
    }
  };

  return (
    <FormModal
      open={open}
      title={module ? t('module.rename') : t('module.new')}
      okText={module ? t('common.save') : t('common.create')}
      saving={mutation}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => {
        add.reset();
        update.reset();
      }}
    >
      <Form
        name="application"
        form={form}
        layout="vertical"
        initialValues={{ name: module?.name ?? '' }}
        onFinish={handleFinish}
      >
        <Form.Item
          name="name"
          label={t('module.name')}
          required
          extra={module ? undefined : t('module.nameHint')}
          rules={[zodRule(ModuleAddRequest.shape.name, t)]}
        >
          <Input autoFocus />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
