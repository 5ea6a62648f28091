import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Progress, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error.ts';
import { jobQuery } from '../../imports/imports.queries.ts';
import { downloadExport, saveFile } from '../export.api.ts';

/** A file size for people: bytes, KB or MB. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * A large export's job: its progress while a worker writes the file, then the file, downloaded once by
 * itself and again on demand (the server keeps it a day, for this user only).
 */
export function ExportJobProgress({ jobId }: { jobId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const job = useQuery(jobQuery(jobId));
  const [error, setError] = useState('');
  const downloaded = useRef(false);
  const data = job.data;

  const download = async () => {
    setError('');
    try {
      const file = await downloadExport(jobId);
      saveFile(file);
      void message.success(t('exportUi.done', { 0: file.fileName }));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('common.requestError'));
    }
  };

  useEffect(() => {
    if (data?.status !== 'done' || downloaded.current) return;
    downloaded.current = true;
    void download();
  });

  if (!data) return <Progress percent={0} status="active" aria-label={t('exportUi.queued')} />;
  if (data.status === 'failed' || data.status === 'cancelled')
    return <Alert type="error" showIcon title={t('exportUi.failed', { 0: data.error ?? '' })} />;
  if (data.status === 'done' && data.file)
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert
          type="success"
          showIcon
          title={t('exportUi.ready', { 0: data.file.fileName, 1: sizeText(data.file.size) })}
          action={<Button onClick={() => void download()}>{t('exportUi.download')}</Button>}
        />
        {error ? <Alert type="error" showIcon title={error} /> : null}
      </Space>
    );
  const rendering = data.phase === 'render' && data.total > 0;
  const label =
    data.status === 'queued' || !data.phase || data.phase === 'read'
      ? t('exportUi.queued')
      : rendering
        ? t('exportUi.rendering', { 0: data.done, 1: data.total })
        : t('exportUi.saving');
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Progress
        percent={rendering ? Math.floor((data.done / data.total) * 100) : 0}
        status="active"
        aria-label={label}
      />
      <Typography.Text type="secondary">{label}</Typography.Text>
    </Space>
  );
}
