import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld } from '../../test/doc-fixture.ts';
import { createTestApp, envelopeOf, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { newId } from '../lib/ids.ts';
import { JobRunner } from '../modules/jobs/job-runner.ts';
import { findJob, insertJob } from '../modules/jobs/jobs.repository.ts';

describe.each(testDialects())('health, readiness, metrics and shutdown on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  beforeAll(async () => {
    t = await createTestApp(dialect, { QUIRE_JOBS: 'false', QUIRE_METRICS: 'true' });
    w = await createDocWorld(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers alive and ready once every migration ran', async () => {
    const health = await t.get('/api/health');
    expect(health.statusCode).toBe(200);
    expect(envelopeOf(health).data).toEqual({ status: 'ok' });
    const ready = await t.get('/api/ready');
    expect(ready.statusCode).toBe(200);
    const body = envelopeOf<{ status: string; migrations: number }>(ready);
    expect(body.data.status).toBe('ready');
    expect(body.data.migrations).toBeGreaterThan(5);
  });

  it('is not ready when a migration is missing', async () => {
    const [last] = await t.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .orderBy('name' as never, 'desc')
      .limit(1)
      .execute();
    const name = (last as unknown as { name: string }).name;
    await t.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', name as never)
      .execute();
    try {
      const ready = await t.get('/api/ready', { lang: 'zh-CN' });
      expect(ready.statusCode).toBe(503);
      expect(envelopeOf(ready).code).toBe('system.not_ready');
      expect(envelopeOf(ready).msg).toContain('数据库');
    } finally {
      await t.db
        .insertInto('kysely_migration' as never)
        .values({ name, timestamp: new Date().toISOString() } as never)
        .execute();
    }
    expect((await t.get('/api/ready')).statusCode).toBe(200);
  });

  it('counts requests and latencies per route pattern, jobs and pool use', async () => {
    const token = w.token;
    await t.get(`/api/doc/view/data?moduleId=${w.moduleId}`, { token });
    await t.get('/api/health');
    const scrape = await t.get('/metrics');
    expect(scrape.statusCode).toBe(200);
    expect(scrape.headers['content-type']).toContain('text/plain');
    const text = scrape.body;
    expect(text).toMatch(
      /quire_http_requests_total\{method="GET",route="\/api\/health",status="200"\} [1-9]/,
    );
    expect(text).toContain(
      'quire_http_request_duration_seconds_bucket{le="0.001",method="GET",route="/api/doc/view/data"}',
    );
    // the raw URL with its ids never becomes a label
    expect(text).not.toContain(w.moduleId);
    expect(text).toMatch(/quire_db_pool_connections\{state="total"\} \d+/);
    expect(text).toContain('# TYPE quire_jobs gauge');
  });

  it('hands a running job back to the queue on shutdown, its attempt not counted', async () => {
    const runner = new JobRunner(t.db, t.app.log, {}, async () => undefined);
    const id = newId();
    const now = new Date().toISOString();
    await insertJob(t.db, {
      id,
      kind: 'import',
      moduleId: w.moduleId,
      status: 'running',
      progressDone: 3,
      progressTotal: 9,
      result: null,
      error: null,
      attempts: 1,
      lockedBy: runner.owner,
      lockedUntil: new Date(Date.now() + 60_000).toISOString(),
      createdBy: w.userId,
      createdAt: now,
      startedAt: now,
      finishedAt: null,
    });
    await runner.handBack(0);
    const row = await findJob(t.db, id);
    expect(row).toMatchObject({ status: 'queued', lockedBy: null, lockedUntil: null, attempts: 0 });
  });
});

describe('metrics switch', () => {
  it('serves no /metrics unless QUIRE_METRICS=true', async () => {
    const t = await createTestApp('sqlite');
    try {
      const scrape = await t.get('/metrics');
      expect(scrape.body).not.toContain('quire_http_requests_total');
    } finally {
      await t.close();
    }
  });

  it('turns not ready while draining, then closes', async () => {
    const t = await createTestApp('sqlite');
    let during = 0;
    t.app.lifecycle.onDrain(async () => {
      during = (await t.get('/api/ready')).statusCode;
    });
    await t.app.lifecycle.drain(0);
    expect(during).toBe(503);
    await t.close();
  });
});
