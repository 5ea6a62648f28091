import { z } from 'zod';
import { defineCall } from './contract.ts';
import type { JobStatus } from './imports.ts';
import { ModuleIdQuery } from './modules.ts';
import { EntityId } from './spaces.ts';

/** Formats of `POST /api/doc/export`. */
export const EXPORT_FORMATS = ['markdown', 'html', 'word', 'openapi', 'postman'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** One file, or one file per doc zipped by folder (Markdown and Word; OpenAPI and Postman are one file). */
export const EXPORT_STYLES = ['allInOne', 'perDoc'] as const;
export type ExportStyle = (typeof EXPORT_STYLES)[number];

/** Docs one export may name (folders count once; their docs come along). */
export const EXPORT_DOC_IDS_MAX = 1000;

/**
 * `POST /api/doc/export`: the whole application (`moduleId`) or a selection (`docIds`, docs and folders of
 * one application), the environments whose URLs are printed, and the format. Answers the file itself when
 * the export is small, else `202` with an `ExportJobAnswer` (a job; its file is downloaded once done).
 */
export const DocExportRequest = z.object({
  format: z.enum(EXPORT_FORMATS),
  moduleId: EntityId.optional(),
  docIds: z.array(EntityId).max(EXPORT_DOC_IDS_MAX).optional(),
  environmentIds: z.array(EntityId).max(100).default([]),
  style: z.enum(EXPORT_STYLES).default('allInOne'),
  /** OpenAPI only: the text form of the description. */
  openapiFormat: z.enum(['json', 'yaml']).default('json'),
  /** A release of the application's project: export the docs as it froze them (docs/releases.md). */
  releaseId: EntityId.optional(),
});
export type DocExportRequest = z.input<typeof DocExportRequest>;

/** `GET /api/doc/export/postman?moduleId=` (Torna's download of a Postman collection). */
export const PostmanExportQuery = z.object({ moduleId: EntityId });

/** `GET /api/module/postman/{token}`: the push token of the application. */
export const PostmanTokenParams = z.object({ token: z.string().min(1).max(512) });

/** The file of a finished export job: downloadable by the user who started it until `expiresAt`. */
export const ExportJobFile = z.object({
  fileName: z.string(),
  size: z.number().int(),
  /** `GET /api/doc/export/download?id=<job id>`. */
  downloadUrl: z.string(),
  expiresAt: z.string(),
});
export type ExportJobFile = z.infer<typeof ExportJobFile>;

/** `POST /api/doc/export` answered with a job (large exports): follow it with `GET /api/job/get?id=`. */
export const ExportJobAnswer = z.object({ jobId: z.string() });
export type ExportJobAnswer = z.infer<typeof ExportJobAnswer>;

/** `GET /api/doc/export/download?id=`: the job whose file to download. */
export const ExportDownloadQuery = z.object({ id: EntityId });

/** A folder named by its path from the application's root, names joined by `/` (`Orders/Refunds`). */
export const FolderPath = z.string().trim().min(1).max(1000);

/**
 * `POST /api/module/export` with the application's push token (`Authorization: Bearer`): what `quire export`
 * sends. The whole application, or the docs and folders of `docIds` and `folders` (a folder brings its
 * subtree; ids and paths of the token's application only); environments by name (none named: all of them).
 * Always answers the file.
 */
export const TokenExportRequest = z.object({
  format: z.enum(EXPORT_FORMATS),
  docIds: z.array(EntityId).max(EXPORT_DOC_IDS_MAX).optional(),
  folders: z.array(FolderPath).max(100).optional(),
  style: z.enum(EXPORT_STYLES).default('allInOne'),
  openapiFormat: z.enum(['json', 'yaml']).default('json'),
  environments: z.array(z.string().min(1).max(128)).max(100).default([]),
});
export type TokenExportRequest = z.input<typeof TokenExportRequest>;

/** A job's states (imports.ts's `JOB_STATUSES`; not imported: that file imports this one). */
const EXPORT_JOB_STATUSES = [
  'queued',
  'running',
  'done',
  'failed',
  'cancelled',
] as const satisfies ReadonlyArray<JobStatus>;

/**
 * One of the caller's recent exports that ran as a job (`GET /api/doc/export/list`): what was asked, where
 * it is, and its file once written (`downloadUrl` answers it to its requester until `expiresAt`).
 */
export const RecentExport = z.object({
  id: z.string(),
  /** What was asked; null for an export that ended before its request was kept with it. */
  format: z.enum(EXPORT_FORMATS).nullable(),
  style: z.enum(EXPORT_STYLES).nullable(),
  status: z.enum(EXPORT_JOB_STATUSES),
  /** The step a running export is in ('' when not running): read, render, save. */
  phase: z.string(),
  /** Docs rendered of all (0 of 0 outside the render step). */
  done: z.number().int(),
  total: z.number().int(),
  /** The file, once written: null before and for a failed or cancelled export. */
  fileName: z.string().nullable(),
  size: z.number().int().nullable(),
  downloadUrl: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  /** Why it failed, in the caller's language. */
  error: z.string().nullable(),
});
export type RecentExport = z.infer<typeof RecentExport>;

/** How many recent exports the list answers at most (the newest first). */
export const RECENT_EXPORTS_MAX = 50;

/**
 * `GET /api/doc/export/list?moduleId=`: the caller's own export jobs of an application from the last day,
 * newest first; one whose file is gone (kept a day) is not listed.
 */
export const docExportList = defineCall({
  method: 'GET',
  path: '/api/doc/export/list',
  query: ModuleIdQuery,
  response: z.array(RecentExport),
  access: 'user',
});
