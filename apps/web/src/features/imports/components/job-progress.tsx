import type { Job } from '@quire/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Collapse, Progress, Skeleton, Space, Statistic, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateAfterJob, isActive, jobQuery } from '../imports.queries.ts';

/** The progress of a running job: a bar of operations done of the total. */
export function JobProgressBar({ job }: { job: Job }) {
  const { t } = useTranslation();
  const { done, total } = job.progress;
  const percent = total > 0 ? Math.floor((done / total) * 100) : 0;
  // Every operation converted: the docs are being written in one transaction, which has no steps to count.
  const writing = job.status === 'running' && total > 0 && done >= total;
  const label =
    job.status === 'queued'
      ? t('imports.queued')
      : writing
        ? t('imports.writing', { 0: total })
        : t('imports.synchronizing');
  return (
    <div role="status" aria-live="polite">
      <Typography.Text strong>{label}</Typography.Text>
      <Progress
        percent={percent}
        status="active"
        aria-label={t('imports.synchronizing')}
        format={() => (total > 0 ? t('imports.progress', { 0: done, 1: total }) : '')}
      />
    </div>
  );
}

/** What a finished import changed, with its warnings and the docs it removed. */
export function JobResultView({ job }: { job: Job }) {
  const { t } = useTranslation();
  if (job.status === 'failed')
    return (
      <Alert type="error" showIcon role="alert" title={t('imports.failed')} description={job.error ?? ''} />
    );
  const result = job.result;
  if (!result) return null;
  const stats = [
    ['added', result.added],
    ['updated', result.updated],
    ['removed', result.removed],
    ['unchanged', result.unchanged],
    ['warnings', result.warnings.length],
  ] as const;
  const panels = [];
  if (result.warnings.length)
    panels.push({
      key: 'warnings',
      label: `${t('imports.warnings')} (${result.warnings.length})`,
      children: (
        <ul style={{ margin: 0, paddingLeft: 18, maxHeight: 240, overflow: 'auto' }}>
          {result.warnings.map((line) => (
            <li key={line}>
              <Typography.Text>{line}</Typography.Text>
            </li>
          ))}
        </ul>
      ),
    });
  if (result.removedDocs.length)
    panels.push({
      key: 'removed',
      label: `${t('imports.removedDocs')} (${result.removed})`,
      children: (
        <ul style={{ margin: 0, paddingLeft: 18, maxHeight: 240, overflow: 'auto' }}>
          {result.removedDocs.map((doc) => (
            <li key={doc.id}>
              <Typography.Text code>{`${doc.httpMethod} ${doc.url}`}</Typography.Text> {doc.name}
            </li>
          ))}
        </ul>
      ),
    });
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Alert type="success" showIcon title={t('imports.done')} />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24 }}>
        {stats.map(([key, value]) => (
          <Statistic key={key} title={t(`imports.${key}`)} value={value} />
        ))}
      </div>
      {panels.length ? <Collapse size="small" items={panels} /> : null}
    </Space>
  );
}

/** A job followed to its end: progress while it runs, then the result or the failure. */
export function JobProgress({ jobId, onFinished }: { jobId: string; onFinished?: (job: Job) => void }) {
  const queryClient = useQueryClient();
  const job = useQuery(jobQuery(jobId));
  const finished = job.data && !isActive(job.data) ? job.data : null;
  useEffect(() => {
    if (!finished) return;
    invalidateAfterJob(queryClient, finished.moduleId);
    onFinished?.(finished);
  }, [finished, queryClient, onFinished]);
  if (!job.data) return <Skeleton active paragraph={{ rows: 2 }} />;
  return isActive(job.data) ? <JobProgressBar job={job.data} /> : <JobResultView job={job.data} />;
}
