import type { TornaImportReport as WebReport, TornaImportRequest } from '@quire/shared';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../../http/access.ts';
import { nowIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { secretBoxOf } from '../../lib/secret-box.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  JobCancelledError,
  type JobKind,
  type JobOutcome,
  type ProgressReporter,
} from '../jobs/job-kinds.ts';
import { insertJob } from '../jobs/jobs.service.ts';
import { countQuireRows } from './torna-import.repository.ts';
import { importTorna, QUIRE_TABLES } from './torna-import.service.ts';
import type { ImportRun } from './torna-run.ts';
import { maskedUrl, TornaSourceError } from './torna-source.repository.ts';

/**
 * Backend management › Import from Torna: `quire import-torna` as a job the super admin starts from the web
 * (docs/torna-import.md). A dry run is a job too: on a large Torna it reads and converts for as long as the
 * import, longer than a request should wait. The job's row carries the URL and the salt sealed with the
 * server's secret box (lib/secret-box.ts), never in plain text; the runner drops the source once the job ends.
 */

export const TORNA_JOB = 'torna-import';

/** What a Torna job carries in `jobs.source`. */
interface TornaJobSource {
  /** The URL, sealed. */
  url: string;
  /** The salt, sealed ('' = none given). */
  salt: string;
  dryRun: boolean;
  /** The URL with its password masked, for messages. */
  masked: string;
}

/** Queues a dry run or an import of a Torna database; answers the job to follow with `GET /api/job/get`. */
export async function startTornaImport(
  c: Caller,
  deps: { secretKey: string | undefined; kick: () => void },
  input: TornaImportRequest,
  dryRun: boolean,
): Promise<{ jobId: string }> {
  const box = await secretBoxOf(c.db, deps.secretKey);
  const source: TornaJobSource = {
    url: box.seal(input.url),
    salt: input.salt ? box.seal(input.salt) : '',
    dryRun,
    masked: maskedUrl(input.url),
  };
  const id = newId();
  const now = nowIso();
  await c.db.transaction().execute(async (trx) => {
    await insertJob(trx, {
      id,
      kind: TORNA_JOB,
      // Not an application's job: readable and cancellable by super admins only (jobs.service.ts).
      moduleId: null,
      status: 'queued',
      progressDone: 0,
      progressTotal: 0,
      result: null,
      error: null,
      source: JSON.stringify(source),
      attempts: 0,
      lockedBy: null,
      lockedUntil: null,
      createdBy: c.actor.user.id,
      createdAt: now,
      startedAt: null,
      finishedAt: null,
    });
    if (!dryRun)
      await recordAudit(trx, c.actor.user.id, 'torna.import', { type: 'job', id }, { from: source.masked });
  });
  deps.kick();
  return { jobId: id };
}

/** Rows a run handled so far in a table's report (added, updated, deleted, unchanged or left out). */
function handled(report: ImportRun['reports'] extends Map<string, infer R> ? R : never): number {
  const left = report.left.reduce((sum, reason) => sum + reason.count, 0);
  return report.added + report.updated + report.deleted + report.unchanged + left;
}

/**
 * Reports a run's progress: rows handled of all rows read, in the table it works on (the phase). The run calls
 * it as each step begins and at each breath between batches (torna-run.ts `breathe`), which on SQLite are the
 * only moments the process is free to answer the page anyway.
 */
function watchRun(progress: ProgressReporter): (run: ImportRun) => void {
  return (run) => {
    const total = [...run.snapshot.counts.values()].reduce((a, b) => a + b, 0);
    const tick = () => {
      let done = 0;
      for (const report of run.reports.values()) done += Math.min(handled(report), report.torna);
      progress(Math.min(done, total), total, run.phase || 'read');
    };
    run.onProgress = tick;
    tick();
  };
}

/** The job kind (registered in torna-admin.routes.ts). */
export function tornaJobKind(db: Db, secretKey: string | undefined): JobKind {
  return {
    kind: TORNA_JOB,
    perform: async (job, progress, ctx): Promise<JobOutcome> => {
      const source = JSON.parse(job.source ?? '{}') as Partial<TornaJobSource>;
      const box = await secretBoxOf(db, secretKey);
      const url = box.open(source.url ?? '');
      const salt = box.open(source.salt ?? '');
      if (!url || salt === null) return { ok: false, key: 'torna.sealed', args: [] };
      progress(0, 0, 'read');
      // SQLite has one connection: the progress so far must land before the import's transaction holds it.
      await ctx.flush();
      const started = Date.now();
      const quireBefore = Object.fromEntries(await countQuireRows(db, [...QUIRE_TABLES]));
      try {
        const report = await importTorna(db, {
          from: url,
          dryRun: source.dryRun === true,
          ...(salt ? { salt } : {}),
          secretKey,
          signal: ctx.signal,
          onRun: watchRun(progress),
          beforeCommit: async (trx) => {
            progress(0, 0, 'commit');
            await ctx.claimCommit(trx);
          },
        });
        const result: WebReport = {
          ...report,
          quireBefore,
          source: source.masked ?? maskedUrl(url),
          elapsedMs: Date.now() - started,
        };
        return { ok: true, result };
      } catch (error) {
        if (error instanceof TornaSourceError) return { ok: false, key: error.key, args: error.args };
        if (ctx.signal.aborted || error instanceof JobCancelledError) throw error;
        // Anything else (a Quire-side failure): its message, with any URL in it masked, and nothing written.
        return {
          ok: false,
          key: 'torna.failed',
          args: [maskedUrl(String((error as Error).message ?? error))],
        };
      }
    },
  };
}
