import type { Job } from '@quire/shared';
import { translate } from '../../http/lang.ts';
import type { JobRow } from './jobs.repository.ts';

/** The job kind of imports from Torna (modules/torna-import/torna-import-job.ts). */
const TORNA_JOB = 'torna-import';
/** Kinds whose result is not an import's counts. */
const OTHER_RESULTS = new Set(['export', TORNA_JOB]);

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
    // An export's result is its file (modules/export/export-job.ts), a Torna import's its report
    // (modules/torna-import/torna-import-job.ts); every other kind answers import counts.
    result: job.result && !OTHER_RESULTS.has(job.kind) ? (JSON.parse(job.result) as Job['result']) : null,
    file: job.result && job.kind === 'export' ? (JSON.parse(job.result) as Job['file']) : null,
    ...(job.kind === TORNA_JOB
      ? { torna: job.result ? (JSON.parse(job.result) as Job['torna']) : null }
      : {}),
    error,
    createTime: job.createdAt,
    finishTime: job.finishedAt ?? '',
  };
}
