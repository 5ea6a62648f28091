import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld } from '../../../test/doc-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { newId } from '../../lib/ids.ts';
import { type JobHandler, JobRunner } from './job-runner.ts';
import { findJob, insertJob, pruneFinishedJobs } from './jobs.repository.ts';

function jobRow(moduleId: string, createdBy: string, extra: Record<string, unknown> = {}) {
  return {
    id: newId(),
    kind: 'count',
    moduleId,
    status: 'queued',
    progressDone: 0,
    progressTotal: 0,
    result: null,
    error: null,
    attempts: 0,
    lockedBy: null,
    lockedUntil: null,
    createdBy,
    createdAt: new Date().toISOString(),
    startedAt: null,
    finishedAt: null,
    ...extra,
  };
}

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('condition not reached');
}

describe.each(testDialects())('job runner on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  beforeAll(async () => {
    t = await createTestApp(dialect, { QUIRE_JOBS: 'false' });
    w = await createDocWorld(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('runs each job exactly once with two instances on one database', async () => {
    const runs = new Map<string, number>();
    const handler: JobHandler = async (job, progress) => {
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      progress(1, 1);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { ok: true, result: { by: job.lockedBy } };
    };
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const row = jobRow(w.moduleId, w.userId);
      ids.push(row.id);
      await insertJob(t.db, row);
    }
    const a = new JobRunner(t.db, t.app.log, { count: handler }, async () => undefined);
    const b = new JobRunner(t.db, t.app.log, { count: handler }, async () => undefined);
    a.start();
    b.start();
    a.kick();
    b.kick();
    await until(async () => {
      const rows = await Promise.all(ids.map((id) => findJob(t.db, id)));
      return rows.every((row) => row?.status === 'done');
    });
    await Promise.all([a.stop(), b.stop()]);
    expect(ids.map((id) => runs.get(id))).toEqual(ids.map(() => 1));
    const owners = new Set(
      (await Promise.all(ids.map((id) => findJob(t.db, id)))).map((row) => row?.lockedBy),
    );
    expect([...owners].every((owner) => owner === a.owner || owner === b.owner)).toBe(true);
  });

  it('takes over a job whose instance died (lease expired), and gives up after three attempts', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const orphan = jobRow(w.moduleId, w.userId, {
      status: 'running',
      lockedBy: 'dead',
      lockedUntil: past,
      attempts: 1,
    });
    const hopeless = jobRow(w.moduleId, w.userId, {
      status: 'running',
      lockedBy: 'dead',
      lockedUntil: past,
      attempts: 3,
    });
    await insertJob(t.db, orphan);
    await insertJob(t.db, hopeless);
    const given: string[] = [];
    const runner = new JobRunner(
      t.db,
      t.app.log,
      { count: async () => ({ ok: true, result: 1 }) },
      async (job) => {
        given.push(job.id);
      },
    );
    runner.start();
    runner.kick();
    await until(
      async () =>
        (await findJob(t.db, orphan.id))?.status === 'done' &&
        (await findJob(t.db, hopeless.id))?.status === 'failed',
    );
    await runner.stop();
    expect(await findJob(t.db, orphan.id)).toMatchObject({ attempts: 2, lockedBy: runner.owner });
    expect(JSON.parse((await findJob(t.db, hopeless.id))?.error ?? '{}')).toEqual({
      key: 'import.abandoned',
      args: [],
    });
    expect(given).toEqual([hopeless.id]);
  });

  it('records a handler that throws as failed and keeps running the next job', async () => {
    const bad = jobRow(w.moduleId, w.userId, { kind: 'boom' });
    const good = jobRow(w.moduleId, w.userId);
    await insertJob(t.db, bad);
    await insertJob(t.db, good);
    const runner = new JobRunner(
      t.db,
      t.app.log,
      {
        boom: async () => {
          throw new Error('unexpected');
        },
        count: async () => ({ ok: true, result: 2 }),
      },
      async () => undefined,
    );
    runner.start();
    runner.kick();
    await until(async () => (await findJob(t.db, good.id))?.status === 'done');
    await runner.stop();
    expect(JSON.parse((await findJob(t.db, bad.id))?.error ?? '{}')).toEqual({
      key: 'import.failed',
      args: [],
    });
  });

  it('prunes old finished jobs but keeps running ones and the last job of each imported application', async () => {
    const old = '2020-01-01T00:00:00.000Z';
    const done = jobRow(w.moduleId, w.userId, { status: 'done', finishedAt: old });
    const last = jobRow(w.moduleId, w.userId, { status: 'failed', finishedAt: old });
    const running = jobRow(w.moduleId, w.userId, { status: 'running', lockedBy: 'x', lockedUntil: old });
    for (const row of [done, last, running]) await insertJob(t.db, row);
    const now = new Date().toISOString();
    await t.db
      .insertInto('moduleSources')
      .values({
        moduleId: w.moduleId,
        kind: 'swagger',
        url: '',
        authUsername: '',
        authPasswordEnc: '',
        content: '{}',
        fileName: '',
        refreshMinutes: 0,
        nextSyncAt: null,
        lastJobId: last.id,
        lastSyncAt: null,
        createdBy: w.userId,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await pruneFinishedJobs(t.db, '2021-01-01T00:00:00.000Z');
    expect(await findJob(t.db, done.id)).toBeUndefined();
    expect(await findJob(t.db, last.id)).toBeDefined();
    expect(await findJob(t.db, running.id)).toBeDefined();
  });
});
