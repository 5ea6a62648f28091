import { Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { LanguageSelect } from '../../../components/language-select.tsx';
import { isApiError } from '../../../lib/api-error.ts';

/** Whether a visitor call was refused for want of the password. */
export function needsPassword(error: unknown): boolean {
  return isApiError(error, 'share.password_required');
}

/**
 * A refused visitor page: unknown, disabled, expired ("Document not found" for composed projects) with the
 * server's own message; anything else offers a retry.
 */
export function VisitorError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const { t } = useTranslation();
  if (isApiError(error) && error.status >= 400 && error.status < 500)
    return (
      <div style={{ paddingTop: '10vh' }}>
        <div style={{ position: 'absolute', top: 12, right: 16 }}>
          <LanguageSelect />
        </div>
        <Result
          status={error.status === 404 ? '404' : 'warning'}
          title={error.message}
          subTitle={t('sharing.unavailableTitle')}
        />
      </div>
    );
  return <ErrorState onRetry={onRetry} />;
}

export function VisitorLoading() {
  return (
    <div style={{ padding: 24 }}>
      <Skeleton active paragraph={{ rows: 10 }} />
    </div>
  );
}
