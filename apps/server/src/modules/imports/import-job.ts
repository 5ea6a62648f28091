import { createHash } from 'node:crypto';
import type { SourceEntry } from '@quire/api-model';
import { IMPORT_MAX_BYTES, type ImportResult } from '@quire/shared';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/clock.ts';
import { guardedFetchBytes } from '../../lib/guarded-fetch.ts';
import { secretBoxOf } from '../../lib/secret-box.ts';
import { type SyncInput, type SyncResult, syncModuleDocs } from '../doc-sync/doc-sync.service.ts';
import { isStagedBy, stageModuleDocs } from '../doc-sync/staged-sync.ts';
import type { StreamedTail } from '../doc-sync/sync-input.ts';
import type { JobContext, JobOutcome, JobPerform, ProgressReporter } from '../jobs/job-kinds.ts';
import type { JobRow } from '../jobs/jobs.service.ts';
import { WorkerLimitError, type WorkerPool, workerFile } from '../jobs/worker-pool.ts';
import { findLiveModule, findLiveModuleByName, updateModule } from '../modules/modules.service.ts';
import { outboundRule } from '../spaces/internal-access.service.ts';
import { findUserById } from '../users/users.service.ts';
import type { ConvertAnswer } from './convert.worker.ts';
import { failureOf } from './import-errors.ts';
import { parseJobSource, type SourceSpec, saveImportedSource } from './job-source.ts';
import {
  changedSince,
  countSyncedDocs,
  findModuleForJob,
  findSource,
  jobResultText,
  updateSource,
} from './module-sources.repository.ts';
import { type ReceivedHead, type ReceiverMessage, type TreeHead, TreeReceiver } from './tree-chunks.ts';

/** Removed docs listed in a result; the count is always complete. */
const REMOVED_LISTED = 500;

/** The worker entry that parses and converts (convert.worker.ts; dist/convert.worker.js when bundled). */
const CONVERT_WORKER = workerFile(import.meta.url, 'convert');

/**
 * Starts the convert worker and runs it on a sample (convert.worker.ts `warmUp`), keeping it ready: without it
 * the first import after a start loaded the converter's code and ran it cold (GitHub's description: 1.9 s
 * against 1.3 s once warm, on a 2-core machine).
 */
export function warmConverter(pool: WorkerPool): Promise<void> {
  return pool.keepWarm(CONVERT_WORKER, { warm: true });
}

/**
 * A source being converted: the tree's head (dictionaries, environments, warnings), the title to name a new
 * application after, how many docs come, and the docs and folders as they arrive from the worker.
 */
type Converted = {
  head: TreeHead;
  title: string;
  docs: number;
  entries: AsyncIterable<SourceEntry>;
  /** The same entries again from the first (a whole tree's, kept packed: SyncInput `again`). */
  again?: () => AsyncIterable<SourceEntry>;
  /** Gives the worker the application's dictionary ids, so it builds new docs' rows (convert.worker.ts). */
  sendEnumIds(ids: ReadonlyMap<string, string>): void;
  /** The sync is over: what the worker still sends is dropped (tree-chunks.ts `release`). */
  release(): void;
  /** The tail of a tree sent while converting (tree-chunks.ts `tree-start`). */
  streamed?: Promise<StreamedTail> | undefined;
};

/** The converter refused the source after its first docs were already sent (a streamed conversion). */
class ConvertRefusal extends Error {
  constructor(
    readonly key: string,
    readonly arg: string,
    message: string,
  ) {
    super(message);
  }
}

/** A worker's limit (or a refusal that came late) as the job's failure; null for any other error. */
function limitOutcome(error: unknown): JobOutcome | null {
  if (error instanceof ConvertRefusal) return { ok: false, key: `import.${error.key}`, args: [error.arg] };
  if (error instanceof WorkerLimitError && error.reason === 'memory')
    return { ok: false, key: 'import.needs_memory', args: [String(error.limit)] };
  if (error instanceof WorkerLimitError && error.reason === 'time')
    return { ok: false, key: 'import.convert_timeout', args: [String(error.limit)] };
  return null;
}

/**
 * Parses and converts in a worker thread, so neither the CPU time nor the memory of a huge (or hostile)
 * description touches the thread that answers requests. Answers once the tree's head arrived; the entries
 * follow while the caller already writes them. A refusal comes back as a job failure; a worker that fails
 * later (its limits, a cancel) makes the entries throw, which rolls the sync back.
 */
