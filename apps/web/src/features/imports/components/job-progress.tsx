import type { Job } from '@quire/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Collapse, Popconfirm, Progress, Skeleton, Space, Statistic, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateAfterJob, isActive, jobQuery, useCancelJob } from '../imports.queries.ts';

const PHASE_LABEL: Record<string, `jobs.${string}`> = {
  fetch: 'jobs.phaseFetch',
  parse: 'jobs.phaseParse',
  convert: 'jobs.phaseConvert',
  write: 'jobs.phaseWrite',
  commit: 'jobs.phaseCommit',
};

/** What a job is doing, in the reader's language: its phase, or waiting. */
function phaseLabel(t: TFunction, job: Job): string {
  if (job.status === 'queued') return t('jobs.phaseQueued');
  const key = PHASE_LABEL[job.phase];
  return key ? t(key as 'jobs.phaseConvert') : t('imports.synchronizing');
}

/**
 * The progress of a running job: its phase, a bar of done of total in that phase (no count while a phase has
 * none, such as reading the file), and a cancel button.
 */
export function JobProgressBar({ job }: { job: Job }) {
  const { t } = useTranslation();
  const cancel = useCancelJob();
  const { done, total } = job;
  const counted = total > 0;
  const percent = counted ? Math.min(100, Math.floor((done / total) * 100)) : 0;
  const label = phaseLabel(t, job);
  return (
    <div role="status" aria-live="polite">
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
        <Typography.Text strong>{label}</Typography.Text>
        {job.phase === 'commit' ? null : (
          <Popconfirm
            title={t('jobs.cancelConfirm')}
            okText={t('jobs.cancel')}
            cancelText={t('common.cancel')}
            onConfirm={() => cancel.mutateAsync(job.id)}
          >
            <Button size="small" danger loading={cancel.isPending}>
              {t('jobs.cancel')}
            </Button>
          </Popconfirm>
        )}
      </div>
      <Progress
        percent={percent}
        status="active"
        aria-label={label}
        aria-valuenow={percent}
        format={() => (counted ? t('jobs.count', { 0: done, 1: total }) : '')}
      />
    </div>
  );
}

/** What a finished import changed, with its warnings and the docs it removed. */
export function JobResultView({ job }: { job: Job }) {
  const { t } = useTranslation();
  if (job.status === 'cancelled') return <Alert type="info" showIcon title={t('jobs.cancelled')} />;
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
