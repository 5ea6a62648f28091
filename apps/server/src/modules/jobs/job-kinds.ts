import type { Db } from '../../db/database.ts';
import type { JobRow } from './jobs.repository.ts';

/** What a job's work answers: a result to store, or a failure as an i18n key (errors namespace) with arguments. */
export type JobOutcome = { ok: true; result: unknown } | { ok: false; key: string; args: string[] };

/**
 * Reports progress: `done` of `total` in `phase` (a short word the web translates: fetch, parse, convert,
 * write). Writes are throttled and renew the job's lease; the phase is optional so older handlers still fit.
 */
export type ProgressReporter = (done: number, total: number, phase?: string) => void;

/** What a job's work gets besides its row and the progress reporter. */
export interface JobContext {
  /** Aborted when someone cancels the job or the instance stops: stop and answer (anything; it is dropped). */
  signal: AbortSignal;
  /**
   * Call inside the transaction that commits the job's writes, as its last statement: it throws (so the
   * transaction rolls back) when the job was cancelled meanwhile, and from then on a cancel is refused.
   */
  claimCommit: (trx: Db) => Promise<void>;
  /**
   * Resolves once the progress reported so far is written. Call it before a long transaction: on SQLite
   * (one connection) a progress write queued behind the transaction would only land after it.
   */
  flush: () => Promise<void>;
}

export type JobPerform = (
  job: JobRow,
  progress: ProgressReporter,
  context: JobContext,
) => Promise<JobOutcome>;

/**
 * One kind of background work. Register it once at start-up with `app.jobs.register(kind)`; queue work by
 * inserting a `jobs` row of that kind (`insertJob`) and calling `app.jobRunner.kick()`.
 */
export interface JobKind {
  /** The `jobs.kind` value this handles. */
  kind: string;
  /** Does the work. Runs in the main thread: heavy CPU work belongs in `runInWorker` (worker-pool.ts). */
  perform: JobPerform;
  /**
   * Called once a job is given up (`failed`, after its last attempt) or `cancelled`, to undo what its start
   * left (a first import removes the application it created). Errors are logged, not raised.
   */
  onFailed?: (job: JobRow, how: 'failed' | 'cancelled') => Promise<void>;
  /**
   * Keep `jobs.source` once the job is over. By default it is dropped (an import's source runs to 50 MB);
   * a kind whose source is a small request that lists of its jobs show (an export's format) keeps it.
   */
  keepsSource?: boolean;
}

/** The job kinds this instance knows; the runner only claims jobs of these kinds. */
export class JobRegistry {
  private readonly kinds = new Map<string, JobKind>();

  register(kind: JobKind): void {
    if (this.kinds.has(kind.kind)) throw new Error(`job kind '${kind.kind}' is registered twice`);
    this.kinds.set(kind.kind, kind);
  }

  get(kind: string): JobKind | undefined {
    return this.kinds.get(kind);
  }

  names(): string[] {
    return [...this.kinds.keys()];
  }
}

/** Thrown by `claimCommit` when the job was cancelled before its writes committed. */
export class JobCancelledError extends Error {
  constructor() {
    super('job cancelled');
  }
}
