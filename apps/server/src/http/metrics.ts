import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type Db, poolStatsOf } from '../db/database.ts';

/** Seconds; a tree call of a big application sits in the tens of milliseconds, a push in seconds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Prometheus metrics at `GET /metrics` (QUIRE_METRICS=true): requests and latencies per route (the route's
 * pattern, never the raw URL, so ids do not explode the label set), jobs per status, the connection pool and
 * Node's own process metrics. Each app has its own registry, so several apps in one process (tests) do not
 * collide. The route is open like `/api/health`: it carries counts, never data, and operators keep it on the
 * private network.
 */
export function registerMetrics(app: FastifyInstance, db: Db): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'quire_' });
  const requests = new Counter({
    name: 'quire_http_requests_total',
    help: 'HTTP requests answered, per method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'quire_http_request_duration_seconds',
    help: 'Time from arrival to the answer sent, per method and route',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'quire_jobs',
    help: 'Background jobs in the database, per status',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await sql<{ status: string; n: number | string }>`
        select status, count(*) as n from jobs group by status`.execute(db);
      for (const row of rows.rows) this.set({ status: row.status }, Number(row.n));
    },
  });
  new Gauge({
    name: 'quire_db_pool_connections',
    help: 'Database connections of this instance: total, idle, and callers waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = poolStatsOf(db);
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });

  // A callback hook: it runs on every answer and needs no promise.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') {
      requests.inc({ method: request.method, route, status: String(reply.statusCode) });
      latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    }
    done();
  });

  app.get('/metrics', { config: { auth: 'public' } }, async (_request, reply) => {
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
}
