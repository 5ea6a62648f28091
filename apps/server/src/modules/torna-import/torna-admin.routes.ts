import { adminTornaDryRun, adminTornaImport } from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { startTornaImport, tornaJobKind } from './torna-import-job.ts';

/**
 * Backend management › Import from Torna (super admin, docs/torna-import.md): a dry run or the import, each a
 * job followed with `GET /api/job/get`. Registered after the jobs module (it adds a job kind).
 */
export function registerTornaAdminRoutes(app: FastifyInstance, { db, env }: AppDeps): void {
  app.jobs.register(tornaJobKind(db, env.QUIRE_SECRET_KEY));
  const deps = { secretKey: env.QUIRE_SECRET_KEY, kick: () => app.jobRunner.kick() };
  route(app, adminTornaDryRun, async (request) =>
    startTornaImport(await callerOf(request, db), deps, request.body, true),
  );
  route(app, adminTornaImport, async (request) =>
    startTornaImport(await callerOf(request, db), deps, request.body, false),
  );
}
