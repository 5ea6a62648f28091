import {
  type ImportKind,
  jobCancel,
  jobGet,
  type ModuleSourceUpdateRequest,
  moduleImportMarkdown,
  moduleImportPostman,
  moduleImportStatus,
  moduleImportSwagger,
  moduleRefreshSwagger,
  moduleSourceGet,
  moduleSourceUpdate,
  type SwaggerImportRequest,
} from '@quire/shared';
import { call, type RequestOptions, upload } from '../../lib/api-client.ts';

/** Starts a Swagger/OpenAPI import from a URL or pasted text; errors are shown by the dialog. */
export function startSwaggerImport(body: SwaggerImportRequest) {
  return call(moduleImportSwagger, body, { silent: true });
}

/** Starts an import of an uploaded file (Swagger, Postman or Markdown), into `moduleId` when given. */
export function uploadImport(kind: ImportKind, projectId: string, file: File, moduleId?: string) {
  const form = new FormData();
  form.append('projectId', projectId);
  if (moduleId) form.append('moduleId', moduleId);
  form.append('file', file, file.name);
  const contract = {
    swagger: moduleImportSwagger,
    postman: moduleImportPostman,
    markdown: moduleImportMarkdown,
  }[kind];
  return upload(contract, form, { silent: true });
}

/** A background job's status; polled quietly. */
export function getJob(id: string, options?: RequestOptions) {
  return call(jobGet, { id }, { silent: true, ...options });
}

/** Cancels a queued or running job (its starter or an administrator); nothing of it is kept. */
export function cancelJob(id: string) {
  return call(jobCancel, { id });
}

/** The last import job of each imported application of a project. */
export function listImportStatus(projectId: string, options?: RequestOptions) {
  return call(moduleImportStatus, { projectId }, { silent: true, ...options });
}

/** Re-imports an application from its saved URL, text or file. */
export function refreshSwagger(moduleId: string) {
  return call(moduleRefreshSwagger, { moduleId });
}

/** Where an application is imported from (never the password). */
export function getModuleSource(moduleId: string, options?: RequestOptions) {
  return call(moduleSourceGet, { moduleId }, options);
}

/** Saves the swagger source settings; errors are shown by the form. */
export function updateModuleSource(body: ModuleSourceUpdateRequest) {
  return call(moduleSourceUpdate, body, { silent: true });
}
