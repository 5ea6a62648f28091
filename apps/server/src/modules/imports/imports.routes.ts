import multipart from '@fastify/multipart';
import {
  IMPORT_MAX_BYTES,
  type ImportKind,
  moduleImportMarkdown,
  moduleImportPostman,
  moduleImportStatus,
  moduleImportSwagger,
  moduleRefreshSwagger,
  moduleSourceGet,
  moduleSourceUpdate,
  SwaggerImportRequest,
} from '@quire/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import type { AppDeps } from '../../http/deps.ts';
import { formatBytes } from '../../http/error-handler.ts';
import { route } from '../../http/route.ts';
import { nowIso } from '../../lib/clock.ts';
import { discardRevisionsWrittenAhead } from '../doc-sync/deferred-sync.ts';
import { discardStagedImport, sweepStagedImports } from '../doc-sync/staged-sync.ts';
import type { JobRow } from '../jobs/jobs.service.ts';
import { notifyImportFailures } from '../messages/sync-outcome.ts';
import { softDeleteModule } from '../modules/modules.service.ts';
import { catchUpSearchIndex } from '../view/search-index.service.ts';
import { importJobHandler, warmConverter } from './import-job.ts';
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
  // A first import that failed or was cancelled leaves no application behind: the rows it wrote hidden are
  // deleted (doc-sync/staged-sync.ts; after the answer, and finished by the sweep at start if cut short).
  const onFailed = async (job: JobRow) => {
    if (job.kind !== 'import') return;
    const { discarded } = await discardStagedImport(db, job.moduleId, job.id, () =>
      softDeleteModule(db, job.moduleId, job.createdBy, nowIso()),
    );
    discarded.catch((error: unknown) => app.log.error({ err: error }, 'discarding a staged import failed'));
  };
  app.jobs.register({ kind: 'import', perform, onFailed });
  app.jobs.register({ kind: 'refresh', perform, onFailed });
  if (env.QUIRE_JOBS) {
    app.addHook('onReady', async () => {
      // Revisions a re-import wrote ahead of a switch a crash cut short (SQLite): one statement, before any job.
      await discardRevisionsWrittenAhead(db);
      runner.every(SCHEDULER_MS, () => queueDueRefreshes(db, runner));
      // Hidden applications of imports that ended without publishing (a crash mid-discard): off the start's path.
      sweepStagedImports(db).catch((error: unknown) =>
        app.log.error({ err: error }, 'sweeping staged imports failed'),
      );
      // Full-text entries a re-import's switch left to bring up to date when a crash cut that short (SQLite).
      catchUpSearchIndex(db).catch((error: unknown) =>
        app.log.error({ err: error }, 'bringing the search index up to date failed'),
      );
    });
    // A serving instance (not an injected test app) readies its converter once it listens, off the start's path.
    app.addHook('onListen', async () => {
      void warmConverter(app.workerPool);
    });
  }
  const deps = { env, runner };

  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 2, fields: 10, parts: 12 },
    });
    route(
      scope,
      moduleImportSwagger,
      async (request) => {
        const c = await callerOf(request, db);
        if (request.isMultipart()) {
          const upload = await readUpload(request);
          return await startFileImport(c, deps, { ...upload, kind: 'swagger' });
        }
        // Not validated by the route (a multipart body would fail the schema): parsed here.
        const body = SwaggerImportRequest.safeParse(request.body ?? {});
        if (!body.success) throw new AppError('import.source_required');
        return await startSwaggerImport(c, deps, body.data);
      },
      { bodyLimit: IMPORT_MAX_BYTES, validateBody: false },
    );

    for (const [contract, kind] of [
      [moduleImportPostman, 'postman'],
      [moduleImportMarkdown, 'markdown'],
    ] as const satisfies ReadonlyArray<readonly [unknown, ImportKind]>) {
      route(
        scope,
        contract,
        async (request) => {
          const c = await callerOf(request, db);
          const upload = await readUpload(request);
          return await startFileImport(c, deps, { ...upload, kind });
        },
        { bodyLimit: IMPORT_MAX_BYTES },
      );
    }
  });

  route(
    app,
    moduleRefreshSwagger,
    async (request) => await refreshSwagger(await callerOf(request, db), deps, request.query.moduleId),
  );

  route(
    app,
    moduleImportStatus,
    async (request) =>
      await importStatuses(await callerOf(request, db), request.query.projectId, request.lang ?? 'zh-CN'),
  );

  route(
    app,
    moduleSourceGet,
    async (request) => await getSource(await callerOf(request, db), request.query.moduleId),
  );

  route(
    app,
    moduleSourceUpdate,
    async (request) => await changeSource(await callerOf(request, db), deps, request.body),
  );
}
