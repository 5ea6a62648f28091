import { Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error.ts';

/** Asks for a folder name (new folder or rename) and runs `onSubmit`; a refusal is shown under the field. */
export function FolderNameModal({
  open,
  title,
  initialName = '',
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  initialName?: string;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const [isSaving, setIsSaving] = useState(false);
  useEffect(() => {
    if (open) form.setFieldsValue({ name: initialName });
  }, [open, initialName, form]);

  const submit = async () => {
    const { name } = await form.validateFields();
    setIsSaving(true);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch (error) {
      form.setFields([
        { name: 'name', errors: [isApiError(error) ? error.message : t('common.requestError')] },
      ]);
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      onOk={() => void submit()}
      onCancel={onClose}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={isSaving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          name="name"
          label={t('doc.folderName')}
          rules={[
            { required: true, whitespace: true, max: 128, message: t('validation.required_max', { 0: 128 }) },
          ]}
        >
          <Input autoFocus maxLength={128} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