async function convert(
  pool: WorkerPool,
  source: SourceSpec,
  body: string | Uint8Array,
  author: string,
  progress: ProgressReporter,
  signal: AbortSignal,
  stream: boolean,
): Promise<Converted | JobOutcome> {
  // A whole tree (not streamed) is kept, packed, for a re-import that plans twice (SyncInput `again`).
  const receiver = new TreeReceiver(!stream);
  // The way back to the worker: the port its messages came on (the head comes first).
  let toWorker: ((message: ReceiverMessage) => void) | null = null;
  // Bytes are moved to the worker, not copied (a copy of 20 MB held this thread 100 ms).
  const bytes = typeof body === 'string' ? null : ownedBytes(body);
  const task = pool.run<ConvertAnswer>(
    CONVERT_WORKER,
    {
      kind: source.kind,
      text: bytes ? '' : body,
      ...(bytes ? { bytes } : {}),
      sourceUrl: source.url,
      author,
      stream,
    },
    {
      ...(bytes ? { transferList: [bytes.buffer] } : {}),
      signal,
      onProgress: (p) => progress(p.done, p.total, p.phase),
      onMessage: (message, reply) => {
        toWorker ??= reply;
        receiver.take(message, () => reply('ack'));
      },
      keepPortUntil: receiver.done,
    },
  );
  signal.addEventListener('abort', () => receiver.fail(new WorkerLimitError('aborted', 0)), { once: true });
  let first: ReceivedHead | ConvertAnswer;
  try {
    // The worker's answer and the tree's messages travel on different ports: a worker that sent a tree may
    // answer before its head is read.
    first = await Promise.race<ReceivedHead | ConvertAnswer>([
      receiver.head,
      task.then<ReceivedHead | ConvertAnswer>((answer) => (answer.ok ? receiver.head : answer)),
    ]);
  } catch (error) {
    receiver.fail(error);
    const outcome = limitOutcome(error);
    if (outcome) return outcome;
    throw error;
  }
  if ('ok' in first) {
    // A refusal (an `ok` answer always maps to the head): no tree comes.
    const refusal = first.ok ? { key: 'failed', arg: '', message: 'no tree' } : first;
    receiver.fail(new Error(refusal.message));
    return { ok: false, key: `import.${refusal.key}`, args: [refusal.arg] };
  }
  // From here the caller reads the entries: a worker that fails now ends them with its error (a source
  // refused halfway through a streamed conversion, too).
  task.then(
    (answer) => {
      if (!answer.ok) receiver.fail(new ConvertRefusal(answer.key, answer.arg, answer.message));
    },
    (error: unknown) => receiver.fail(error),
  );
  return {
    head: first.head,
    title: first.title,
    docs: first.docs,
    entries: receiver.entries(),
    ...(stream ? {} : { again: () => receiver.entries() }),
    sendEnumIds: (ids) => toWorker?.({ type: 'enum-ids', ids: [...ids] }),
    release: () => receiver.release(),
    streamed: first.streamed,
  };
}

/** Renames a new application after its source's title when that name is free in the project. */
async function nameAfterSource(db: Db, moduleId: string, projectId: string, title: string): Promise<void> {
  if (!title) return;
  const other = await findLiveModuleByName(db, projectId, title);
  if (other) return;
  await updateModule(db, moduleId, { name: title, updatedAt: nowIso() }).catch(() => undefined);
}

/**
 * The handler of `import` (first import of a new application) and `refresh` (re-import) jobs. A re-import
 * started with a new file, text or URL carries it on the job (`jobs.source`); it becomes the saved source
 * only once the sync succeeded.
 */
