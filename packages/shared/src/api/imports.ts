import { z } from 'zod';
import { defineCall } from './contract.ts';
import { ModuleIdQuery } from './modules.ts';
import { ProjectIdQuery } from './projects.ts';
import { EntityId } from './spaces.ts';
import { ExportJobFile } from './export.ts';
import { TornaImportReport } from './torna-admin.ts';

/** Kinds of import sources. */
export const IMPORT_KINDS = ['swagger', 'postman', 'markdown'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The largest source an import reads (upload, pasted text or fetched URL): 50 MB. */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

/** Module `type` of an application an import created (0 is made by hand). */
export const ImportModuleType = { swagger: 1, postman: 2, markdown: 3 } as const;

/** Refresh intervals (minutes) the settings offer; 0 = never. */
export const REFRESH_MINUTES_MAX = 7 * 24 * 60;

const optionalText = (max: number) =>
  z
    .string()
    .max(max, { error: `validation.max|${max}` })
    .optional()
    .default('');

/**
 * `POST /api/module/import/swagger`: a URL (optionally with basic auth) or the pasted text of a Swagger 2 /
 * OpenAPI 3.x description, JSON or YAML. Exactly one of `url` and `content`.
 */
export const SwaggerImportRequest = z.object({
  projectId: EntityId,
  /** Import into this existing application of the project (a re-import) instead of creating one. */
  moduleId: EntityId.optional(),
  url: optionalText(2000),
  content: z.string().optional().default(''),
  authUsername: optionalText(200),
  authPassword: optionalText(500),
  /** Minutes between scheduled re-imports of a URL; 0 or absent = never. */
  refreshMinutes: z.coerce.number().int().min(0).max(REFRESH_MINUTES_MAX).optional().default(0),
});
export type SwaggerImportRequest = z.input<typeof SwaggerImportRequest>;

/** The answer of every import call: the new application and the job that fills it. */
export const ImportStarted = z.object({ moduleId: z.string(), jobId: z.string() });
export type ImportStarted = z.infer<typeof ImportStarted>;

/** `GET /api/job/get?id`. */
export const JobIdQuery = z.object({ id: EntityId });

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** What an import changed. */
export const ImportResult = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
  unchanged: z.number().int(),
  /** The docs soft-deleted because the source no longer has them (at most 500 listed). */
  removedDocs: z.array(
    z.object({ id: z.string(), name: z.string(), httpMethod: z.string(), url: z.string() }),
  ),
  warnings: z.array(z.string()),
});
export type ImportResult = z.infer<typeof ImportResult>;

/** A background job as callers see it; `error` is in the caller's language. */
export const Job = z.object({
  id: z.string(),
  kind: z.string(),
  moduleId: z.string(),
  status: z.enum(JOB_STATUSES),
  /** The step a running job is in: '' (not started), fetch, parse, convert, write, commit. */
  phase: z.string(),
  /** Progress in the phase: done of total (0 of 0 when the phase has no count). */
  done: z.number().int(),
  total: z.number().int(),
  /** The same counts, as answered before `phase` existed. */
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  result: ImportResult.nullable(),
  /** An export job's file once done (`result` stays null for exports). */
  file: ExportJobFile.nullable().optional(),
  /** A Torna dry run's or import's report once done (`result` stays null for them). */
  torna: TornaImportReport.nullable().optional(),
  error: z.string().nullable(),
  createTime: z.string(),
  finishTime: z.string(),
});
export type Job = z.infer<typeof Job>;

/** `POST /api/job/cancel`: by whoever started the job, or an administrator of its project. */
export const JobCancelRequest = z.object({ id: EntityId });
export type JobCancelRequest = z.infer<typeof JobCancelRequest>;

/** `GET /api/module/import/status?projectId`: the last job of each imported application of a project. */
export const ModuleImportStatus = z.object({
  moduleId: z.string(),
  kind: z.enum(IMPORT_KINDS),
  job: Job.nullable(),
});
export type ModuleImportStatus = z.infer<typeof ModuleImportStatus>;

/** `GET /api/module/source/get?moduleId`: where the application is imported from; never the password. */
export const ModuleSource = z.object({
  moduleId: z.string(),
  kind: z.enum(IMPORT_KINDS),
  url: z.string(),
  authUsername: z.string(),
  hasPassword: z.boolean(),
  /** True when the source is saved text (pasted or uploaded) rather than a URL. */
  hasContent: z.boolean(),
  fileName: z.string(),
  refreshMinutes: z.number().int(),
  lastSyncTime: z.string(),
  nextSyncTime: z.string(),
});
export type ModuleSource = z.infer<typeof ModuleSource>;

/**
 * `POST /api/module/source/update`: the swagger settings. `authPassword` absent keeps the stored one, ''
 * clears it.
 */
export const ModuleSourceUpdateRequest = z.object({
  moduleId: EntityId,
  url: z.string().max(2000, { error: 'validation.max|2000' }).optional(),
  authUsername: z.string().max(200, { error: 'validation.max|200' }).optional(),
  authPassword: z.string().max(500, { error: 'validation.max|500' }).optional(),
  refreshMinutes: z.coerce.number().int().min(0).max(REFRESH_MINUTES_MAX).optional(),
});
export type ModuleSourceUpdateRequest = z.input<typeof ModuleSourceUpdateRequest>;

// Takes the JSON body (a URL or pasted text) or a multipart upload; the server's handler reads either.
export const moduleImportSwagger = defineCall({
  method: 'POST',
  path: '/api/module/import/swagger',
  body: SwaggerImportRequest,
  response: ImportStarted,
  access: 'user',
});

export const moduleRefreshSwagger = defineCall({
  method: 'GET',
  path: '/api/module/refresh/swagger',
  query: ModuleIdQuery,
  response: ImportStarted,
  access: 'user',
});

export const moduleImportStatus = defineCall({
  method: 'GET',
  path: '/api/module/import/status',
  query: ProjectIdQuery,
  response: z.array(ModuleImportStatus),
  access: 'user',
});

export const moduleSourceGet = defineCall({
  method: 'GET',
  path: '/api/module/source/get',
  query: ModuleIdQuery,
  response: ModuleSource,
  access: 'user',
});

export const moduleSourceUpdate = defineCall({
  method: 'POST',
  path: '/api/module/source/update',
  body: ModuleSourceUpdateRequest,
  response: ModuleSource,
  access: 'user',
});

export const jobGet = defineCall({
  method: 'GET',
  path: '/api/job/get',
  query: JobIdQuery,
  response: Job,
  access: 'user',
});

export const jobCancel = defineCall({
  method: 'POST',
  path: '/api/job/cancel',
  body: JobCancelRequest,
  response: Job,
  access: 'user',
});

// Multipart uploads: the file is the input, read by the server's handler.
export const moduleImportPostman = defineCall({
  method: 'POST',
  path: '/api/module/import/postman',
  response: ImportStarted,
  access: 'user',
});

export const moduleImportMarkdown = defineCall({
  method: 'POST',
  path: '/api/module/import/markdown',
  response: ImportStarted,
  access: 'user',
});
