import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import {
  JobCancelledError,
  type JobContext,
  type JobKind,
  type JobOutcome,
  type JobPerform,
  JobRegistry,
  type ProgressReporter,
} from './job-kinds.ts';
import {
  claimNext,
  enterCommitPhase,
  finishJob,
  type JobRow,
  jobStatus,
  releaseJobs,
  requeueOrphans,
  updateProgress,
} from './jobs.repository.ts';

export type { JobOutcome, ProgressReporter } from './job-kinds.ts';

/** A job's work in the shape before the registry (job-kinds.ts): kept so older call sites still compile. */
export type JobHandler = JobPerform;

/** Called when a job is given up (failed for good), so a first import can remove its application. */
export type JobFailureHook = (job: JobRow) => Promise<void>;

const POLL_MS = 1000;
/** How long a claimed job stays this instance's without a sign of life. */
const LEASE_MS = 60_000;
const HEARTBEAT_MS = 15_000;
/** How often a running job's row is read to notice a cancel made on any instance. */
const CANCEL_CHECK_MS = 1000;
const PROGRESS_WRITE_MS = 400;
const MAX_ATTEMPTS = 3;

function later(ms: number): string {
  return new Date(Date.now() + ms).toISOString();
}

/**
 * Runs background jobs stored in the `jobs` table, one at a time per instance (the machine's cores serve
 * requests too; heavy work goes to the worker pool). Every instance polls and claims jobs of the kinds in its
 * registry (PostgreSQL: `FOR UPDATE SKIP LOCKED`), so N instances never run the same job twice; a job left
 * `running` by an instance that died is taken over once its lease runs out (SQLite: at the next start).
 * Periodic tasks (the refresh scheduler) run on their own timers.
 */
export class JobRunner {
  readonly owner = newId();
  readonly registry: JobRegistry;
  private timer: NodeJS.Timeout | undefined;
  private periodic: NodeJS.Timeout[] = [];
  private busy: Promise<void> | null = null;
  private stopped = true;
  private current: AbortController | null = null;
  /**
   * The job this instance runs, as it stands in memory: its progress is written to its row every so often, but
   * on SQLite a sync's transaction holds the only writer, so readers and cancels meet the job here.
   */
  private live: {
    id: string;
    abort: AbortController;
    progress: { done: number; total: number; phase: string };
    committing: boolean;
  } | null = null;

  /** The progress of a job this instance runs (fresher than its row), or null. */
  liveProgress(jobId: string): { done: number; total: number; phase: string } | null {
    return this.live?.id === jobId ? { ...this.live.progress } : null;
  }

  /**
   * Stops a job this instance runs before its writes commit, so a cancel need not wait for the writer (the
   * caller then marks it cancelled, as for a job running elsewhere). False when it does not run here or has
   * already claimed its commit.
   */
  abortLocal(jobId: string): boolean {
    if (this.live?.id !== jobId || this.live.committing) return false;
    this.live.abort.abort();
    return true;
  }

