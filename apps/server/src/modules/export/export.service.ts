import { safeFileName, WORD_ROWS_MAX, wordRowCount } from '@quire/api-model/export';
import {
  type ErrorCode,
  type ExportFormat,
  type ExportStyle,
  RECENT_EXPORTS_MAX,
  type RecentExport,
  type TokenExportRequest,
} from '@quire/shared';
import type { z } from 'zod';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { nowIso } from '../../lib/clock.ts';
import { loadDocModule } from '../docs/doc-access.ts';
import { findDocRef } from '../docs/docs.service.ts';
import { listEnvironments } from '../environments/environments.service.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { listUserJobs, presentJob } from '../jobs/jobs.service.ts';
import type { WorkerPool } from '../jobs/worker-pool.ts';
import type { TokenModule } from '../open-api/module-tokens.service.ts';
import { findExportFile, listExportFileInfo } from './export-files.repository.ts';
import {
  EXPORT_FILE_TTL_MS,
  EXPORT_JOB,
  type ExportInput,
  queueExport,
  renderInWorker,
  renderRequestOf,
} from './export-job.ts';
import { type ExportFile, postmanFile, renderExport } from './export-render.ts';
import { loadExportSource } from './export-source.service.ts';
import { findProjectRelease } from '../releases/releases.service.ts';

export type { ExportFile } from './export-render.ts';

/** What `POST /api/doc/export` answers: the file, or the job that will write it. */
export type ExportAnswer = { file: ExportFile } | { jobId: string };

export interface ExportDeps {
  pool: WorkerPool;
  runner: JobRunner;
  /**
   * Past this many param rows, or a tenth as many docs, an export becomes a job (a worker renders it; the
   * caller follows its progress and downloads the file); below, it is answered at once (`QUIRE_EXPORT_INLINE_ROWS`;
   * Word of 2,000 rows takes well under a second).
   */
  inlineRows: number;
}

/** The application a request names, by `moduleId` or by the first of its `docIds`; read access checked. */
async function moduleOf(c: Caller, input: ExportInput) {
  let moduleId = input.moduleId;
  if (!moduleId) {
    const first = input.docIds?.[0];
    if (!first) throw new AppError('export.no_docs');
    const ref = await findDocRef(c.db, first);
    if (!ref) throw new AppError('doc.not_found');
    moduleId = ref.moduleId;
  }
  return loadDocModule(c, moduleId, 'read');
}

/**
 * `POST /api/doc/export`: the file of the chosen docs in the chosen format. Every chosen doc must belong to
 * the one application whose read access was checked (`loadExportSource` refuses any other id).
 */
export async function exportDocs(
  c: Caller,
  deps: ExportDeps,
  input: ExportInput,
  lang: string,
): Promise<ExportAnswer> {
  if (input.docIds && input.docIds.length === 0) throw new AppError('export.no_docs');
  const module = await moduleOf(c, input);
  // Documents print one URL per ticked environment, as Torna's export dialog asks for them.
  const printsUrls = input.format === 'markdown' || input.format === 'word' || input.format === 'html';
  if (printsUrls && !input.environmentIds.length && (await listEnvironments(c.db, module.id)).length)
    throw new AppError('export.environments_required');
  // A release of another project is "not found", as a release the caller may not read.
  if (input.releaseId && !(await findProjectRelease(c.db, module.projectId, input.releaseId)))
    throw new AppError('release.not_found');
  const source = await loadExportSource(c.db, {
    moduleId: module.id,
    moduleName: module.name,
    docIds: input.docIds,
    environmentIds: input.environmentIds.length ? input.environmentIds : undefined,
    releaseId: input.releaseId,
  });
  const rows = wordRowCount(source);
  if (input.format === 'word' && rows > WORD_ROWS_MAX)
    throw new AppError('export.too_large', { args: [rows, WORD_ROWS_MAX] });
  const docs = countDocs(source.nodes);
  if (rows > deps.inlineRows || docs > deps.inlineRows / 10) {
    const jobId = await queueExport(c.db, module.id, c.actor.user.id, { input, lang });
    deps.runner.kick();
    return { jobId };
  }
  return { file: await renderExport(source, renderRequestOf(input, lang)) };
}

function countDocs(nodes: ReadonlyArray<{ kind: string; children?: unknown }>): number {
  let n = 0;
  for (const node of nodes)
    n += node.kind === 'doc' ? 1 : countDocs(node.children as ReadonlyArray<{ kind: string }>);
  return n;
}

/**
 * `GET /api/doc/export/download?id=`: the file of a finished export job, for the user who started it only
 * (anyone else, or after a day, is told the file is not there: no hint that it exists).
 */
export async function downloadExport(c: Caller, jobId: string): Promise<ExportFile> {
  const file = await findExportFile(c.db, jobId, nowIso());
  if (!file || file.createdBy !== c.actor.user.id) throw new AppError('export.file_not_found');
  return {
    fileName: file.fileName,
    contentType: file.contentType,
    body: new Uint8Array(Buffer.from(file.body, 'base64')),
  };
}

