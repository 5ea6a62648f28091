import { type Environment, EnvironmentCopyRequest, type Module } from '@quire/shared';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal.tsx';
import { toastSuccess } from '../../../lib/feedback.ts';
import { useRevalidateOnLanguageChange, zodRule } from '../../../lib/form-rules.ts';
import { useCopyEnvironment } from '../modules.queries.ts';

/** Copies an environment under a new name into this or another application of the project. */
export function EnvironmentCopyModal({
  environment,
  modules,
  onClose,
}: {
  environment: Environment | null;
  modules: Module[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; destModuleId: string }>();
  const mutation = useCopyEnvironment();
  useRevalidateOnLanguageChange(form, mutation.reset);
  return (
    <FormModal
      open={environment !== null}
      title={t('env.copyTitle', { 0: environment?.name ?? '' })}
      okText={t('env.copy')}
      saving={mutation}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => mutation.reset()}
    >
      <Form
        name="environmentCopy"
        form={form}
        layout="vertical"
        initialValues={{
          name: environment ? t('env.copyName', { 0: environment.name }) : '',
          destModuleId: environment?.moduleId,
        }}
        onFinish={({ name, destModuleId }) => {
          if (!environment) return;
          mutation.mutate(
            { fromEnvId: environment.id, destModuleId, name: name.trim() },
            {
              onSuccess: () => {
                toastSuccess(t('env.copied'));
                onClose();
              },
            },
          );
        }}
      >
        <Form.Item
          name="name"
          label={t('env.name')}
          required
          rules={[zodRule(EnvironmentCopyRequest.shape.name, t)]}
        >
          <Input autoFocus />
        </Form.Item>
        <Form.Item name="destModuleId" label={t('env.copyTo')}>
          <Select options={modules.map((module) => ({ value: module.id, label: module.name }))} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
