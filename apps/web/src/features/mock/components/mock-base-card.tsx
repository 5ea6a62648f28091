import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/clipboard.ts';
import { toastSuccess } from '../../../lib/feedback.ts';
import { mockBaseQuery } from '../mock.api.ts';
import { absoluteMockUrl } from '../mock-url.ts';

const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13 };

/** A read-only URL with a copy button. */
export function CopyableUrl({ url, label, testId }: { url: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input readOnly value={url} aria-label={label} style={MONO} data-testid={testId} />
      <Button
        onClick={() =>
          void copyText(url).then((copied) => {
            if (copied) toastSuccess(t('mock.copied'));
          })
        }
      >
        {t('mock.copy')}
      </Button>
    </Space.Compact>
  );
}

/** The application settings' Mock card: the application's own mock base URL, what answers under it. */
export function MockBaseCard({ moduleId }: { moduleId: string }) {
  const { t } = useTranslation();
  const base = useQuery(mockBaseQuery(moduleId));
  return (
    <Card size="small" title={t('mock.baseTitle')} style={{ maxWidth: 720, marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">{t('mock.baseHelp')}</Typography.Paragraph>
      {base.isPending ? (
        <Skeleton.Input active block />
      ) : base.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('mock.baseLoadFailed')}
          action={
            <Button size="small" onClick={() => void base.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : (
        <CopyableUrl
          url={absoluteMockUrl(base.data.mockBaseUrl)}
          label={t('mock.baseTitle')}
          testId="mock-base-url"
        />
      )}
    </Card>
  );
}
