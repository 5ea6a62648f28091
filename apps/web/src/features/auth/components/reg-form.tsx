import { LockOutlined, SmileOutlined, UserOutlined } from '@ant-design/icons';
import { RegRequest } from '@quire/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toastSuccess } from '../../../lib/feedback.ts';
import { sameAsRule, useRevalidateOnLanguageChange, zodRule } from '../../../lib/form-rules.ts';
import { register } from '../auth.api.ts';
import styles from './auth-form.module.css';

interface RegValues {
  username: string;
  nickname: string;
  password: string;
  confirm: string;
}

/** Self-registration, validated with the same `RegRequest` schema the server applies. */
export function RegForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegValues>();
  const fields = RegRequest.shape;

  const mutation = useMutation({
    mutationFn: register,
    onSuccess: async () => {
      toastSuccess(t('auth.regSuccess'));
      await navigate('/login');
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
        onFinish={({ username, nickname, password }) => mutation.mutate({ username, nickname, password })}
      >
        <Form.Item
          name="username"
          label={t('auth.username')}
          extra={t('auth.usernameTip')}
          required
          rules={[zodRule(fields.username, t)]}
        >
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item name="nickname" label={t('auth.nickname')} required rules={[zodRule(fields.nickname, t)]}>
          <Input prefix={<SmileOutlined />} autoComplete="nickname" />
        </Form.Item>
        <Form.Item name="password" label={t('auth.password')} required rules={[zodRule(fields.password, t)]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('auth.confirmPassword')}
          dependencies={['password']}
          required
          rules={[zodRule(fields.password, t), sameAsRule('password', t)]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Form.Item className={styles.submit}>
          <Button type="primary" htmlType="submit" block size="large" loading={mutation.isPending}>
            {t('auth.register')}
          </Button>
        </Form.Item>
      </Form>
      <div className={`${styles.footer} ${styles.footerCenter}`}>
        <Link to="/login">{t('auth.haveAccount')}</Link>
      </div>
    </>
  );
}
