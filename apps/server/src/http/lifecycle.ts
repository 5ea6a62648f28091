import { envelope } from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { migrations } from '../db/migrations/index.ts';
import { AppError } from './app-error.ts';
import { ok } from './reply.ts';

/**
 * Work to hand back before the process leaves (the job runner releases the jobs it holds). A hook gets the
 * grace period left, in milliseconds, and must resolve within it; what it still holds after that is left to
 * its lease.
 */
export type DrainHook = (graceMs: number) => Promise<void>;

/** The instance's life: ready to serve, or draining (a SIGTERM arrived and the process is leaving). */
export interface Lifecycle {
  readonly draining: boolean;
  /** Registers work to run when the instance starts draining (before in-flight requests are awaited). */
  onDrain(hook: DrainHook): void;
  /**
   * Stops taking work: `/api/ready` answers 503 so a balancer moves traffic away, every drain hook runs, then
   * the server stops accepting connections and waits for the requests in flight (Fastify's close).
   */
  drain(graceMs: number): Promise<void>;
}

const Health = z.object({ status: z.literal('ok') });
const Ready = z.object({ status: z.literal('ready'), migrations: z.number().int() });

/** How many of the bundled migrations the database has run. */
async function migrationsRun(db: Db): Promise<number> {
  const names = new Set(Object.keys(migrations));
  const result = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return result.rows.filter((row) => names.has(row.name)).length;
}

/**
 * The probes of a load balancer or orchestrator: `/api/health` says the process is alive (no database
 * call, so a slow database does not get a healthy process restarted), `/api/ready` that it can serve (the
 * database answers, every migration ran, and it is not shutting down).
 */
export function registerLifecycle(app: FastifyInstance, db: Db): Lifecycle {
  let draining = false;
  const hooks: DrainHook[] = [];
  const lifecycle: Lifecycle = {
    get draining() {
      return draining;
    },
    onDrain(hook) {
      hooks.push(hook);
    },
    async drain(graceMs) {
      if (draining) return;
      draining = true;
      const results = await Promise.allSettled(hooks.map((hook) => hook(graceMs)));
      for (const result of results)
        if (result.status === 'rejected') app.log.error({ err: result.reason }, 'drain hook failed');
      // Fastify's close stops accepting and waits for every connection to end. Keep-alive connections of a
      // balancer or client that finish their request after that point would keep it waiting forever, so
      // idle ones are closed as they appear, and after the grace period whatever is left.
      const server = app.server;
      const sweep = setInterval(() => server.closeIdleConnections(), 50);
      const deadline = setTimeout(() => server.closeAllConnections(), Math.max(graceMs, 1000));
      try {
        await app.close();
      } finally {
        clearInterval(sweep);
        clearTimeout(deadline);
      }
    },
  };

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/health',
    { config: { auth: 'public' }, schema: { response: { 200: envelope(Health) } } },
    async () => ok({ status: 'ok' as const }),
  );
  r.get(
    '/api/ready',
    { config: { auth: 'public' }, schema: { response: { 200: envelope(Ready) } } },
    async () => {
      if (draining) throw new AppError('system.not_ready');
      let done: number;
      try {
        done = await migrationsRun(db);
      } catch (error) {
        app.log.warn({ err: error }, 'readiness check: database unreachable');
        throw new AppError('system.not_ready');
      }
      if (done < Object.keys(migrations).length) throw new AppError('system.not_ready');
      return ok({ status: 'ready' as const, migrations: done });
    },
  );
  return lifecycle;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Readiness and graceful shutdown (http/lifecycle.ts). */
    lifecycle: Lifecycle;
  }
}
