import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import {
  claimJob,
  finishJob,
  type JobRow,
  nextRunnable,
  releaseJobs,
  updateProgress,
} from './jobs.repository.ts';

/** What a job handler answers: a result to store, or a failure as an i18n key with arguments. */
export type JobOutcome = { ok: true; result: unknown } | { ok: false; key: string; args: string[] };

/** Reports progress (done of total); writes are throttled and renew the lease. */
export type ProgressReporter = (done: number, total: number) => void;

export type JobHandler = (job: JobRow, progress: ProgressReporter) => Promise<JobOutcome>;

/** Called when a job is given up (failed for good), so a first import can remove its application. */
export type JobFailureHook = (job: JobRow) => Promise<void>;

const POLL_MS = 1000;
/** How long a claimed job stays this instance's without a sign of life. */
const LEASE_MS = 60_000;
const HEARTBEAT_MS = 15_000;
const PROGRESS_WRITE_MS = 400;
const MAX_ATTEMPTS = 3;

function later(ms: number): string {
  return new Date(Date.now() + ms).toISOString();
}

/**
 * Runs background jobs stored in the `jobs` table, one at a time per instance (the machine's cores serve
 * requests too). Every instance polls; a job is claimed by a conditional update, so N instances on one
 * database never run the same job twice, and a job left `running` by an instance that died is taken over once
 * its lease runs out. Periodic tasks (the refresh scheduler) run on their own timers.
 */
export class JobRunner {
  readonly owner = newId();
  private timer: NodeJS.Timeout | undefined;
  private periodic: NodeJS.Timeout[] = [];
  private busy: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly handlers: Record<string, JobHandler>,
    private readonly onGiveUp: JobFailureHook,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule();
  }

  /** Runs `task` every `ms` while started (the refresh scheduler). */
  every(ms: number, task: () => Promise<void>): void {
    const timer = setInterval(() => {
      if (this.stopped) return;
      task().catch((error) => this.log.error({ err: error }, 'periodic job task failed'));
    }, ms);
    timer.unref();
    this.periodic.push(timer);
  }

  /** Looks for work now (after this instance queued a job). */
  kick(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), 0);
  }

  async stop(): Promise<void> {
    this.halt();
    await this.busy;
  }

  /** Stops claiming and the periodic tasks, without waiting for the running job. */
  private halt(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    for (const timer of this.periodic) clearInterval(timer);
    this.periodic = [];
  }

  /**
   * Shutdown (SIGTERM): claims nothing more, lets the running job finish within `graceMs`, and otherwise
   * hands it back (queued again, its attempt not counted) so another instance takes it at once instead of
   * after the lease. The job's writes are one transaction, so an abandoned run leaves nothing behind.
   */
  async handBack(graceMs: number): Promise<void> {
    const running = this.busy;
    this.halt();
    if (running) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
      clearTimeout(timer);
    }
    const released = await releaseJobs(this.db, this.owner);
    if (released) this.log.info({ released }, 'handed running jobs back');
  }

  /** Resolves once no job is running in this instance (tests). */
  async idle(): Promise<void> {
    await this.busy;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => this.tick(), POLL_MS);
    this.timer.unref();
  }

  private tick(): void {
    if (this.busy || this.stopped) return;
    this.busy = this.drain()
      .catch((error) => this.log.error({ err: error }, 'job runner failed'))
      .finally(() => {
        this.busy = null;
        this.schedule();
      });
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const now = nowIso();
      const job = await nextRunnable(this.db, now);
      if (!job) return;
      if (!(await claimJob(this.db, job, this.owner, now, later(LEASE_MS)))) continue;
      const claimed: JobRow = { ...job, status: 'running', attempts: job.attempts + 1, lockedBy: this.owner };
      if (claimed.attempts > MAX_ATTEMPTS) {
        await this.fail(claimed, 'import.abandoned', []);
        continue;
      }
      await this.run(claimed);
    }
  }

  private async run(job: JobRow): Promise<void> {
    const handler = this.handlers[job.kind];
    if (!handler) {
      await this.fail(job, 'import.failed', []);
      return;
    }
    let lastWrite = 0;
    let latest = { done: 0, total: 0 };
    let pending: Promise<unknown> = Promise.resolve();
    const write = () => {
      pending = pending
        .then(() => updateProgress(this.db, job.id, this.owner, latest.done, latest.total, later(LEASE_MS)))
        .catch((error) => this.log.warn({ err: error }, 'job progress write failed'));
    };
    const progress: ProgressReporter = (done, total) => {
      latest = { done, total };
      const now = Date.now();
      if (now - lastWrite < PROGRESS_WRITE_MS && done < total) return;
      lastWrite = now;
      write();
    };
    const heartbeat = setInterval(write, HEARTBEAT_MS);
    heartbeat.unref();
    let outcome: JobOutcome;
    try {
      outcome = await handler(job, progress);
    } catch (error) {
      this.log.error({ err: error, jobId: job.id }, 'job failed');
      outcome = { ok: false, key: 'import.failed', args: [] };
    } finally {
      clearInterval(heartbeat);
      await pending;
    }
    if (outcome.ok)
      await finishJob(this.db, job.id, this.owner, {
        status: 'done',
        result: JSON.stringify(outcome.result),
        now: nowIso(),
      });
    else await this.fail(job, outcome.key, outcome.args);
  }

  private async fail(job: JobRow, key: string, args: string[]): Promise<void> {
    await finishJob(this.db, job.id, this.owner, {
      status: 'failed',
      error: JSON.stringify({ key, args }),
      now: nowIso(),
    });
    await this.onGiveUp(job).catch((error) =>
      this.log.error({ err: error, jobId: job.id }, 'job clean-up failed'),
    );
  }
}
