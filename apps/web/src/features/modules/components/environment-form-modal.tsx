import { type Environment, EnvironmentAddRequest } from '@quire/shared';
import { Form, Input, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal.tsx';
import { toastSuccess } from '../../../lib/feedback.ts';
import { useRevalidateOnLanguageChange, zodRule } from '../../../lib/form-rules.ts';
import { useAddEnvironment, useUpdateEnvironment } from '../modules.queries.ts';

interface EnvironmentValues {
  name: string;
  baseUrl: string;
  isPublic: boolean;
  orderIndex?: number | null;
}

/** Base URLs are stored trimmed and without trailing slashes; the form shows what will be saved. */
export function normalizeBaseUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

/** Adds an environment to an application or edits one: name, base URL, public flag and order. */
export function EnvironmentFormModal({
  open,
  moduleId,
  environment,
  onClose,
}: {
  open: boolean;
  moduleId: string;
  environment?: Environment;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EnvironmentValues>();
  const add = useAddEnvironment();
  const update = useUpdateEnvironment();
  const mutation = environment ? update : add;
  useRevalidateOnLanguageChange(form, mutation.reset);
  const fields = EnvironmentAddRequest.shape;

  const handleFinish = (values: EnvironmentValues) => {
    const body = {
      name: values.name.trim(),
      baseUrl: normalizeBaseUrl(values.baseUrl),
      isPublic: values.isPublic,
      orderIndex: values.orderIndex ?? undefined,
    };
    const done = () => {
      toastSuccess(environment ? t('common.saved') : t('env.added'));
      onClose();
    };
    if (environment) update.mutate({ id: environment.id, ...body }, { onSuccess: done });
    else add.mutate({ moduleId, ...body }, { onSuccess: done });
  };

  return (
    <FormModal
      open={open}
      title={environment ? t('env.edit') : t('env.new')}
      okText={environment ? t('common.save') : t('common.create')}
      saving={mutation}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => {
        add.reset();
        update.reset();
      }}
    >
      <Form
        name="environment"
        form={form}
        layout="vertical"
        initialValues={{
          name: environment?.name ?? '',
          baseUrl: environment?.baseUrl ?? '',
          isPublic: environment?.isPublic ?? false,
          orderIndex: environment?.orderIndex,
        }}
        onFinish={handleFinish}
      >
        <Form.Item name="name" label={t('env.name')} required rules={[zodRule(fields.name, t)]}>
          <Input autoFocus placeholder={t('env.namePlaceholder')} />
        </Form.Item>
        <Form.Item
          name="baseUrl"
          label={t('env.baseUrl')}
          required
          extra={t('env.baseUrlHint')}
          rules={[zodRule(fields.baseUrl, t)]}
        >
          <Input placeholder="https://api.example.com/v1" inputMode="url" />
        </Form.Item>
        <Form.Item
          name="isPublic"
          label={t('env.isPublic')}
          extra={t('env.isPublicHint')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        <Form.Item name="orderIndex" label={t('env.orderIndex')} extra={t('env.orderIndexHint')}>
          <InputNumber min={0} max={1_000_000_000} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
