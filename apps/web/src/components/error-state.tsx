import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A failed load with a Retry button; the toast already said what went wrong. */
export function ErrorState({ onRetry, message }: { onRetry: () => void; message?: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={message ?? t('common.loadFailed')}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
