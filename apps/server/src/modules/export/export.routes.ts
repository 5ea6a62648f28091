import {
  DocExportRequest,
  docExportList,
  ExportDownloadQuery,
  PostmanExportQuery,
  PostmanTokenParams,
  TokenExportRequest,
} from '@quire/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/reply.ts';
import { route } from '../../http/route.ts';
import { nowIso } from '../../lib/clock.ts';
import { findModuleByTokenHash, pushTokenHash } from '../open-api/module-tokens.service.ts';
import {
  downloadExport,
  type ExportFile,
  exportDocs,
  exportOfToken,
  exportPostmanOfModule,
  exportPostmanOfToken,
  recentExports,
} from './export.service.ts';
import { pruneExportFiles } from './export-files.repository.ts';
import { EXPORT_JOB, exportJobHandler } from './export-job.ts';

/** Answers a file as a download: an ASCII fallback name and the real one in RFC 6266's `filename*`. */
function sendFile(reply: FastifyReply, file: ExportFile) {
  const ascii = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header(
      'Content-Disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .header('Cache-Control', 'no-store')
    .type(file.contentType)
    .send(typeof file.body === 'string' ? file.body : Buffer.from(file.body));
}

/** The push token of `Authorization: Bearer <token>`. */
function bearerOf(request: FastifyRequest): string {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw new AppError('module.not_found');
  return match[1];
}

const PRUNE_MS = 60 * 60_000;

/**
 * Exports of docs: the file of a selection (or a job for a large one, and its download), the token export of
 * `quire export`, and Torna's two Postman downloads. Registers the `export` job kind: register after the jobs
 * module.
 */
export function registerExportRoutes(app: FastifyInstance, { db, env }: AppDeps): void {
  // The request is kept once the job is over: the list of recent exports shows its format and style.
  app.jobs.register({ kind: EXPORT_JOB, perform: exportJobHandler(db, app.workerPool), keepsSource: true });
  if (env.QUIRE_JOBS)
    app.addHook('onReady', async () => {
      app.jobRunner.every(PRUNE_MS, async () => {
        await pruneExportFiles(db, nowIso());
      });
    });
  const deps = () => ({
    pool: app.workerPool,
    runner: app.jobRunner,
    inlineRows: env.QUIRE_EXPORT_INLINE_ROWS,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/doc/export', { schema: { body: DocExportRequest } }, async (request, reply) => {
    const answer = await exportDocs(await callerOf(request, db), deps(), request.body, request.lang);
    if ('jobId' in answer) return reply.code(202).send(ok({ jobId: answer.jobId }));
    return sendFile(reply, answer.file);
  });

  route(app, docExportList, async (request) =>
    recentExports(await callerOf(request, db), request.query.moduleId, request.lang ?? 'zh-CN'),
  );

  r.get(
    '/api/doc/export/download',
    { schema: { querystring: ExportDownloadQuery } },
    async (request, reply) =>
      sendFile(reply, await downloadExport(await callerOf(request, db), request.query.id)),
  );

  // The push token is the credential (looked up by its hash), sent in a header so it stays out of URLs and
  // access logs. The answer is always the file: a pipeline waits for it.
  r.post(
    '/api/module/export',
    { config: { auth: 'public' }, schema: { body: TokenExportRequest } },
    async (request, reply) => {
      const module = await findModuleByTokenHash(db, pushTokenHash(bearerOf(request)));
      if (!module) throw new AppError('module.not_found');
      return sendFile(reply, await exportOfToken({ db }, deps(), module, request.body, request.lang));
    },
  );

  r.get('/api/doc/export/postman', { schema: { querystring: PostmanExportQuery } }, async (request, reply) =>
    sendFile(reply, await exportPostmanOfModule(await callerOf(request, db), request.query.moduleId)),
  );

  // Public as in Torna: the push token in the path is the credential (looked up by its hash), and the
  // collection carries no host, so it names no server.
  r.get(
    '/api/module/postman/:token',
    { config: { auth: 'public' }, schema: { params: PostmanTokenParams } },
    async (request, reply) => {
      const module = await findModuleByTokenHash(db, pushTokenHash(request.params.token));
      if (!module) throw new AppError('module.not_found');
      return sendFile(reply, await exportPostmanOfToken({ db }, module));
    },
  );
}
