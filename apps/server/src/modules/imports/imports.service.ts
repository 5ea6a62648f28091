import { Ordering } from '@quire/api-model';
import {
  IMPORT_MAX_BYTES,
  type ImportKind,
  ImportModuleType,
  type ImportStarted,
  type ModuleImportStatus,
  type ModuleSource,
  type ModuleSourceUpdateRequest,
  type SwaggerImportRequest,
} from '@quire/shared';
import type { z } from 'zod';
import type { Env } from '../../config/env.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { formatBytes } from '../../http/error-handler.ts';
import { nowIso } from '../../lib/clock.ts';
import { FetchError, parseFetchUrl } from '../../lib/guarded-fetch.ts';
import { newId } from '../../lib/ids.ts';
import { secretBoxOf } from '../../lib/secret-box.ts';
import { authorizeDoc } from '../../policies/doc.policy.ts';
import { authorizeModule } from '../../policies/module.policy.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { presentJob } from '../jobs/jobs.presenter.ts';
import { hasActiveJob, insertJob, latestJobs } from '../jobs/jobs.service.ts';
import { defaultModuleSettings } from '../modules/module-settings.service.ts';
import {
  findLiveModule,
  findLiveModuleByName,
  insertModule,
  loadModule,
  maxModuleOrder,
} from '../modules/modules.service.ts';
import { projectRefOf } from '../projects/projects.presenter.ts';
import { loadProject } from '../projects/projects.service.ts';
import type { SourceSpec } from './job-source.ts';
import { findSource, insertSource, listProjectSources, updateSource } from './module-sources.repository.ts';

/** What the import calls need beside the caller. */
export interface ImportDeps {
  env: Env;
  runner: JobRunner;
}

const NAME_MAX = 64;

/** A name for the new application until the job names it after the source's title. */
function provisionalName(kind: ImportKind, url: string, content: string, fileName: string): string {
  const head = content.slice(0, 65_536);
  const title =
    /"title"\s*:\s*"([^"\\]{1,64})"/.exec(head)?.[1] ??
    /^\s{2}title:\s*['"]?([^'"\n]{1,64})/m.exec(head)?.[1] ??
    (kind === 'postman' ? /"name"\s*:\s*"([^"\\]{1,64})"/.exec(head)?.[1] : undefined);
  if (title?.trim()) return title.trim();
  if (fileName)
    return fileName.replace(/\.[A-Za-z0-9]+$/, '').slice(0, NAME_MAX) || fileName.slice(0, NAME_MAX);
  if (url) {
    try {
      const parsed = new URL(url);
      return `${parsed.hostname}${parsed.pathname === '/' ? '' : parsed.pathname}`.slice(0, NAME_MAX);
    } catch {
      return 'Import';
    }
  }
  return kind === 'swagger' ? 'OpenAPI' : kind === 'postman' ? 'Postman' : 'Markdown';
}

/** `name`, or `name (2)`, `name (3)` ... whichever is free in the project. */
async function freeName(c: Caller, projectId: string, name: string): Promise<string> {
  const base =
    name
      .replace(/\p{Cc}/gu, ' ')
      .trim()
      .slice(0, NAME_MAX - 5) || 'Import';
  for (let i = 1; i < 1000; i++) {
    const candidate = i === 1 ? base : `${base} (${i})`;
    if (!(await findLiveModuleByName(c.db, projectId, candidate))) return candidate;
  }
  return `${base} ${newId().slice(0, 4)}`;
}

interface NewImport {
  projectId: string;
  /** An existing application to import into (a re-import) instead of a new one. */
  moduleId?: string | undefined;
  kind: ImportKind;
  url: string;
  content: string | null;
  fileName: string;
  authUsername: string;
  authPassword: string;
  refreshMinutes: number;
}

