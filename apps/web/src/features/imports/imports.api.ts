import {
  type ImportKind,
  ImportStarted,
  Job,
  ModuleImportStatus,
  ModuleSource,
  type ModuleSourceUpdateRequest,
  type SwaggerImportRequest,
} from '@quire/shared';
import { z } from 'zod';
import { apiGet, apiPost, apiUpload, type RequestOptions } from '../../lib/api-client.ts';

/** Starts a Swagger/OpenAPI import from a URL or pasted text; errors are shown by the dialog. */
export function startSwaggerImport(body: SwaggerImportRequest) {
  return apiPost('/module/import/swagger', ImportStarted, body, { silent: true });
}

/** Starts an import of an uploaded file (Swagger, Postman or Markdown), into `moduleId` when given. */
export function uploadImport(kind: ImportKind, projectId: string, file: File, moduleId?: string) {
  const form = new FormData();
  form.append('projectId', projectId);
  if (moduleId) form.append('moduleId', moduleId);
  form.append('file', file, file.name);
  return apiUpload(`/module/import/${kind}`, ImportStarted, form, { silent: true });
}

/** A background job's status; polled quietly. */
export function getJob(id: string, options?: RequestOptions) {
  return apiGet('/job/get', Job, { id }, { silent: true, ...options });
}

/** Cancels a queued or running job (its starter or an administrator); nothing of it is kept. */
export function cancelJob(id: string) {
  return apiPost('/job/cancel', Job, { id });
}

/** The last import job of each imported application of a project. */
export function listImportStatus(projectId: string, options?: RequestOptions) {
  return apiGet(
    '/module/import/status',
    z.array(ModuleImportStatus),
    { projectId },
    { silent: true, ...options },
  );
}

/** Re-imports an application from its saved URL, text or file. */
export function refreshSwagger(moduleId: string) {
  return apiGet('/module/refresh/swagger', ImportStarted, { moduleId });
}

/** Where an application is imported from (never the password). */
export function getModuleSource(moduleId: string, options?: RequestOptions) {
  return apiGet('/module/source/get', ModuleSource, { moduleId }, options);
}

/** Saves the swagger source settings; errors are shown by the form. */
export function updateModuleSource(body: ModuleSourceUpdateRequest) {
  return apiPost('/module/source/update', ModuleSource, body, { silent: true });
}
