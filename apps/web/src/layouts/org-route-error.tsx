import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRevalidator, useRouteError } from 'react-router';
import { ButtonLink } from '../components/button-link.tsx';
import { NoPermission } from '../components/no-permission.tsx';
import { ResultTitle } from '../components/result-title.tsx';
import { isApiError } from '../lib/api-error.ts';

/**
 * Shown in place of a space or project screen whose first call was refused: no permission (403), not
 * found or deleted (404), or a failed request, each with the server's words and a way forward.
 */
export function OrgRouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  if (isApiError(error) && error.status === 403) return <NoPermission />;
  if (isApiError(error) && error.status === 404) {
    return (
      <Result
        status="404"
        title={<ResultTitle>{t('perm.notFoundTitle')}</ResultTitle>}
        subTitle={error.message}
        extra={
          <ButtonLink type="primary" to="/dashboard">
            {t('common.backHome')}
          </ButtonLink>
        }
      />
    );
  }
  if (!isApiError(error)) console.error(error);
  return (
    <Result
      status="warning"
      title={<ResultTitle>{t('common.loadFailed')}</ResultTitle>}
      subTitle={isApiError(error) ? error.message : undefined}
      extra={
        <Button
          type="primary"
          loading={revalidator.state === 'loading'}
          onClick={() => void revalidator.revalidate()}
        >
          {t('common.retry')}
        </Button>
      }
    />
  );
}
