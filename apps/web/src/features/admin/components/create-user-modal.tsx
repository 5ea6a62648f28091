import { AdminUserCreateRequest, type InitialPassword } from '@quire/shared';
import { Alert, Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal.tsx';
import { useRevalidateOnLanguageChange, zodRule } from '../../../lib/form-rules.ts';
import { useCreateUser } from '../admin.queries.ts';

interface CreateValues {
  username: string;
  nickname: string;
  isSuperAdmin: boolean;
}

/**
 * "Create user": account, nickname, super-admin flag. The server answers an initial password, which the
 * caller shows once; the new user must replace it at the first login.
 */
export function CreateUserModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (password: InitialPassword) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CreateValues>();
  const mutation = useCreateUser();
  useRevalidateOnLanguageChange(form, mutation.reset);
  const fields = AdminUserCreateRequest.shape;
  return (
    <FormModal
      open={open}
      title={t('admin.createUser')}
      okText={t('common.create')}
      saving={mutation}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => mutation.reset()}
      keepOnMaskClick
    >
      <Form
        name="createUser"
        form={form}
        layout="vertical"
        initialValues={{ username: '', nickname: '', isSuperAdmin: false }}
        onFinish={(values) =>
          mutation.mutate(
            {
              username: values.username.trim(),
              nickname: values.nickname.trim(),
              isSuperAdmin: values.isSuperAdmin,
            },
            { onSuccess: onCreated },
          )
        }
      >
        <Form.Item
          name="username"
          label={t('user.loginAccount')}
          required
          extra={t('auth.usernameTip')}
          rules={[zodRule(fields.username, t)]}
        >
          <Input autoFocus autoComplete="off" />
        </Form.Item>
        <Form.Item name="nickname" label={t('user.nickname')} required rules={[zodRule(fields.nickname, t)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="isSuperAdmin" valuePropName="checked" extra={t('admin.superAdminHint')}>
          <Checkbox>{t('user.superAdmin')}</Checkbox>
        </Form.Item>
        <Alert type="info" showIcon title={t('admin.initialPasswordInfo')} />
      </Form>
    </FormModal>
  );
}
