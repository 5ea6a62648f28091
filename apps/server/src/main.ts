import { buildApp } from './app.ts';
import { loadEnv } from './config/env.ts';
import { createDatabase, migrateToLatest } from './db/database.ts';
import { databaseTarget, describeTarget } from './db/target.ts';
import { startSyncThread } from './modules/doc-sync/sync-thread.ts';
import { ensureSuperAdmin } from './modules/users/users.service.ts';

/** Starts Quire: migrate, bootstrap the first super admin, listen. */
async function start(): Promise<void> {
  const startedAt = performance.now();
  const env = loadEnv();
  const db = createDatabase(databaseTarget(env));
  await migrateToLatest(db);
  const bootstrap = await ensureSuperAdmin(db, env.QUIRE_ADMIN_PASSWORD);
  const app = await buildApp({ env, db, logger: { level: env.LOG_LEVEL } });
  if (bootstrap.printedPassword) {
    // Printed once, never stored in clear: the account has status 2, so the first login must replace it.
    process.stdout.write(
      `\n  Quire created the super admin account.\n    username: admin\n    password: ${bootstrap.printedPassword}\n  You will be asked to set a new password at the first login.\n\n`,
    );
  }
  // Graceful: /api/ready turns 503, the job runner hands back what it runs, the server stops accepting
  // connections and answers the requests in flight, then the database closes. A second signal leaves at once.
  let closing = false;
  const close = async (signal: string) => {
    if (closing) process.exit(1);
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.lifecycle.drain(env.QUIRE_SHUTDOWN_GRACE_MS);
      await db.destroy();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: env.PORT, host: env.HOST });
  // Pushes on PostgreSQL and MySQL run on their own thread (modules/doc-sync/sync-thread.ts): loaded now, not
  // by the first push.
  startSyncThread(db);
  const where = describeTarget(databaseTarget(env));
  // performance.now() counts from process start: `loadMs` is module loading, `startMs` migrations to listen.
  app.log.info(
    { database: where, loadMs: Math.round(startedAt), startMs: Math.round(performance.now() - startedAt) },
    'Quire is listening',
  );
  if (env.HOST === '0.0.0.0') process.stdout.write(`  Quire is ready on http://localhost:${env.PORT}\n`);
}

start().catch((error: unknown) => {
  process.stderr.write(`Quire could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
