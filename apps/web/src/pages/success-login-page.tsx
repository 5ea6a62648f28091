import { useQuery } from '@tanstack/react-query';
import { Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ButtonLink } from '../components/button-link.tsx';
import { ResultTitle } from '../components/result-title.tsx';
import { loginKeyQuery } from '../features/auth/auth.queries.ts';
import { AuthLayout } from '../layouts/auth-layout.tsx';
import { sanitizeRedirect } from '../lib/safe-redirect.ts';
import { setToken } from '../lib/storage.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * `/successLogin?loginKey=`: the landing page of a third-party login. The one-time key is exchanged for a
 * token once (a query, so a re-render cannot spend the key twice); failures say so instead of `alert()`.
 */
export function SuccessLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const loginKey = searchParams.get('loginKey') ?? '';
  useDocumentTitle(t('auth.successLoginTitle'));

  const exchange = useQuery(loginKeyQuery(loginKey));

  useEffect(() => {
    if (!exchange.data) return;
    setToken(exchange.data);
    // Where the user was going before the provider's login page (a local path only).
    void navigate(sanitizeRedirect(searchParams.get('redirect')), { replace: true });
  }, [exchange.data, navigate, searchParams]);

  const hasFailed = loginKey.length === 0 || exchange.isError;
  return (
    <AuthLayout>
      {hasFailed ? (
        <Result
          status="error"
          title={<ResultTitle>{t('auth.successLoginFailed')}</ResultTitle>}
          subTitle={exchange.error?.message}
          extra={
            <ButtonLink type="primary" to="/login">
              {t('auth.backToLogin')}
            </ButtonLink>
          }
        />
      ) : (
        <Result
          icon={<Spin size="large" />}
          title={<ResultTitle>{t('auth.successLoginTitle')}</ResultTitle>}
        />
      )}
    </AuthLayout>
  );
}
