import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/button-link.tsx';
import { ResultTitle } from '../components/result-title.tsx';
import { AuthLayout } from '../layouts/auth-layout.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** `/404`, where unknown paths are sent. */
export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('common.notFoundTitle'));
  return (
    <AuthLayout wide>
      <Result
        status="404"
        title={<ResultTitle>{t('common.notFoundTitle')}</ResultTitle>}
        subTitle={t('common.notFoundText')}
        extra={
          <ButtonLink type="primary" to="/">
            {t('common.backHome')}
          </ButtonLink>
        }
      />
    </AuthLayout>
  );
}
