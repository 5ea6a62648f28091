import { LockOutlined, LoginOutlined, UserOutlined } from '@ant-design/icons';
import { isErrorCode, type LoginRequest as LoginBody, LoginRequest, UserStatus } from '@quire/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Divider, Form, Input, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useRevalidateOnLanguageChange, zodRule } from '../../../lib/form-rules.ts';
import type { TranslationKey } from '../../../lib/i18n.ts';
import { loadServerLanguage } from '../../../lib/language.ts';
import { sanitizeRedirect } from '../../../lib/safe-redirect.ts';
import { getStoredLanguage, setToken } from '../../../lib/storage.ts';
import { systemConfigQuery } from '../../system/system.queries.ts';
import { login } from '../auth.api.ts';
import styles from './auth-form.module.css';
import { FormHeading } from './form-heading.tsx';

interface LoginValues {
  username: string;
  password: string;
}

type Source = 'register' | 'ldap';

/**
 * Account login and, when the server has them on, directory (LDAP) login in a second tab and an OpenID
 * Connect button. Errors appear inline; success follows `redirect` or the first-login flow.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [form] = Form.useForm<LoginValues>();
  const [source, setSource] = useState<Source>('register');
  const { data: config } = useQuery(systemConfigQuery());
  const hasLdap = config?.loginSources.includes('ldap') ?? false;
  const hasOauth = config?.loginSources.includes('oauth') ?? false;
  const redirect = sanitizeRedirect(searchParams.get('redirect'));
  // A third-party login that failed comes back here with the failure's code.
  const oauthError = searchParams.get('oauthError');
  const oauthErrorText =
    oauthError && isErrorCode(oauthError) ? t(`errors.${oauthError}` as TranslationKey) : undefined;

  const mutation = useMutation({
    mutationFn: login,
    onSuccess: async ({ token, status }) => {
      setToken(token);
      // Without a language chosen on this browser, the account's own language now applies.
      if (!getStoredLanguage()) void loadServerLanguage();
      if (status === UserStatus.setPassword) await navigate('/setPassword', { replace: true });
      else await navigate(redirect, { replace: true });
    },
  });
  useRevalidateOnLanguageChange(form, mutation.reset);
  const isLdap = hasLdap && source === 'ldap';
  const errorText = mutation.error?.message ?? oauthErrorText;

  const body = (
    <>
      {errorText ? (
        <Alert type="error" showIcon title={errorText} className={styles.alert} role="alert" />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={(values) => {
          const request: LoginBody = { username: values.username.trim(), password: values.password };
          mutation.mutate(isLdap ? { ...request, source: 'ldap' } : request);
        }}
      >
        <Form.Item
          name="username"
          label={isLdap ? t('signin.ldapAccount') : t('auth.account')}
          required
          rules={[zodRule(LoginRequest.shape.username, t)]}
        >
          <Input
            prefix={<UserOutlined />}
            placeholder={isLdap ? t('signin.ldapAccountPlaceholder') : t('auth.accountPlaceholder')}
            autoComplete="username"
            autoFocus
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={isLdap ? t('signin.ldapPassword') : t('auth.password')}
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
    </>
  );

  return (
    <>
      <FormHeading title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')} />
      {hasLdap ? (
        // The form lives in the active tab's panel (ARIA tabs: a panel holds what its tab selects).
        <Tabs
          activeKey={source}
          centered
          destroyOnHidden
          onChange={(key) => {
            setSource(key as Source);
            mutation.reset();
          }}
          items={[
            { key: 'register', label: t('auth.accountLogin'), children: body },
            { key: 'ldap', label: t('auth.ldapLogin'), children: body },
          ]}
        />
      ) : (
        body
      )}
      {hasOauth && config ? (
        <>
          <Divider plain>{t('signin.orDivider')}</Divider>
          <Button
            block
            size="large"
            icon={<LoginOutlined />}
            href={`${config.oauthLoginUrl}?redirect=${encodeURIComponent(redirect)}`}
            className={styles.submit}
          >
            {config.oauthButtonText || t('signin.oauthDefaultButton')}
          </Button>
        </>
      ) : null}
      <div className={`${styles.footer} ${config?.enableReg ? '' : styles.footerCenter}`}>
        {config?.enableReg ? <Link to="/reg">{t('auth.signUp')}</Link> : null}
        <Link to="/findPassword">{t('auth.forgetPassword')}</Link>
      </div>
    </>
  );
}