  /**
   * `new JobRunner(db, log, registry)`; the older `new JobRunner(db, log, {kind: handler}, onGiveUp)` still
   * works and registers each handler as a kind whose `onFailed` is `onGiveUp`.
   */
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    handlers: JobRegistry | Record<string, JobHandler>,
    onGiveUp?: JobFailureHook,
  ) {
    if (handlers instanceof JobRegistry) this.registry = handlers;
    else {
      this.registry = new JobRegistry();
      for (const [kind, perform] of Object.entries(handlers))
        this.registry.register({ kind, perform, onFailed: onGiveUp ? (job) => onGiveUp(job) : undefined });
    }
  }

  /** Registers a kind of work (the same as `registry.register`). */
  register(kind: JobKind): void {
    this.registry.register(kind);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.busy = requeueOrphans(this.db)
      .then((count) => {
        if (count) this.log.warn({ count }, 'jobs left running by a stopped process are queued again');
      })
      .catch((error) => this.log.error({ err: error }, 'job recovery failed'))
      .finally(() => {
        this.busy = null;
        this.kick();
      });
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

  /** Stops polling and aborts the running job (its writes roll back; another start runs it again). */
  async stop(): Promise<void> {
    this.halt();
    this.current?.abort();
    await this.busy;
  }

  /** Stops claiming and the periodic tasks, without touching the running job. */
  private halt(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    for (const timer of this.periodic) clearInterval(timer);
    this.periodic = [];
  }

  /**
   * Shutdown (SIGTERM): claims nothing more, lets the running job finish within `graceMs`, and otherwise
   * aborts it and hands it back (queued again, its attempt not counted) so another instance takes it at once
   * instead of after the lease. The job's writes are one transaction, so an abandoned run leaves nothing.
   */
  async handBack(graceMs: number): Promise<void> {
    const running = this.busy;
    this.halt();
    if (running) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
      clearTimeout(timer);
      this.current?.abort();
      await this.busy;
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
      const job = await claimNext(this.db, this.registry.names(), this.owner, now, later(LEASE_MS));
      if (!job) return;
      const claimed: JobRow = {
        ...job,
        status: 'running',
        attempts: job.attempts + 1,
        lockedBy: this.owner,
        phase: '',
      };
      if (claimed.attempts > MAX_ATTEMPTS) {
        await this.fail(claimed, 'import.abandoned', []);
        continue;
      }
      await this.run(claimed);
    }
  }

  private async run(job: JobRow): Promise<void> {
    const kind = this.registry.get(job.kind);
    if (!kind) {
      await this.fail(job, 'import.failed', []);
      return;
    }
    const abort = new AbortController();
    this.current = abort;
    let lastWrite = 0;
    let latest = { done: 0, total: 0, phase: '' };
    let pending: Promise<unknown> = Promise.resolve();
    const write = () => {
      const { done, total, phase } = latest;
      pending = pending
        .then(() => updateProgress(this.db, job.id, this.owner, done, total, later(LEASE_MS), phase))
        .catch((error) => this.log.warn({ err: error }, 'job progress write failed'));
    };
    const live = { id: job.id, abort, progress: latest, committing: false };
    this.live = live;
    const progress: ProgressReporter = (done, total, phase) => {
      const phaseChanged = phase !== undefined && phase !== latest.phase;
      latest = { done, total, phase: phase ?? latest.phase };
      live.progress = latest;
      const now = Date.now();
      if (!phaseChanged && now - lastWrite < PROGRESS_WRITE_MS && done < total) return;
      lastWrite = now;
      write();
    };
    const heartbeat = setInterval(write, HEARTBEAT_MS);
    heartbeat.unref();
    // A cancel can come from any instance: the row says so.
    const watch = setInterval(() => {
      jobStatus(this.db, job.id)
        .then((status) => {
          if (status !== 'running') abort.abort();
        })
        .catch(() => undefined);
    }, CANCEL_CHECK_MS);
    watch.unref();
    const context: JobContext = {
      signal: abort.signal,
      flush: async () => {
        write();
        await pending;
      },
      claimCommit: async (trx) => {
        if (abort.signal.aborted || !(await enterCommitPhase(trx, job.id, this.owner)))
          throw new JobCancelledError();
        live.committing = true;
      },
    };
    let outcome: JobOutcome;
    try {
      outcome = await kind.perform(job, progress, context);
    } catch (error) {
      if (!abort.signal.aborted && !(error instanceof JobCancelledError))
        this.log.error({ err: error, jobId: job.id }, 'job failed');
      outcome = { ok: false, key: 'import.failed', args: [] };
    } finally {
      clearInterval(heartbeat);
      clearInterval(watch);
      await pending;
      this.current = null;
      this.live = null;
    }
    // Cancelled (the cancel call already cleaned up) or stopping (the job is queued again at the next start or
    // once its lease runs out): nothing more to write.
    if (abort.signal.aborted) return;
    if (outcome.ok)
      await finishJob(this.db, job.id, this.owner, {
        status: 'done',
        result: JSON.stringify(outcome.result),
        now: nowIso(),
        keepSource: this.registry.get(job.kind)?.keepsSource === true,
      });
    else await this.fail(job, outcome.key, outcome.args);
  }

  private async fail(job: JobRow, key: string, args: string[]): Promise<void> {
    await finishJob(this.db, job.id, this.owner, {
      status: 'failed',
      error: JSON.stringify({ key, args }),
      now: nowIso(),
      keepSource: this.registry.get(job.kind)?.keepsSource === true,
    });
    const onFailed = this.registry.get(job.kind)?.onFailed;
    await onFailed?.(job, 'failed').catch((error) =>
      this.log.error({ err: error, jobId: job.id }, 'job clean-up failed'),
    );
  }
}
