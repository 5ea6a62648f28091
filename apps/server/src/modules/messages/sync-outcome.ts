import { BUILTIN_LANGS, isErrorCode } from '@quire/shared';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { translate } from '../../http/lang.ts';
import { nowIso } from '../../lib/clock.ts';
import type { JobHandler, JobOutcome } from '../jobs/job-runner.ts';
import { queueChange, signalChange } from './change-events.ts';
import { findUserName } from './notify.repository.ts';

/** What a failed sync needs to say who failed where. */
interface FailedSync {
  moduleId: string;
  actorId: string;
  author: string;
  source: 'push' | 'import';
}

/**
 * Tells the application's admins that a push or an import failed, with the reason in each built-in language
 * (rendered now: the reason's words may come from the door that refused the call). Never throws: the caller is
 * already answering a failure.
 */
export async function queueFailure(
  db: Db,
  sync: FailedSync,
  reasonIn: (lang: string) => string,
): Promise<void> {
  const texts: Record<string, string> = {};
  for (const { lang } of BUILTIN_LANGS) texts[lang] = reasonIn(lang);
  try {
    await queueChange(db, {
      kind: 'failure',
      moduleId: sync.moduleId,
      actorId: sync.actorId,
      actorName: sync.author,
      via: sync.source,
      reason: { texts },
      at: nowIso(),
    });
    signalChange();
  } catch {
    // The application may be gone (its rows cascade); nobody is left to tell.
  }
}

/** A sync that rolled back: an expected refusal names its reason, anything else the generic one. */
export function queueSyncFailure(db: Db, sync: FailedSync, error: unknown): Promise<void> {
  return queueFailure(db, sync, (lang) =>
    error instanceof AppError && isErrorCode(error.code)
      ? translate(lang, 'errors', error.code, error.args)
      : translate(lang, 'errors', 'internal'),
  );
}

/** Attempts the job runner gives a job (modules/jobs/job-runner.ts): a throw before the last is retried. */
const IMPORT_ATTEMPTS = 3;

/**
 * Wraps the import job handler so the application's admins hear of an import that failed for good: a refusal
 * (bad source, unreachable URL) at once, a crash once its last attempt is spent. Success is told by the sync.
 */
export function notifyImportFailures(db: Db, handler: JobHandler): JobHandler {
  return async (job, progress, ctx) => {
    const tell = async (reasonIn: (lang: string) => string) => {
      const author = await findUserName(db, job.createdBy);
      await queueFailure(
        db,
        { moduleId: job.moduleId, actorId: job.createdBy, author, source: 'import' },
        reasonIn,
      );
    };
    let outcome: JobOutcome;
    try {
      outcome = await handler(job, progress, ctx);
    } catch (error) {
      if (job.attempts >= IMPORT_ATTEMPTS) await tell((lang) => translate(lang, 'errors', 'import.failed'));
      throw error;
    }
    if (!outcome.ok) {
      const { key, args } = outcome;
      await tell((lang) => translate(lang, 'errors', key, args));
    }
    return outcome;
  };
}
