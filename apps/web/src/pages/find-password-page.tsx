import { LockOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/button-link.tsx';
import { ResultTitle } from '../components/result-title.tsx';
import { AuthLayout } from '../layouts/auth-layout.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** `/findPassword` and `/resetPassword`: Quire sends no emails, so a super admin resets passwords. */
export function FindPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.askAdminTitle'));
  return (
    <AuthLayout>
      <Result
        icon={<LockOutlined style={{ color: '#2f54eb' }} />}
        title={<ResultTitle>{t('auth.askAdminTitle')}</ResultTitle>}
        subTitle={t('auth.forgetPasswordTip')}
        extra={
          <ButtonLink type="primary" to="/login">
            {t('auth.backToLogin')}
          </ButtonLink>
        }
      />
    </AuthLayout>
  );
}
