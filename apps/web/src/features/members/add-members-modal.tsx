import type { Role } from '@quire/shared';
import { Alert, Form, Modal, Radio } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoleOptions } from '../../components/role-tag.tsx';

interface AddValues {
  userIds: string[];
  roleCode: Role;
}

/**
 * Adds people with one role. `picker` is the user field: a server search for spaces, the space's members for
 * projects. Both fields are required; a refusal is shown in the dialog.
 */
export function AddMembersModal({
  open,
  title,
  picker,
  isPending,
  error,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  picker: ReactNode;
  isPending: boolean;
  error?: string | null;
  onSubmit: (values: AddValues) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AddValues>();
  const roleOptions = useRoleOptions();
  return (
    <Modal
      open={open}
      title={title}
      okText={t('member.add')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: isPending }}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} /> : null}
      <Form
        name="addMembers"
        form={form}
        layout="vertical"
        initialValues={{ userIds: [], roleCode: 'dev' }}
        onFinish={onSubmit}
      >
        <Form.Item
          name="userIds"
          label={t('member.users')}
          rules={[{ required: true, type: 'array', min: 1, message: t('member.chooseUsers') }]}
        >
          {picker}
        </Form.Item>
        <Form.Item
          name="roleCode"
          label={t('member.role')}
          rules={[{ required: true, message: t('member.chooseRole') }]}
        >
          <Radio.Group options={roleOptions} optionType="button" />
        </Form.Item>
        <Alert type="info" showIcon title={t('member.roleHelp')} />
      </Form>
    </Modal>
  );
}