/** Creates the application, its source and the job in one transaction, then wakes the runner. */
async function startImport(c: Caller, deps: ImportDeps, input: NewImport): Promise<ImportStarted> {
  if (input.moduleId) return startReimport(c, deps, input.moduleId, input);
  const project = await loadProject(c, input.projectId, 'module.create');
  if (input.content !== null && Buffer.byteLength(input.content) > IMPORT_MAX_BYTES)
    throw new AppError('http.payload_too_large', { args: [formatBytes(IMPORT_MAX_BYTES)] });
  const box = await secretBoxOf(c.db, deps.env.QUIRE_SECRET_KEY);
  const moduleId = newId();
  const jobId = newId();
  const now = nowIso();
  const name = await freeName(
    c,
    project.id,
    provisionalName(input.kind, input.url, input.content ?? '', input.fileName),
  );
  try {
    await c.db.transaction().execute(async (trx) => {
      await insertModule(trx, {
        id: moduleId,
        projectId: project.id,
        name,
        type: ImportModuleType[input.kind],
        orderIndex: (await maxModuleOrder(trx, project.id)) + Ordering.step,
        settings: defaultModuleSettings(),
        creatorId: c.actor.user.id,
        createdAt: now,
        updatedAt: now,
        // Hidden until its import publishes it (doc-sync/staged-sync.ts): nothing partial is ever shown.
        deletedAt: now,
        deletedBy: c.actor.user.id,
        stagedJobId: jobId,
      });
      await insertSource(trx, {
        moduleId,
        kind: input.kind,
        url: input.url,
        authUsername: input.authUsername,
        authPasswordEnc: box.seal(input.authPassword),
        content: input.content,
        fileName: input.fileName,
        refreshMinutes: input.url ? input.refreshMinutes : 0,
        nextSyncAt: input.url && input.refreshMinutes ? later(input.refreshMinutes) : null,
        lastJobId: jobId,
        lastSyncAt: null,
        createdBy: c.actor.user.id,
        createdAt: now,
        updatedAt: now,
      });
      await insertJob(trx, newJobRow(jobId, 'import', moduleId, c.actor.user.id, now));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('module.name_taken', { args: [name] });
    throw error;
  }
  deps.runner.kick();
  return { moduleId, jobId };
}

/**
 * A re-import of a given file, text or URL into an existing application: the caller must be allowed to write
 * docs of its project. The source rides on the job and is saved only if the job succeeds, so a failed
 * re-import changes nothing; one job per application at a time.
 */
async function startReimport(
  c: Caller,
  deps: ImportDeps,
  moduleId: string,
  input: NewImport,
): Promise<ImportStarted> {
  const module = await findLiveModule(c.db, moduleId);
  if (!module) throw new AppError('module.not_found');
  const project = projectRefOf({
    id: module.projectId,
    spaceId: module.spaceId,
    isPrivate: module.isPrivate,
  });
  authorizeModule(c.access, project, 'read');
  if (module.projectId !== input.projectId) throw new AppError('import.other_project');
  authorizeDoc(c.access, project, 'write');
  if (input.content !== null && Buffer.byteLength(input.content) > IMPORT_MAX_BYTES)
    throw new AppError('http.payload_too_large', { args: [formatBytes(IMPORT_MAX_BYTES)] });
  if (await hasActiveJob(c.db, module.id)) throw new AppError('import.busy');
  const box = await secretBoxOf(c.db, deps.env.QUIRE_SECRET_KEY);
  const carried: SourceSpec = {
    kind: input.kind,
    url: input.url,
    authUsername: input.authUsername,
    authPasswordEnc: box.seal(input.authPassword),
    content: input.content,
    fileName: input.fileName,
    refreshMinutes: input.url ? input.refreshMinutes : 0,
  };
  const jobId = newId();
  await insertJob(c.db, {
    ...newJobRow(jobId, 'refresh', module.id, c.actor.user.id, nowIso()),
    source: JSON.stringify(carried),
  });
  deps.runner.kick();
  return { moduleId: module.id, jobId };
}

function newJobRow(id: string, kind: 'import' | 'refresh', moduleId: string, createdBy: string, now: string) {
  return {
    id,
    kind,
    moduleId,
    status: 'queued',
    progressDone: 0,
    progressTotal: 0,
    result: null,
    error: null,
    attempts: 0,
    lockedBy: null,
    lockedUntil: null,
    createdBy,
    createdAt: now,
    startedAt: null,
    finishedAt: null,
  };
}

function later(minutes: number): string {
  return new Date(Date.now() + minutes * 60_000).toISOString();
}

function checkedUrl(raw: string): string {
  try {
    return parseFetchUrl(raw).toString();
  } catch (error) {
    if (error instanceof FetchError) throw new AppError('import.url_invalid');
    throw error;
  }
}

/** `POST /api/module/import/swagger`: a URL or pasted text. */
export function startSwaggerImport(
  c: Caller,
  deps: ImportDeps,
  input: z.output<typeof SwaggerImportRequest>,
): Promise<ImportStarted> {
  const url = input.url.trim();
  const content = input.content;
  if (url && content.trim()) throw new AppError('import.source_required');
  if (!url && !content.trim()) throw new AppError('import.source_required');
  return startImport(c, deps, {
    projectId: input.projectId,
    moduleId: input.moduleId,
    kind: 'swagger',
    url: url ? checkedUrl(url) : '',
    content: url ? null : content,
    fileName: '',
    authUsername: url ? input.authUsername.trim() : '',
    authPassword: url ? input.authPassword : '',
    refreshMinutes: input.refreshMinutes,
  });
}

/** `POST /api/module/import/{postman,markdown}` and a swagger file upload. */
export function startFileImport(
  c: Caller,
  deps: ImportDeps,
  input: { projectId: string; moduleId: string; kind: ImportKind; fileName: string; content: string },
): Promise<ImportStarted> {
  return startImport(c, deps, {
    projectId: input.projectId,
    moduleId: input.moduleId || undefined,
    kind: input.kind,
    url: '',
    content: input.content,
    fileName: input.fileName.slice(0, 200),
    authUsername: '',
    authPassword: '',
    refreshMinutes: 0,
  });
}

/** `GET /api/module/refresh/swagger`: re-imports from the saved URL, text or uploaded file (any kind). */
export async function refreshSwagger(c: Caller, deps: ImportDeps, moduleId: string): Promise<ImportStarted> {
  const module = await loadModule(c, moduleId, 'rename');
  const source = await findSource(c.db, module.id);
  if (!source || (source.content === null && !source.url)) throw new AppError('import.no_source');
  return queueRefresh(c.db, deps.runner, module.id, c.actor.user.id, true);
}

/** Queues a re-import unless one is waiting or running. */
export async function queueRefresh(
  db: Caller['db'],
  runner: JobRunner,
  moduleId: string,
  actorId: string,
  refuseBusy: boolean,
): Promise<ImportStarted> {
  if (await hasActiveJob(db, moduleId)) {
    if (refuseBusy) throw new AppError('import.busy');
    return { moduleId, jobId: '' };
  }
  const jobId = newId();
  const now = nowIso();
  await insertJob(db, newJobRow(jobId, 'refresh', moduleId, actorId, now));
  await updateSource(db, moduleId, { lastJobId: jobId, updatedAt: now });
  runner.kick();
  return { moduleId, jobId };
}

/** A job as the caller sees it (the error in their language). */
/** `GET /api/module/import/status?projectId`: the last job of each imported application. */
export async function importStatuses(
  c: Caller,
  projectId: string,
  lang: string,
): Promise<ModuleImportStatus[]> {
  const project = await loadProject(c, projectId, 'project.read');
  const sources = await listProjectSources(c.db, project.id);
  const jobs = await latestJobs(
    c.db,
    sources.map((s) => s.moduleId),
  );
  return sources.map((s) => {
    const job = jobs.get(s.moduleId);
    return { moduleId: s.moduleId, kind: s.kind as ImportKind, job: job ? presentJob(job, lang) : null };
  });
}

/** `GET /api/module/source/get`: the swagger settings, never the password. */
export async function getSource(c: Caller, moduleId: string): Promise<ModuleSource> {
  const module = await loadModule(c, moduleId, 'readSettings');
  const source = await findSource(c.db, module.id);
  if (!source) throw new AppError('import.no_source');
  return presentSource(source);
}

function presentSource(source: NonNullable<Awaited<ReturnType<typeof findSource>>>): ModuleSource {
  return {
    moduleId: source.moduleId,
    kind: source.kind as ImportKind,
    url: source.url,
    authUsername: source.authUsername,
    hasPassword: source.authPasswordEnc !== '',
    hasContent: source.content !== null,
    fileName: source.fileName,
    refreshMinutes: source.refreshMinutes,
    lastSyncTime: source.lastSyncAt ?? '',
    nextSyncTime: source.nextSyncAt ?? '',
  };
}

/** The origin of a saved URL, or '' when there is none. */
function originOf(url: string): string {
  try {
    return url ? new URL(url).origin : '';
  } catch {
    return '';
  }
}

/**
 * `POST /api/module/source/update`: URL, credentials (encrypted), refresh interval. A URL on another origin
 * drops the stored password unless the same save gives a new one.
 */
export async function changeSource(
  c: Caller,
  deps: ImportDeps,
  input: z.output<typeof ModuleSourceUpdateRequest>,
): Promise<ModuleSource> {
  const module = await loadModule(c, input.moduleId, 'updateSettings');
  const source = await findSource(c.db, module.id);
  if (!source) throw new AppError('import.no_source');
  const now = nowIso();
  const changes: Parameters<typeof updateSource>[2] = { updatedAt: now };
  if (input.url !== undefined) {
    const url = input.url.trim();
    if (url) {
      changes.url = checkedUrl(url);
      changes.content = null;
    } else if (source.content === null) throw new AppError('import.url_invalid');
  }
  if (input.authUsername !== undefined) changes.authUsername = input.authUsername.trim();
  // The stored password was given for the old origin: a URL on another origin must not receive it (a
  // developer who may change the URL could otherwise collect the password on a host of their own).
  if (changes.url && input.authPassword === undefined && originOf(changes.url) !== originOf(source.url))
    changes.authPasswordEnc = '';
  if (input.authPassword !== undefined) {
    const box = await secretBoxOf(c.db, deps.env.QUIRE_SECRET_KEY);
    changes.authPasswordEnc = box.seal(input.authPassword);
  }
  if (input.refreshMinutes !== undefined) {
    // Only a URL changes by itself; saved text is re-imported by hand.
    const minutes = (changes.url ?? source.url) ? input.refreshMinutes : 0;
    changes.refreshMinutes = minutes;
    changes.nextSyncAt = minutes ? later(minutes) : null;
  }
  await updateSource(c.db, module.id, changes);
  const updated = await findSource(c.db, module.id);
  if (!updated) throw new AppError('import.no_source');
  return presentSource(updated);
}

// What other modules may use of this module's data (docs/architecture.md: modules meet through services).
export { findModuleForJob } from './module-sources.repository.ts';
