import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { LoginRequest, UserStatus } from '@quire/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useRevalidateOnLanguageChange, zodRule } from '../../../lib/form-rules.ts';
import { loadServerLanguage } from '../../../lib/language.ts';
import { sanitizeRedirect } from '../../../lib/safe-redirect.ts';
import { getStoredLanguage, setToken } from '../../../lib/storage.ts';
import { viewConfigQuery } from '../../system/system.queries.ts';
import { login } from '../auth.api.ts';
import styles from './auth-form.module.css';
import { FormHeading } from './form-heading.tsx';

interface LoginValues {
  username: string;
  password: string;
}

/** Account login: errors appear inline; success follows `redirect` or the first-login flow. */
export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [form] = Form.useForm<LoginValues>();
  const { data: viewConfig } = useQuery(viewConfigQuery());

  const mutation = useMutation({
    mutationFn: login,
    onSuccess: async ({ token, status }) => {
      setToken(token);
      // Without a language chosen on this browser, the account's own language now applies.
      if (!getStoredLanguage()) void loadServerLanguage();
      if (status === UserStatus.setPassword) await navigate('/setPassword', { replace: true });
      else await navigate(sanitizeRedirect(searchParams.get('redirect')), { replace: true });
    },
  });
  useRevalidateOnLanguageChange(form, mutation.reset);

  return (
    <>
      <FormHeading title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')} />
      {mutation.error ? (
        <Alert type="error" showIcon title={mutation.error.message} className={styles.alert} role="alert" />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={(values) =>
          mutation.mutate({ username: values.username.trim(), password: values.password })
        }
      >
        <Form.Item
          name="username"
          label={t('auth.account')}
          required
          rules={[zodRule(LoginRequest.shape.username, t)]}
        >
          <Input
            prefix={<UserOutlined />}
            placeholder={t('auth.accountPlaceholder')}
            autoComplete="username"
            autoFocus
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('auth.password')}
          required
          rules={[zodRule(LoginRequest.shape.password, t)]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('auth.passwordPlaceholder')}
            autoComplete="current-password"
          />
        </Form.Item>
        <Form.Item className={styles.submit}>
          <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
            {t('auth.login')}
          </Button>
        </Form.Item>
      </Form>
      <div className={`${styles.footer} ${viewConfig?.enableReg ? '' : styles.footerCenter}`}>
        {viewConfig?.enableReg ? <Link to="/reg">{t('auth.signUp')}</Link> : null}
        <Link to="/findPassword">{t('auth.forgetPassword')}</Link>
      </div>
    </>
  );
}
