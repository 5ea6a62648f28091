import type { Job } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Popconfirm, Progress, Skeleton, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isActive, jobQuery, useCancelJob } from '../../imports/imports.queries.ts';
import { TornaReport } from './torna-report.tsx';

/** What a running Torna job does: reading Torna, importing a table (its name), or saving. */
function phaseText(t: TFunction, job: Job): string {
  if (job.status === 'queued') return t('jobs.phaseQueued');
  if (job.phase === 'read' || job.phase === '') return t('tornaUi.phaseRead');
  if (job.phase === 'commit') return t('tornaUi.phaseCommit');
  return t('tornaUi.phaseTable', { 0: job.phase });
}

/** A running dry run or import: the step, rows handled of all rows read, and a cancel button. */
function TornaProgress({ job }: { job: Job }) {
  const { t } = useTranslation();
  const cancel = useCancelJob();
  const counted = job.total > 0;
  const percent = counted ? Math.min(100, Math.floor((job.done / job.total) * 100)) : 0;
  const label = phaseText(t, job);
  return (
    <div role="status" aria-live="polite" data-testid="torna-progress">
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
        format={() => (counted ? t('jobs.count', { 0: job.done, 1: job.total }) : '')}
      />
    </div>
  );
}

/** A Torna job followed to its end: progress, then the report, the failure (in the reader's language) or the cancel. */
export function TornaJob({ jobId, onFinished }: { jobId: string; onFinished?: (job: Job) => void }) {
  const { t } = useTranslation();
  const job = useQuery(jobQuery(jobId));
  const finished = job.data && !isActive(job.data) ? job.data : null;
  useEffect(() => {
    if (finished) onFinished?.(finished);
  }, [finished, onFinished]);
  if (job.isError) return <Alert type="error" showIcon role="alert" title={job.error.message} />;
  if (!job.data) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (isActive(job.data)) return <TornaProgress job={job.data} />;
  if (job.data.status === 'cancelled') return <Alert type="info" showIcon title={t('jobs.cancelled')} />;
  if (job.data.status === 'failed')
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={t('tornaUi.failed')}
        description={job.data.error ?? ''}
      />
    );
  return job.data.torna ? <TornaReport report={job.data.torna} /> : null;
}
