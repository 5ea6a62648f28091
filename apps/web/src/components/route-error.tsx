import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/**
 * Shown when a page fails to render or its code cannot be downloaded (typically after an upgrade replaced
 * the hashed files); reloading fetches the current build.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <Result status="404" title={t('common.notFoundTitle')} subTitle={t('common.notFoundText')} />;
  }
  console.error(error);
  return (
    <Result
      status="warning"
      title={t('common.loadFailed')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
