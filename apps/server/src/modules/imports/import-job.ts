import { createHash } from 'node:crypto';
import type { SourceTree } from '@quire/api-model';
import { IMPORT_MAX_BYTES, type ImportResult } from '@quire/shared';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/database.ts';
import { parseAllowRule } from '../../lib/address-policy.ts';
import { nowIso } from '../../lib/clock.ts';
import { guardedFetchText } from '../../lib/guarded-fetch.ts';
import { secretBoxOf } from '../../lib/secret-box.ts';
import { syncModuleDocs } from '../doc-sync/doc-sync.service.ts';
import type { JobContext, JobOutcome, JobPerform, ProgressReporter } from '../jobs/job-kinds.ts';
import type { JobRow } from '../jobs/jobs.service.ts';
import { WorkerLimitError, type WorkerPool, workerFile } from '../jobs/worker-pool.ts';
import { findLiveModule, findLiveModuleByName, updateModule } from '../modules/modules.service.ts';
import { findUserById } from '../users/users.service.ts';
import type { ConvertAnswer } from './convert.worker.ts';
import { failureOf } from './import-errors.ts';
import { parseJobSource, type SourceSpec, saveImportedSource } from './job-source.ts';
import {
  changedSince,
  countSyncedDocs,
  findSource,
  jobResultText,
  updateSource,
} from './module-sources.repository.ts';
import { TreeReceiver } from './tree-chunks.ts';

/** Removed docs listed in a result; the count is always complete. */
const REMOVED_LISTED = 500;

/** The worker entry that parses and converts (convert.worker.ts; dist/convert.worker.js when bundled). */
const CONVERT_WORKER = workerFile(import.meta.url, 'convert');

/** A source converted: the tree and the title to name a new application after. */
type Converted = { tree: SourceTree; title: string };

/**
 * Parses and converts in a worker thread, so neither the CPU time nor the memory of a huge (or hostile)
 * description touches the thread that answers requests. A refusal comes back as a job failure.
 */
async function convert(
  pool: WorkerPool,
  source: SourceSpec,
  text: string,
  progress: ProgressReporter,
  signal: AbortSignal,
): Promise<Converted | JobOutcome> {
  let answer: ConvertAnswer;
  const receiver = new TreeReceiver();
  try {
    answer = await pool.run<ConvertAnswer>(
      CONVERT_WORKER,
      { kind: source.kind, text, sourceUrl: source.url },
      {
        signal,
        onProgress: (p) => progress(p.done, p.total, p.phase),
        onMessage: (message, reply) => receiver.take(message, () => reply('ack')),
        keepPortUntil: receiver.done,
      },
    );
  } catch (error) {
    if (error instanceof WorkerLimitError && error.reason === 'memory')
      return { ok: false, key: 'import.needs_memory', args: [String(error.limit)] };
    if (error instanceof WorkerLimitError && error.reason === 'time')
      return { ok: false, key: 'import.convert_timeout', args: [String(error.limit)] };
    throw error;
  }
  if (!answer.ok) return { ok: false, key: `import.${answer.key}`, args: [answer.arg] };
  // The tree's last piece may still be on its way: it is posted before the worker answers, on another port.
  if (signal.aborted) throw new WorkerLimitError('aborted', 0);
  return Promise.race([
    receiver.done,
    new Promise<never>((_resolve, reject) =>
      signal.addEventListener('abort', () => reject(new WorkerLimitError('aborted', 0)), { once: true }),
    ),
  ]);
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
  const rule = parseAllowRule(env.QUIRE_FETCH_ALLOW_HOSTS);
  return async (job: JobRow, progress, context: JobContext): Promise<JobOutcome> => {
    const module = await findLiveModule(db, job.moduleId);
    const carried = parseJobSource(job.source);
    const source = carried ?? (await findSource(db, job.moduleId));
    if (!module || !source) return { ok: false, key: 'import.no_source', args: [] };
    let converted: Converted | JobOutcome;
    let hash = '';
    try {
      let text = source.content ?? '';
      if (source.content === null) {
        progress(0, 0, 'fetch');
        const box = await secretBoxOf(db, env.QUIRE_SECRET_KEY);
        const password = box.open(source.authPasswordEnc) ?? '';
        const auth = source.authUsername ? { username: source.authUsername, password } : undefined;
        text = (
          await guardedFetchText(source.url, {
            rule,
            auth,
            timeoutMs: env.QUIRE_FETCH_TIMEOUT_MS,
            maxBytes: IMPORT_MAX_BYTES,
          })
        ).text;
      }
      hash = sourceDigest(source.kind, text);
      if (!carried && job.kind === 'refresh') {
        const skipped = await unchangedResult(db, job.moduleId, hash);
        if (skipped) {
          const now = nowIso();
          await updateSource(db, job.moduleId, { lastJobId: job.id, lastSyncAt: now, updatedAt: now });
          return { ok: true, result: skipped };
        }
      }
      converted = await convert(pool, source, text, progress, context.signal);
    } catch (error) {
      const failure = failureOf(error);
      if (failure) return failure;
      throw error;
    }
    if ('ok' in converted) return converted;
    progress(0, countDocs(converted.tree), 'write');
    await context.flush();
    const author = await findUserById(db, job.createdBy);
    const synced = await syncModuleDocs(db, {
      moduleId: job.moduleId,
      tree: converted.tree,
      mode: { replace: true, override: false },
      source: 'import',
      actorId: job.createdBy,
      author: author?.nickname ?? '',
      onProgress: (done, total) => progress(done, total, 'write'),
      signal: context.signal,
      // Last inside the sync's transaction: a job cancelled meanwhile rolls everything back.
      beforeCommit: context.claimCommit,
    });
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

function countDocs(tree: SourceTree): number {
  let count = 0;
  const stack = [...tree.nodes];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.kind === 'doc') count++;
    else stack.push(...node.children);
  }
  return count;
}

/**
 * Bumped whenever the converters' output changes for the same source, so an upgrade re-converts sources whose
 * text did not change.
 */
const CONVERTER_VERSION = '2026-11-25';

function sourceDigest(kind: string, text: string): string {
  return createHash('sha256').update(`${CONVERTER_VERSION}\n${kind}\n`).update(text).digest('hex');
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
