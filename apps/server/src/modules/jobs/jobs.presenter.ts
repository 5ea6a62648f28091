import type { Job } from '@quire/shared';
import { translate } from '../../http/lang.ts';
import type { JobRow } from './jobs.repository.ts';

/** A job as callers see it: the failure reason in the caller's language, progress as phase, done, total. */
export function presentJob(job: JobRow, lang: string): Job {
  let error: string | null = null;
  if (job.error) {
    try {
      const parsed = JSON.parse(job.error) as { key: string; args: string[] };
      error = translate(lang, 'errors', parsed.key, parsed.args);
    } catch {
      error = translate(lang, 'errors', 'import.failed');
    }
  }
  return {
    id: job.id,
    kind: job.kind,
    moduleId: job.moduleId,
    status: job.status as Job['status'],
    phase: job.status === 'running' ? job.phase : '',
    done: job.progressDone,
    total: job.progressTotal,
    progress: { done: job.progressDone, total: job.progressTotal },
    result: job.result ? (JSON.parse(job.result) as Job['result']) : null,
    error,
    createTime: job.createdAt,
    finishTime: job.finishedAt ?? '',
  };
}
