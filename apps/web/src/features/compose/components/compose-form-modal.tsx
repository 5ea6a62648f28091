import type { ComposeProject } from '@quire/shared';
import { Form, Input, Modal, Radio } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/feedback.ts';
import { useComposeWrite } from '../compose.api.ts';

interface Values {
  name: string;
  description: string;
  type: 1 | 2;
  status: 0 | 1;
}

/** Creates or edits a composed project: name, description, public or encrypted, enabled or disabled. */
export function ComposeFormModal({
  spaceId,
  project,
  open,
  onClose,
}: {
  spaceId: string;
  project: ComposeProject | null;
  open: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const write = useComposeWrite();
  useEffect(() => {
    if (open)
      form.setFieldsValue({
        name: project?.name ?? '',
        description: project?.description ?? '',
        type: (project?.type as 1 | 2 | undefined) ?? 1,
        status: (project?.status as 0 | 1 | undefined) ?? 1,
      });
  }, [open, project, form]);

  const submit = async () => {
    const values = await form.validateFields();
    await write.mutateAsync(
      project
        ? { kind: 'projectUpdate', body: { id: project.id, ...values } }
        : { kind: 'projectAdd', body: { spaceId, ...values } },
    );
    toastSuccess(t('sharing.saved'));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={project ? t('compose.edit') : t('compose.create')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={write.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="name"
          label={t('compose.name')}
          rules={[
            { required: true, whitespace: true, max: 64, message: t('validation.required_max', { 0: 64 }) },
          ]}
        >
          <Input maxLength={64} autoFocus />
        </Form.Item>
        <Form.Item name="description" label={t('compose.description')} rules={[{ max: 255 }]}>
          <Input.TextArea maxLength={255} autoSize={{ minRows: 2 }} />
        </Form.Item>
        <Form.Item name="type" label={t('compose.type')}>
          <Radio.Group
            options={[
              { value: 1, label: t('sharing.typePublic') },
              { value: 2, label: t('sharing.typeEncrypted') },
            ]}
          />
        </Form.Item>
        <Form.Item name="status" label={t('compose.status')}>
          <Radio.Group
            options={[
              { value: 1, label: t('sharing.enabled') },
              { value: 0, label: t('sharing.disabled') },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
