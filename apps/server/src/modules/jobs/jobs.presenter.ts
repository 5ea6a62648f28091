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
    // An export's result is its file (modules/export/export-job.ts); every other kind answers import counts.
    result: job.result && job.kind !== 'export' ? (JSON.parse(job.result) as Job['result']) : null,
    file: job.result && job.kind === 'export' ? (JSON.parse(job.result) as Job['file']) : null,
    error,
    createTime: job.createdAt,
    finishTime: job.finishedAt ?? '',
  };
}
