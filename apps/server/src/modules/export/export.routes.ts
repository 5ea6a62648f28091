import { DocExportRequest, PostmanExportQuery, PostmanTokenParams } from '@quire/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import type { AppDeps } from '../../http/deps.ts';
import { findModuleByTokenHash, pushTokenHash } from '../open-api/module-tokens.service.ts';
import {
  type ExportFile,
  exportDocs,
  exportPostmanOfModule,
  exportPostmanOfToken,
} from './export.service.ts';

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

/** Exports of docs: the file of a selection, and Torna's two Postman downloads. */
export function registerExportRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/doc/export', { schema: { body: DocExportRequest } }, async (request, reply) =>
    sendFile(reply, await exportDocs(await callerOf(request, db), request.body, request.lang)),
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
