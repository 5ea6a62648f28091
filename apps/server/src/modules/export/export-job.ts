import { ENGLISH_LABELS, type ExportLabels } from '@quire/api-model/export';
import { DEFAULT_LANG, type DocExportRequest, type ExportJobFile } from '@quire/shared';
import { builtinResources } from '@quire/shared/i18n';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { translate } from '../../http/lang.ts';
import { nowIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import type { JobOutcome, JobPerform } from '../jobs/job-kinds.ts';
import { insertJob, type JobRow } from '../jobs/jobs.service.ts';
import { WorkerLimitError, type WorkerPool, workerFile } from '../jobs/worker-pool.ts';
import { findLiveModule } from '../modules/modules.service.ts';
import type { ExportTask } from './export.worker.ts';
import { insertExportFile } from './export-files.repository.ts';
import type { ExportFile, RenderRequest } from './export-render.ts';
import { loadExportSource } from './export-source.service.ts';

export type ExportInput = z.output<typeof DocExportRequest>;

/** The job kind of large exports. */
export const EXPORT_JOB = 'export';

/** How long the file of an export job is kept for its requester. */
export const EXPORT_FILE_TTL_MS = 24 * 60 * 60_000;

/** The worker entry that renders (export.worker.ts; dist/export.worker.js when bundled). */
const EXPORT_WORKER = workerFile(import.meta.url, 'export');

/** What an export job carries in `jobs.source`: the request as validated, and the caller's language. */
interface ExportJobSpec {
  input: ExportInput;
  lang: string;
}

/** The exporters' words in a language (the `exportDoc` i18n namespace). */
function labelsOf(lang: string): ExportLabels {
  const out = { ...ENGLISH_LABELS };
  for (const key of Object.keys(out) as Array<keyof ExportLabels>)
    out[key] = translate(lang, 'exportDoc', key);
  return out;
}

/** Everything the renderer needs besides the docs, in the caller's language. */
export function renderRequestOf(input: ExportInput, lang: string): RenderRequest {
  const pack = builtinResources[lang] ?? builtinResources[DEFAULT_LANG];
  if (!pack) throw new Error(`no language pack for ${lang}`);
  return {
    format: input.format,
    style: input.style,
    openapiFormat: input.openapiFormat,
    lang,
    labels: labelsOf(lang),
    readerLabels: pack.docPage,
    pageLabels: pack.htmlExport,
  };
}

/** Queues an export of `moduleId` as a job of `userId`; the runner picks it up. */
export async function queueExport(
  db: Db,
  moduleId: string,
  userId: string,
  spec: ExportJobSpec,
): Promise<string> {
  const id = newId();
  await insertJob(db, {
    id,
    kind: EXPORT_JOB,
    moduleId,
    status: 'queued',
    progressDone: 0,
    progressTotal: 0,
    result: null,
    error: null,
    source: JSON.stringify(spec),
    attempts: 0,
    lockedBy: null,
    lockedUntil: null,
    createdBy: userId,
    createdAt: nowIso(),
    startedAt: null,
    finishedAt: null,
  });
  return id;
}

/** Renders in a worker thread; a heap or time limit hit is a failure with its reason. */
export async function renderInWorker(
  pool: WorkerPool,
  task: Omit<ExportTask, 'port'>,
  options: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<ExportFile | JobOutcome> {
  try {
    return await pool.run<ExportFile>(
      EXPORT_WORKER,
      { ...task },
      {
        ...(options.signal ? { signal: options.signal } : {}),
        onProgress: (p) => options.onProgress?.(p.done, p.total),
      },
    );
  } catch (error) {
    if (error instanceof WorkerLimitError && error.reason === 'memory')
      return { ok: false, key: 'export.needs_memory', args: [String(error.limit)] };
    if (error instanceof WorkerLimitError && error.reason === 'time')
      return { ok: false, key: 'export.timeout', args: [String(error.limit)] };
    throw error;
  }
}

/**
 * The handler of `export` jobs: reads the chosen docs (the request was authorized when the job was queued),
 * renders them in the worker pool with progress, and keeps the file for its requester for a day.
 */
export function exportJobHandler(db: Db, pool: WorkerPool): JobPerform {
  return async (job: JobRow, progress, context): Promise<JobOutcome> => {
    const spec = JSON.parse(job.source ?? '{}') as ExportJobSpec;
    const module = await findLiveModule(db, job.moduleId);
    if (!module) return { ok: false, key: 'module.not_found', args: [] };
    progress(0, 0, 'read');
    const source = await loadExportSource(db, {
      moduleId: module.id,
      moduleName: module.name,
      docIds: spec.input.docIds,
      environmentIds: spec.input.environmentIds.length ? spec.input.environmentIds : undefined,
      releaseId: spec.input.releaseId,
    });
    const rendered = await renderInWorker(
      pool,
      { source, request: renderRequestOf(spec.input, spec.lang) },
      { signal: context.signal, onProgress: (done, total) => progress(done, total, 'render') },
    );
    if ('ok' in rendered) return rendered;
    const body = Buffer.from(
      typeof rendered.body === 'string' ? Buffer.from(rendered.body, 'utf8') : rendered.body,
    );
    const now = new Date();
    const file: ExportJobFile = {
      fileName: rendered.fileName,
      size: body.byteLength,
      downloadUrl: `/api/doc/export/download?id=${job.id}`,
      expiresAt: new Date(now.getTime() + EXPORT_FILE_TTL_MS).toISOString(),
    };
    progress(0, 0, 'save');
    await context.flush();
    await db.transaction().execute(async (trx) => {
      await insertExportFile(trx, {
        id: newId(),
        jobId: job.id,
        createdBy: job.createdBy,
        fileName: file.fileName,
        contentType: rendered.contentType,
        size: file.size,
        body: body.toString('base64'),
        createdAt: now.toISOString(),
        expiresAt: file.expiresAt,
      });
      await context.claimCommit(trx);
    });
    return { ok: true, result: file };
  };
}
