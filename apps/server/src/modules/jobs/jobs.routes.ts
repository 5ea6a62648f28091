import { jobCancel, jobGet } from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { JobRegistry } from './job-kinds.ts';
import { JobRunner } from './job-runner.ts';
import { presentJob } from './jobs.presenter.ts';
import { pruneFinishedJobs } from './jobs.repository.ts';
import { cancel, getJob, type JobRow } from './jobs.service.ts';
import { WorkerPool } from './worker-pool.ts';

const PRUNE_MS = 60 * 60_000;
/** Finished jobs are kept this long (the last one of each application always). */
const JOB_RETENTION_MS = 30 * 24 * 60 * 60_000;

/**
 * The home of background work: the registry of job kinds (`app.jobs`), the runner that claims and runs them
 * (`app.jobRunner`, started when the app is ready unless `QUIRE_JOBS=false`, stopped when it closes), the
 * pool of worker threads for heavy work (`app.workerPool`), and the job calls. Register before any feature
 * that registers a job kind.
 */
export function registerJobRoutes(app: FastifyInstance, { db, env }: AppDeps): void {
  const registry = new JobRegistry();
  const runner = new JobRunner(db, app.log, registry);
  const pool = new WorkerPool(env);
  app.decorate('jobs', registry);
  app.decorate('jobRunner', runner);
  app.decorate('workerPool', pool);
  if (env.QUIRE_JOBS) {
    app.addHook('onReady', async () => {
      runner.start();
      runner.every(PRUNE_MS, async () => {
        await pruneFinishedJobs(db, new Date(Date.now() - JOB_RETENTION_MS).toISOString());
      });
    });
  }
  // On SIGTERM the runner claims nothing more and hands back what it still runs after the grace period.
  app.lifecycle.onDrain((graceMs) => runner.handBack(graceMs));
  app.addHook('onClose', async () => {
    await runner.stop();
    await pool.destroy();
  });

  route(app, jobGet, async (request) =>
    presentJob(
      withLiveProgress(await getJob(await callerOf(request, db), request.query.id), runner),
      request.lang ?? 'zh-CN',
    ),
  );

  route(app, jobCancel, async (request) =>
    presentJob(
      await cancel(await callerOf(request, db), registry, request.body.id, (id) => runner.abortLocal(id)),
      request.lang ?? 'zh-CN',
    ),
  );
}

/** A running job with the progress this instance holds for it (its row is written every so often). */
function withLiveProgress(job: JobRow, runner: JobRunner): JobRow {
  const live = job.status === 'running' ? runner.liveProgress(job.id) : null;
  return live
    ? { ...job, progressDone: live.done, progressTotal: live.total, phase: live.phase || job.phase }
    : job;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The kinds of background work this instance runs: `app.jobs.register({ kind, perform, onFailed })`. */
    jobs: JobRegistry;
    /** The background job runner (features kick it after queuing; tests wait on it). */
    jobRunner: JobRunner;
    /** Worker threads for heavy work, with heap and time limits. */
    workerPool: WorkerPool;
  }
}
