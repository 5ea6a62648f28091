import { LockOutlined } from '@ant-design/icons';
import { FirstPasswordRequest } from '@quire/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { sameAsRule, useRevalidateOnLanguageChange, zodRule } from '../../../lib/form-rules.ts';
import { setFirstPassword } from '../auth.api.ts';
import { useLogout } from '../use-logout.ts';
import styles from './auth-form.module.css';

interface SetPasswordValues {
  password: string;
  confirm: string;
}

/** First login: the initial password is replaced before anything else can be done. */
export function SetPasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const [form] = Form.useForm<SetPasswordValues>();
  const passwordRule = zodRule(FirstPasswordRequest.shape.password, t);

  const mutation = useMutation({
    mutationFn: setFirstPassword,
    onSuccess: () => navigate('/dashboard', { replace: true }),
  });
  useRevalidateOnLanguageChange(form, mutation.reset);

  return (
    <>
      <Alert type="info" showIcon title={t('auth.setPasswordTip')} className={styles.alert} />
      {mutation.error ? (
        <Alert type="error" showIcon title={mutation.error.message} className={styles.alert} role="alert" />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={({ password }) => mutation.mutate({ password })}
      >
        <Form.Item name="password" label={t('auth.newPassword')} required rules={[passwordRule]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('auth.confirmPassword')}
          dependencies={['password']}
          required
          rules={[passwordRule, sameAsRule('password', t)]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Form.Item className={styles.submit}>
          <Button type="primary" htmlType="submit" block size="large" loading={mutation.isPending}>
            {t('auth.setPasswordSubmit')}
          </Button>
        </Form.Item>
      </Form>
      <div className={`${styles.footer} ${styles.footerCenter}`}>
        {/* Going back means leaving this session: with the token kept, every page would send the user here again. */}
        <Button type="link" onClick={() => void logout()}>
          {t('auth.backToLogin')}
        </Button>
      </div>
    </>
  );
}
