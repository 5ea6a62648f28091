import type { ExportFormat, RecentExport } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Progress, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { downloadExport, saveFile } from '../export.api.ts';
import { recentExportsQuery } from '../export.queries.ts';
import { sizeText } from './export-job-progress.tsx';

/** Format names as their makers write them, the same in every language. */
const FORMAT_NAMES: Record<ExportFormat, string> = {
  markdown: 'Markdown',
  html: 'HTML',
  word: 'Word',
  openapi: 'OpenAPI',
  postman: 'Postman',
};

/** One export: its file and download once written, its progress while it runs, its reason once it failed. */
function RecentExportRow({ item, onDownload }: { item: RecentExport; onDownload: (id: string) => void }) {
  const { t, i18n } = useTranslation();
  const asked = [
    item.format ? FORMAT_NAMES[item.format] : '',
    item.style === 'perDoc' ? t('exportUi.recentPerDoc') : '',
  ]
    .filter(Boolean)
    .join(', ');
  const name = item.fileName ?? asked;
  const started = t('exportUi.recentStarted', { 0: formatDateTime(item.createdAt, i18n.language) });
  let state: React.ReactNode;
  if (item.status === 'done' && item.downloadUrl) {
    state = (
      <Flex align="center" gap={8} wrap>
        <Typography.Text type="secondary">
          {t('exportUi.recentKept', {
            0: sizeText(item.size ?? 0),
            1: formatDateTime(item.expiresAt ?? '', i18n.language),
          })}
        </Typography.Text>
        <Button
          size="small"
          onClick={() => onDownload(item.id)}
          aria-label={`${t('exportUi.download')} ${name}`}
        >
          {t('exportUi.download')}
        </Button>
      </Flex>
    );
  } else if (item.status === 'failed') {
    state = <Typography.Text type="danger">{t('exportUi.failed', { 0: item.error ?? '' })}</Typography.Text>;
  } else if (item.status === 'cancelled') {
    state = <Typography.Text type="secondary">{t('exportUi.recentCancelled')}</Typography.Text>;
  } else {
    const rendering = item.phase === 'render' && item.total > 0;
    const label =
      item.status === 'queued' || !item.phase || item.phase === 'read'
        ? t('exportUi.queued')
        : rendering
          ? t('exportUi.rendering', { 0: item.done, 1: item.total })
          : t('exportUi.saving');
    state = (
      <>
        <Progress
          size="small"
          percent={rendering ? Math.floor((item.done / item.total) * 100) : 0}
          status="active"
          aria-label={label}
        />
        <Typography.Text type="secondary">{label}</Typography.Text>
      </>
    );
  }
  return (
    <li>
      <Flex vertical gap={2}>
        <Flex justify="space-between" gap={8} wrap>
          <Typography.Text strong>{name}</Typography.Text>
          <Typography.Text type="secondary">{started}</Typography.Text>
        </Flex>
        {state}
      </Flex>
    </li>
  );
}

/**
 * The caller's exports of this application that ran as jobs in the last day (the server keeps their files
 * for their requester that long): each with its download once written, progress while it runs (the list is
 * polled meanwhile), or why it failed.
 */
export function RecentExports({ moduleId }: { moduleId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const recent = useQuery(recentExportsQuery(moduleId));
  const [error, setError] = useState('');

  const download = async (id: string) => {
    setError('');
    try {
      const file = await downloadExport(id);
      saveFile(file);
      void message.success(t('exportUi.done', { 0: file.fileName }));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('common.requestError'));
    }
  };

  return (
    <section aria-labelledby="recent-exports-title">
      <Typography.Title level={5} id="recent-exports-title">
        {t('exportUi.recentTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('exportUi.recentHint')}</Typography.Paragraph>
      {recent.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      ) : recent.isError ? (
        <Typography.Text type="danger">{t('exportUi.recentError')}</Typography.Text>
      ) : recent.data.length === 0 ? (
        <Typography.Text type="secondary">{t('exportUi.recentEmpty')}</Typography.Text>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
          {recent.data.map((item) => (
            <RecentExportRow key={item.id} item={item} onDownload={(id) => void download(id)} />
          ))}
        </ul>
      )}
      {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 8 }} /> : null}
    </section>
  );
}
