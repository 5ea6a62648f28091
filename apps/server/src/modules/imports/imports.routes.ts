import multipart from '@fastify/multipart';
import {
  envelope,
  IMPORT_MAX_BYTES,
  type ImportKind,
  ImportStarted,
  ModuleIdQuery,
  ModuleImportStatus,
  ModuleSource,
  ModuleSourceUpdateRequest,
  ProjectIdQuery,
  SwaggerImportRequest,
} from '@quire/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import type { AppDeps } from '../../http/deps.ts';
import { formatBytes } from '../../http/error-handler.ts';
import { ok } from '../../http/reply.ts';
import type { JobRow } from '../jobs/jobs.service.ts';
import { notifyImportFailures } from '../messages/sync-outcome.ts';
import { importJobHandler } from './import-job.ts';
import {
  changeSource,
  getSource,
  importStatuses,
  refreshSwagger,
  startFileImport,
  startSwaggerImport,
} from './imports.service.ts';
import { queueDueRefreshes } from './refresh-scheduler.ts';

const SCHEDULER_MS = 30_000;

/**
 * The uploaded file of a multipart import, its `projectId` field and the optional `moduleId` (import into that
 * application); refuses none, two, or a too large one.
 */
async function readUpload(
  request: FastifyRequest,
): Promise<{ projectId: string; moduleId: string; fileName: string; content: string }> {
  if (!request.isMultipart()) throw new AppError('import.file_required');
  let projectId = '';
  let moduleId = '';
  let file: { fileName: string; content: string } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (file) {
          part.file.resume();
          throw new AppError('import.one_file');
        }
        const buffer = await part.toBuffer();
        file = { fileName: part.filename, content: buffer.toString('utf8') };
      } else if (part.fieldname === 'projectId') projectId = String(part.value ?? '');
      else if (part.fieldname === 'moduleId') moduleId = String(part.value ?? '').trim();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError('http.payload_too_large', { args: [formatBytes(IMPORT_MAX_BYTES)] });
    if (code === 'FST_FILES_LIMIT') throw new AppError('import.one_file');
    throw error;
  }
  if (!file?.content.length) throw new AppError('import.file_required');
  if (!projectId) throw new AppError('project.not_found');
  return { projectId, moduleId, ...file };
}

/**
 * Imports (Swagger/OpenAPI, Postman, Markdown) as background jobs of the kinds `import` and `refresh`
 * (registered with the jobs module, modules/jobs/jobs.routes.ts, which must be registered first), the import
 * status and the swagger source settings of an application.
 */
export function registerImportRoutes(app: FastifyInstance, { db, env }: AppDeps): void {
  const runner = app.jobRunner;
  // Admins hear of imports that fail for good (successes are told by the sync that wrote the docs).
  const perform = notifyImportFailures(db, importJobHandler(db, env, app.workerPool));
  // A first import that failed or was cancelled leaves no application behind (the sync wrote nothing: one
  // transaction).
  const onFailed = async (job: JobRow) => {
    if (job.kind !== 'import') return;
    const now = new Date().toISOString();
    await db
      .updateTable('modules')
      .set({ deletedAt: now, deletedBy: job.createdBy, updatedAt: now })
      .where('id', '=', job.moduleId)
      .where('deletedAt', 'is', null)
      .execute();
  };
  app.jobs.register({ kind: 'import', perform, onFailed });
  app.jobs.register({ kind: 'refresh', perform, onFailed });
  if (env.QUIRE_JOBS) {
    app.addHook('onReady', async () => {
      runner.every(SCHEDULER_MS, () => queueDueRefreshes(db, runner));
    });
  }
  const deps = { env, runner };

  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 2, fields: 10, parts: 12 },
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/module/import/swagger',
      {
        bodyLimit: IMPORT_MAX_BYTES,
        schema: { response: { 200: envelope(ImportStarted) } },
      },
      async (request) => {
        const c = await callerOf(request, db);
        if (request.isMultipart()) {
          const upload = await readUpload(request);
          return ok(await startFileImport(c, deps, { ...upload, kind: 'swagger' }));
        }
        const body = SwaggerImportRequest.safeParse(request.body ?? {});
        if (!body.success) throw new AppError('import.source_required');
        return ok(await startSwaggerImport(c, deps, body.data));
      },
    );

    for (const kind of ['postman', 'markdown'] as const satisfies ImportKind[]) {
      r.post(
        `/api/module/import/${kind}`,
        { bodyLimit: IMPORT_MAX_BYTES, schema: { response: { 200: envelope(ImportStarted) } } },
        async (request) => {
          const c = await callerOf(request, db);
          const upload = await readUpload(request);
          return ok(await startFileImport(c, deps, { ...upload, kind }));
        },
      );
    }
  });

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/module/refresh/swagger',
    { schema: { querystring: ModuleIdQuery, response: { 200: envelope(ImportStarted) } } },
    async (request) => ok(await refreshSwagger(await callerOf(request, db), deps, request.query.moduleId)),
  );

  r.get(
    '/api/module/import/status',
    { schema: { querystring: ProjectIdQuery, response: { 200: envelope(z.array(ModuleImportStatus)) } } },
    async (request) =>
      ok(await importStatuses(await callerOf(request, db), request.query.projectId, request.lang ?? 'zh-CN')),
  );

  r.get(
    '/api/module/source/get',
    { schema: { querystring: ModuleIdQuery, response: { 200: envelope(ModuleSource) } } },
    async (request) => ok(await getSource(await callerOf(request, db), request.query.moduleId)),
  );

  r.post(
    '/api/module/source/update',
    { schema: { body: ModuleSourceUpdateRequest, response: { 200: envelope(ModuleSource) } } },
    async (request) => ok(await changeSource(await callerOf(request, db), deps, request.body)),
  );
}
