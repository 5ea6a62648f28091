import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal.tsx';
import { useAddRelease } from '../releases.queries.ts';

interface Values {
  releaseNo: string;
  releaseDesc?: string;
  valid: boolean;
}

/** Creates a release of every doc of the project as it is now (the server freezes their revisions). */
export function ReleaseFormModal({
  projectId,
  open,
  onClose,
  onCreated,
}: {
  projectId: string;
  open: boolean;
  onClose: () => void;
  onCreated: (releaseNo: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const add = useAddRelease();
  const submit = async () => {
    const values = await form.validateFields();
    const release = await add.mutateAsync({
      projectId,
      releaseNo: values.releaseNo.trim(),
      releaseDesc: values.releaseDesc?.trim() ?? '',
      status: values.valid ? 1 : 0,
    });
    onCreated(release.releaseNo);
  };
  return (
    <FormModal
      open={open}
      title={t('releases.create')}
      okText={t('common.create')}
      saving={add}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        add.reset();
      }}
    >
      <Form form={form} layout="vertical" initialValues={{ valid: true }} onFinish={() => void submit()}>
        <Form.Item
          name="releaseNo"
          label={t('releases.releaseNo')}
          rules={[
            { required: true, whitespace: true, max: 20, message: t('validation.required_max', { 0: 20 }) },
          ]}
        >
          <Input autoFocus placeholder="1.0.0" maxLength={20} />
        </Form.Item>
        <Form.Item
          name="releaseDesc"
          label={t('releases.releaseDesc')}
          rules={[{ max: 200, message: t('validation.max', { 0: 200 }) }]}
        >
          <Input.TextArea rows={3} maxLength={200} />
        </Form.Item>
        <Form.Item name="valid" label={t('releases.valid')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
