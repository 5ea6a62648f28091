import { PasswordUpdateRequest } from '@quire/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastSuccess } from '../../../lib/feedback.ts';
import { sameAsRule, useRevalidateOnLanguageChange, zodRule } from '../../../lib/form-rules.ts';
import { removeToken } from '../../../lib/storage.ts';
import { updatePassword } from '../auth.api.ts';
import styles from './auth-form.module.css';

interface UpdatePasswordValues {
  oldPassword: string;
  password: string;
  confirm: string;
}

/** Changes the password; the server revokes every session, so the user logs in again with the new one. */
export function UpdatePasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<UpdatePasswordValues>();
  const fields = PasswordUpdateRequest.shape;

  const mutation = useMutation({
    mutationFn: updatePassword,
    onSuccess: async () => {
      toastSuccess(t('auth.passwordUpdated'));
      removeToken();
      // Leave first: clearing the cache while the layout is mounted would refetch its queries without a token.
      await navigate('/login', { replace: true });
      queryClient.clear();
    },
  });
  useRevalidateOnLanguageChange(form, mutation.reset);

  return (
    <>
      {mutation.error ? (
        <Alert type="error" showIcon title={mutation.error.message} className={styles.alert} role="alert" />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        style={{ maxWidth: 420 }}
        onFinish={({ oldPassword, password }) => mutation.mutate({ oldPassword, password })}
      >
        <Form.Item
          name="oldPassword"
          label={t('auth.oldPassword')}
          required
          rules={[zodRule(fields.oldPassword, t)]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('auth.newPassword')}
          extra={t('auth.passwordRules')}
          required
          rules={[zodRule(fields.password, t)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('auth.confirmPassword')}
          dependencies={['password']}
          required
          rules={[zodRule(fields.password, t), sameAsRule('password', t)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            {t('auth.updatePasswordSubmit')}
          </Button>
        </Form.Item>
      </Form>
    </>
  );
}
