import { registerTornaAdminRoutes } from './modules/torna-import/torna-admin.routes.ts';
import { registerTornaRoutes } from './modules/torna-import/torna-import.routes.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Env } from './config/env.ts';
import type { Db } from './db/database.ts';
import { registerAuthentication } from './http/authenticate.ts';
import type { AppDeps } from './http/deps.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerLifecycle } from './http/lifecycle.ts';
import { registerMetrics } from './http/metrics.ts';
import { serializerCompiler } from './http/serializer.ts';
import { registerServerTiming } from './http/server-timing.ts';
import './http/types.ts';
import { registerAdminRoutes } from './modules/admin/admin.routes.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { registerComposeRoutes } from './modules/compose/compose.routes.ts';
import { registerConstantRoutes } from './modules/constants/constants.routes.ts';
import { registerReleaseRoutes } from './modules/releases/releases.routes.ts';
import { registerDebugRoutes } from './modules/debug/debug.routes.ts';
import type { ShareDebugGate } from './modules/debug/debug-access.ts';
import { registerDocRevisionRoutes } from './modules/docs/doc-revisions.routes.ts';
import { registerDocRoutes } from './modules/docs/docs.routes.ts';
import { registerEnumRoutes } from './modules/enums/enums.routes.ts';
import { registerEnvironmentGlobalRoutes } from './modules/environments/environment-globals.routes.ts';
import { registerEnvironmentRoutes } from './modules/environments/environments.routes.ts';
import { registerExportRoutes } from './modules/export/export.routes.ts';
import { registerGenRoutes } from './modules/gen/gen.routes.ts';
import { registerI18nRoutes } from './modules/i18n/i18n.routes.ts';
import { registerImportRoutes } from './modules/imports/imports.routes.ts';
import { registerJobRoutes } from './modules/jobs/jobs.routes.ts';
import { registerMcpRoutes } from './modules/mcp/mcp.routes.ts';
import { registerMessageRoutes } from './modules/messages/messages.routes.ts';
import { registerMockRoutes } from './modules/mock/mock.routes.ts';
import { registerModuleRoutes } from './modules/modules/modules.routes.ts';
import { registerOpenApiRoutes } from './modules/open-api/open-api.routes.ts';
import { registerProjectRoutes } from './modules/projects/projects.routes.ts';
import { shareDebugGateOf } from './modules/sharing/share-debug-gate.ts';
import { registerShareRoutes } from './modules/sharing/shares.routes.ts';
import { registerVisitorHeaders } from './modules/sharing/visitor-headers.ts';
import { registerSignInRoutes } from './modules/signin/signin.routes.ts';
import { registerSpaceRoutes } from './modules/spaces/spaces.routes.ts';
import { registerSystemRoutes } from './modules/system/system.routes.ts';
import { registerTokenRoutes } from './modules/tokens/tokens.routes.ts';
import { registerUserRoutes } from './modules/users/users.routes.ts';
import { registerViewRoutes } from './modules/view/view.routes.ts';
import { registerWebRoutes } from './modules/web/web.routes.ts';
import { registerWebhookRoutes } from './modules/webhooks/webhooks.routes.ts';

/** Options of `buildApp`; tests pass their own database and a silent logger. */
export interface BuildAppOptions {
  env: Env;
  db: Db;
  logger?: boolean | { level: string };
  /** Called for every route as it is registered, with the auth level it declares; the route-table test uses it. */
  onRoute?: (route: { method: string; url: string; auth: string }) => void;
  /**
   * Who besides logged-in users may use the debug panel's calls (modules/debug/debug-access.ts); default:
   * visitors of shares and composed projects that offer debugging (modules/sharing/share-debug-gate.ts).
   */
  shareDebugGate?: ShareDebugGate;
}

/** Where the built web app lives: QUIRE_WEB_DIST, else apps/web/dist beside this package. */
function webDistOf(env: Env): string {
  if (env.QUIRE_WEB_DIST) return path.resolve(env.QUIRE_WEB_DIST);
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '../../web/dist');
}

/**
 * Builds the Fastify app: plugins first, then one line per feature module. This list is the table of
 * contents of the server.
 */
export async function buildApp({
  env,
  db,
  logger = false,
  onRoute,
  shareDebugGate,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    // One line per request is noise at our request rates; errors are still logged with their request id.
    logController: new LogController({ disableRequestLogging: true }),
    // Fastify binds a child logger per request for its request id; that costs more than a small request's
    // query. The few places that log a request's failure put `reqId` in the entry themselves.
    childLoggerFactory: (logger) => logger,
    bodyLimit: env.QUIRE_BODY_LIMIT,
    trustProxy: trustProxyOf(env.QUIRE_TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: true },
  });
  if (onRoute) {
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) onRoute({ method, url: route.url, auth: route.config?.auth ?? 'user' });
    });
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerServerTiming(app);
  registerAuthentication(app, db);
  app.decorate('lifecycle', registerLifecycle(app, db));
  if (env.QUIRE_METRICS) registerMetrics(app, db);

  const deps: AppDeps = { db, env };
  registerSystemRoutes(app, deps);
  registerI18nRoutes(app, deps);
  registerAuthRoutes(app, deps);
  registerSignInRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerTokenRoutes(app, deps);
  registerMessageRoutes(app, deps);
  registerSpaceRoutes(app, deps);
  registerProjectRoutes(app, deps);
  registerModuleRoutes(app, deps);
  registerEnvironmentRoutes(app, deps);
  registerDocRoutes(app, deps);
  registerDocRevisionRoutes(app, deps);
  registerEnumRoutes(app, deps);
  registerConstantRoutes(app, deps);
  registerReleaseRoutes(app, deps);
  registerEnvironmentGlobalRoutes(app, deps);
  registerGenRoutes(app, deps);
  registerAdminRoutes(app, deps);
  registerViewRoutes(app, deps);
  registerVisitorHeaders(app);
  registerShareRoutes(app, deps);
  registerComposeRoutes(app, deps);
  registerTornaRoutes(app, deps);
  await registerOpenApiRoutes(app, deps);
  await registerMcpRoutes(app, deps);
  registerJobRoutes(app, deps);
  // After the jobs module: exports register a job kind.
  registerExportRoutes(app, deps);
  registerImportRoutes(app, deps);
  registerTornaAdminRoutes(app, deps);
  await registerMockRoutes(app, deps);
  registerWebhookRoutes(app, deps);
  registerDebugRoutes(app, deps, { shareGate: shareDebugGate ?? shareDebugGateOf(db) });
  await registerWebRoutes(app, webDistOf(env));
  return app;
}

/**
 * Fastify's trust setting from `QUIRE_TRUST_PROXY`: a number of hops trusts that many proxies nearest to the
 * socket, so `request.ip` is the address the outermost trusted proxy added, never one the client wrote.
 */
function trustProxyOf(
  setting: false | number | string[],
): boolean | string[] | ((addr: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_addr, hop) => hop < setting;
  return setting;
}