export function importJobHandler(db: Db, env: Env, pool: WorkerPool): JobPerform {
  return async (job: JobRow, progress, context: JobContext): Promise<JobOutcome> => {
    // A first import builds its application hidden (doc-sync/staged-sync.ts) unless an earlier attempt of this
    // job already published it (a crash between the publish and the job's end): then it syncs as a re-import.
    const staged = job.kind === 'import' && (await isStagedBy(db, job.moduleId, job.id));
    const module = staged ? await findModuleForJob(db, job.moduleId) : await findLiveModule(db, job.moduleId);
    const carried = parseJobSource(job.source);
    const source = carried ?? (await findSource(db, job.moduleId));
    if (!module || !source) return { ok: false, key: 'import.no_source', args: [] };
    let converted: Converted | JobOutcome;
    let hash = '';
    const author = (await findUserById(db, job.createdBy))?.nickname ?? '';
    try {
      // A fetched body stays bytes on this thread: the worker decodes it (convert.worker.ts).
      let body: string | Uint8Array = source.content ?? '';
      if (source.content === null) {
        progress(0, 0, 'fetch');
        const box = await secretBoxOf(db, env.QUIRE_SECRET_KEY);
        const password = box.open(source.authPasswordEnc) ?? '';
        const auth = source.authUsername ? { username: source.authUsername, password } : undefined;
        // Internal hosts only when the application's space was granted internal access (checked per run,
        // so a scheduled re-import stops reaching them once a super admin withdraws it).
        const rule = await outboundRule(db, env.QUIRE_FETCH_ALLOW_HOSTS, { moduleId: job.moduleId });
        body = (
          await guardedFetchBytes(source.url, {
            rule,
            auth,
            timeoutMs: env.QUIRE_FETCH_TIMEOUT_MS,
            maxBytes: IMPORT_MAX_BYTES,
          })
        ).body;
      }
      hash = await sourceDigest(source.kind, body);
      if (!carried && job.kind === 'refresh') {
        const skipped = await unchangedResult(db, job.moduleId, hash);
        if (skipped) {
          const now = nowIso();
          await updateSource(db, job.moduleId, { lastJobId: job.id, lastSyncAt: now, updatedAt: now });
          return { ok: true, result: skipped };
        }
      }
      // A first import streams the docs while converting: its application is new, so the sync can take rows
      // linked to dictionary ids the worker chose (it checks the application is still empty, module-sync.ts).
      converted = await convert(pool, source, body, author, progress, context.signal, job.kind === 'import');
    } catch (error) {
      const failure = failureOf(error);
      if (failure) return failure;
      throw error;
    }
    if ('ok' in converted) return converted;
    // A streamed tree converts and writes at once: its docs count under "convert" until the last one came.
    let phase = converted.streamed ? 'convert' : 'write';
    converted.streamed?.then(
      () => {
        phase = 'write';
      },
      () => undefined,
    );
    progress(0, converted.docs, phase);
    let synced: SyncResult;
    try {
      await context.flush();
      const sync = staged
        ? (input: SyncInput) => stageModuleDocs(db, input, job.id)
        : (input: SyncInput) => syncModuleDocs(db, input);
      synced = await sync({
        moduleId: job.moduleId,
        tree: { ...converted.head, nodes: [] },
        entries: converted.entries,
        ...(converted.again ? { again: converted.again } : {}),
        docCount: converted.docs,
        // The convert worker ran every doc's HTML through the sanitizer (convert.worker.ts).
        sanitized: true,
        onEnumIds: converted.sendEnumIds,
        ...(converted.streamed ? { streamed: converted.streamed } : {}),
        mode: { replace: true, override: false },
        source: 'import',
        actorId: job.createdBy,
        author,
        onProgress: (done, total) => progress(done, total, phase),
        signal: context.signal,
        // Last inside the sync's (or the publishing) transaction: a job cancelled meanwhile rolls it back.
        beforeCommit: context.claimCommit,
      });
    } catch (error) {
      const outcome = limitOutcome(error);
      if (outcome) return outcome;
      throw error;
    } finally {
      converted.release();
    }
    const now = nowIso();
    if (carried) await saveImportedSource(db, job.moduleId, carried, job.id, job.createdBy, now);
    else await updateSource(db, job.moduleId, { lastJobId: job.id, lastSyncAt: now, updatedAt: now });
    await updateSource(db, job.moduleId, { sourceHash: hash });
    if (job.kind === 'import') await nameAfterSource(db, module.id, module.projectId, converted.title);
    const result: ImportResult = {
      added: synced.added,
      updated: synced.updated,
      removed: synced.deleted,
      unchanged: synced.unchanged,
      removedDocs: synced.removed.slice(0, REMOVED_LISTED),
      warnings: synced.warnings,
    };
    return { ok: true, result };
  };
}

/**
 * Bumped whenever the converters' output changes for the same source, so an upgrade re-converts sources whose
 * text did not change.
 */
const CONVERTER_VERSION = '2026-11-25';

/** Bytes hashed per turn of the event loop (hashing 20 MB at once held the thread that answers requests 90 ms). */
const DIGEST_CHUNK = 1 << 20;

async function sourceDigest(kind: string, body: string | Uint8Array): Promise<string> {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const hash = createHash('sha256').update(`${CONVERTER_VERSION}\n${kind}\n`);
  for (let at = 0; at < bytes.length; at += DIGEST_CHUNK) {
    hash.update(bytes.subarray(at, at + DIGEST_CHUNK));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return hash.digest('hex');
}

/** Bytes whose ArrayBuffer is theirs alone, so it can be moved to a worker (a pooled Buffer's is shared). */
function ownedBytes(body: Uint8Array): Uint8Array<ArrayBuffer> {
  const whole = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
  return whole && body.buffer instanceof ArrayBuffer
    ? (body as Uint8Array<ArrayBuffer>)
    : new Uint8Array(body);
}

/**
 * The answer of a re-import whose source is byte for byte the one the last successful import read, into an
 * application whose docs and dictionaries nobody changed since: the sync would write nothing, so the
 * conversion is skipped and every imported doc counts as unchanged. Null when anything differs.
 */
async function unchangedResult(db: Db, moduleId: string, hash: string): Promise<ImportResult | null> {
  const source = await findSource(db, moduleId);
  if (!source?.sourceHash || source.sourceHash !== hash || !source.lastSyncAt) return null;
  const since = source.lastSyncAt;
  if (await changedSince(db, moduleId, since)) return null;
  const last = source.lastJobId ? await jobResultText(db, source.lastJobId) : null;
  const previous = last ? (JSON.parse(last) as ImportResult) : null;
  const unchanged = await countSyncedDocs(db, moduleId);
  return {
    added: 0,
    updated: 0,
    removed: 0,
    unchanged,
    removedDocs: [],
    warnings: previous?.warnings ?? [],
  };
}