/**
 * `GET /api/doc/export/list?moduleId=`: the caller's own export jobs of an application (read access checked)
 * from the last day, newest first. A finished one is listed while its file is kept; one whose file is gone
 * (its day is over) is not. Failures say why in the caller's language.
 */
export async function recentExports(c: Caller, moduleId: string, lang: string): Promise<RecentExport[]> {
  const module = await loadDocModule(c, moduleId, 'read');
  const now = nowIso();
  const jobs = await listUserJobs(c.db, {
    moduleId: module.id,
    userId: c.actor.user.id,
    kind: EXPORT_JOB,
    since: new Date(Date.parse(now) - EXPORT_FILE_TTL_MS).toISOString(),
    limit: RECENT_EXPORTS_MAX,
  });
  const files = new Map(
    (
      await listExportFileInfo(
        c.db,
        jobs.filter((job) => job.status === 'done').map((job) => job.id),
        now,
      )
    ).map((file) => [file.jobId, file]),
  );
  const out: RecentExport[] = [];
  for (const job of jobs) {
    const file = files.get(job.id);
    // Done without a kept file: its day is over (or it was pruned); nothing to download.
    if (job.status === 'done' && !file) continue;
    const shown = presentJob(job, lang);
    const asked = askedOf(job.source);
    out.push({
      id: job.id,
      format: asked.format,
      style: asked.style,
      status: shown.status,
      phase: shown.phase,
      done: shown.done,
      total: shown.total,
      fileName: file?.fileName ?? null,
      size: file?.size ?? null,
      downloadUrl: file ? `/api/doc/export/download?id=${job.id}` : null,
      expiresAt: file?.expiresAt ?? null,
      createdAt: job.createdAt,
      error: shown.error,
    });
  }
  return out;
}

/**
 * The format and style an export job was asked for (its `source` is the request as validated, kept once the
 * job is over; a job that ended before the export kind kept it has none).
 */
function askedOf(source: string | null): { format: ExportFormat | null; style: ExportStyle | null } {
  const spec = JSON.parse(source ?? '{}') as { input?: Partial<ExportInput> };
  return { format: spec.input?.format ?? null, style: spec.input?.style ?? null };
}

/**
 * `POST /api/module/export` with a push token (`quire export`): the token's whole application, or the docs
 * and folders of `docIds` and `folders` (folders by name path; ids of another application are refused as
 * `POST /api/doc/export` refuses them), rendered in the worker pool and answered as the file, however large
 * (a pipeline waits for it; there is no user to own a job's download). Environments are named; none named
 * prints all of them.
 */
export async function exportOfToken(
  c: Pick<Caller, 'db'>,
  deps: Pick<ExportDeps, 'pool'>,
  module: TokenModule,
  input: z.output<typeof TokenExportRequest>,
  lang: string,
): Promise<ExportFile> {
  const environments = await listEnvironments(c.db, module.id);
  const wanted = new Set(input.environments);
  const chosen = input.environments.length ? environments.filter((e) => wanted.has(e.name)) : environments;
  if (chosen.length !== wanted.size && input.environments.length) throw new AppError('environment.not_found');
  const source = await loadExportSource(c.db, {
    moduleId: module.id,
    moduleName: module.name,
    docIds: input.docIds,
    folderPaths: input.folders,
    environmentIds: chosen.map((e) => e.id),
  });
  const rows = wordRowCount(source);
  if (input.format === 'word' && rows > WORD_ROWS_MAX)
    throw new AppError('export.too_large', { args: [rows, WORD_ROWS_MAX] });
  const request = renderRequestOf({ ...input, environmentIds: [] }, lang);
  const rendered = await renderInWorker(deps.pool, { source, request });
  if ('ok' in rendered) {
    if (rendered.ok) throw new Error('a render answers a file or a failure');
    throw new AppError(rendered.key as ErrorCode, { args: rendered.args });
  }
  return rendered;
}

/** `GET /api/doc/export/postman?moduleId=`: the whole application as a Postman collection (readers). */
export async function exportPostmanOfModule(c: Caller, moduleId: string): Promise<ExportFile> {
  const module = await loadDocModule(c, moduleId, 'read');
  const source = await loadExportSource(c.db, {
    moduleId: module.id,
    moduleName: module.name,
    allowEmpty: true,
  });
  return postmanFile(source, safeFileName(module.name), true);
}

/** `GET /api/module/postman/{token}`: the token's application as a Postman collection, without a host. */
export async function exportPostmanOfToken(c: Pick<Caller, 'db'>, module: TokenModule): Promise<ExportFile> {
  const source = await loadExportSource(c.db, {
    moduleId: module.id,
    moduleName: module.name,
    allowEmpty: true,
  });
  return postmanFile(source, safeFileName(module.name), false);
}
