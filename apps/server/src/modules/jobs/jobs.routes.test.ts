import type { Job } from '@quire/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, newProjectGuest } from '../../../test/doc-fixture.ts';
import { example, liveDocCount, waitForJob } from '../../../test/import-fixture.ts';
import { expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, envelopeOf, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { newId } from '../../lib/ids.ts';
import { JobRegistry } from './job-kinds.ts';
import { findJob, insertJob } from './jobs.repository.ts';

function jobRow(kind: string, moduleId: string, createdBy: string) {
  return {
    id: newId(),
    kind,
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
  };
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 1500; i++) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('condition not reached');
}

describe('job registry', () => {
  it('refuses a kind registered twice and lists the kinds it knows', () => {
    const registry = new JobRegistry();
    const perform = async () => ({ ok: true as const, result: null });
    registry.register({ kind: 'a', perform });
    registry.register({ kind: 'b', perform });
    expect(() => registry.register({ kind: 'a', perform })).toThrow(/registered twice/);
    expect(registry.names()).toEqual(['a', 'b']);
    expect(registry.get('b')?.perform).toBe(perform);
    expect(registry.get('c')).toBeUndefined();
  });
});

describe.each(testDialects())('jobs on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  /** Jobs of the `slow` kind wait for this to resolve (or for their cancel). */
  let release: () => void = () => undefined;
  const seen: { aborted: boolean; rolledBack: boolean }[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // A kind that reports progress, then waits; when cancelled it tries to commit a write and must fail.
    t.app.jobs.register({
      kind: 'slow',
      perform: async (job, progress, context) => {
        progress(3, 10, 'convert');
        await new Promise<void>((resolve) => {
          release = resolve;
          context.signal.addEventListener('abort', () => resolve());
        });
        const marker = newId();
        let rolledBack = false;
        try {
          await t.db.transaction().execute(async (trx) => {
            await trx
              .insertInto('jobs')
              .values({ ...jobRow('marker', job.moduleId, job.createdBy), id: marker, status: 'done' })
              .execute();
            await context.claimCommit(trx);
          });
        } catch {
          rolledBack = (await findJob(t.db, marker)) === undefined;
        }
        seen.push({ aborted: context.signal.aborted, rolledBack });
        return { ok: true, result: null };
      },
    });
    // A kind that writes in one transaction and reports progress from inside it (a sync does): on SQLite the
    // transaction holds the only writer, so its row can say nothing new until it ends.
    t.app.jobs.register({
      kind: 'writer',
      perform: async (job, progress, context) => {
        const marker = newId();
        try {
          await t.db.transaction().execute(async (trx) => {
            await trx
              .insertInto('jobs')
              .values({ ...jobRow('marker', job.moduleId, job.createdBy), id: marker, status: 'done' })
              .execute();
            for (let done = 1; !context.signal.aborted; done++) {
              progress(done, 1000, 'write');
              await new Promise((resolve) => setTimeout(resolve, 5));
            }
            await context.claimCommit(trx);
          });
        } catch {
          seen.push({
            aborted: context.signal.aborted,
            rolledBack: (await findJob(t.db, marker)) === undefined,
          });
        }
        return { ok: true, result: null };
      },
    });
  });
  afterAll(async () => {
    release();
    await t.close();
  });
  beforeEach(async () => {
    w = await createDocWorld(t);
  });

  const getJob = (id: string, token = w.token) => expectOk<Job>(t.get(`/api/job/get?id=${id}`, { token }));

  it('answers phase, done and total while a job runs, and lets its starter cancel it: nothing of it kept', async () => {
    const row = jobRow('slow', w.moduleId, w.userId);
    await insertJob(t.db, row);
    t.app.jobRunner.kick();
    const running = await until(
      () => getJob(row.id),
      (job) => job.phase === 'convert',
    );
    expect(running).toMatchObject({ status: 'running', phase: 'convert', done: 3, total: 10 });

    const cancelled = await expectOk<Job>(t.post('/api/job/cancel', { id: row.id }, { token: w.token }));
    expect(cancelled).toMatchObject({ status: 'cancelled', phase: '' });
    await until(
      async () => seen.length,
      (n) => n > 0,
    );
    expect(seen.at(-1)).toEqual({ aborted: true, rolledBack: true });
    await t.app.jobRunner.idle();
    expect((await getJob(row.id)).status).toBe('cancelled');
  });

  it('answers the live progress of a job writing in a transaction, and cancels it without waiting for it', async () => {
    const row = jobRow('writer', w.moduleId, w.userId);
    await insertJob(t.db, row);
    t.app.jobRunner.kick();
    const running = await until(
      () => getJob(row.id),
      (job) => job.phase === 'write' && job.done > 20,
    );
    expect(running).toMatchObject({ status: 'running', total: 1000 });
    const before = seen.length;
    const cancelled = await expectOk<Job>(t.post('/api/job/cancel', { id: row.id }, { token: w.token }));
    expect(cancelled.status).toBe('cancelled');
    await t.app.jobRunner.idle();
    expect(seen.slice(before)).toEqual([{ aborted: true, rolledBack: true }]);
    expect((await getJob(row.id)).status).toBe('cancelled');
  });

  it('refuses a cancel by a reader who did not start the job, and of a finished job', async () => {
    const row = jobRow('slow', w.moduleId, w.userId);
    await insertJob(t.db, row);
    t.app.jobRunner.kick();
    await until(
      () => getJob(row.id),
      (job) => job.phase === 'convert',
    );
    const guest = await newProjectGuest(t, w);
    const refused = await t.post('/api/job/cancel', { id: row.id }, { token: guest.token });
    expect([refused.statusCode, envelopeOf(refused).code]).toEqual([403, 'job.cancel_forbidden']);
    release();
    await until(
      () => getJob(row.id),
      (job) => job.status === 'done',
    );
    const late = await t.post('/api/job/cancel', { id: row.id }, { token: w.token });
    expect([late.statusCode, envelopeOf(late).code]).toEqual([409, 'job.not_cancellable']);
    const unknown = await t.post('/api/job/cancel', { id: newId() }, { token: w.token });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers the counts of a finished import: done = total = operations', async () => {
    const started = await expectOk<{ moduleId: string; jobId: string }>(
      t.post(
        '/api/module/import/swagger',
        { projectId: w.projectId, content: example('3.0/json/petstore.json') },
        { token: w.token },
      ),
    );
    const job = await waitForJob(t, w.token, started.jobId);
    // The petstore example has 20 operations, one doc each.
    expect(job).toMatchObject({ status: 'done', phase: '', done: 20, total: 20 });
    expect(await liveDocCount(t, started.moduleId)).toBe(20);
  });
});

describe.each(testDialects())('an unchanged re-import on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await createDocWorld(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('skips the conversion while nobody touched the docs, and syncs again once someone did', async () => {
    const started = await expectOk<{ moduleId: string; jobId: string }>(
      t.post(
        '/api/module/import/swagger',
        { projectId: w.projectId, content: example('3.0/json/petstore.json') },
        { token: w.token },
      ),
    );
    expect((await waitForJob(t, w.token, started.jobId)).status).toBe('done');
    const refresh = async () => {
      const again = await expectOk<{ jobId: string }>(
        t.get(`/api/module/refresh/swagger?moduleId=${started.moduleId}`, { token: w.token }),
      );
      return waitForJob(t, w.token, again.jobId);
    };
    const skipped = await refresh();
    expect(skipped.result).toMatchObject({ added: 0, updated: 0, removed: 0, unchanged: 20 });
    // Nothing was converted: the job never counted operations.
    expect(skipped.total).toBe(0);

    // A doc deleted by hand: the source is the same, the application is not, so the sync runs and adds it back.
    const doc = await t.db
      .selectFrom('docs')
      .select('id')
      .where('moduleId', '=', started.moduleId)
      .where('isFolder', '=', 0)
      .executeTakeFirstOrThrow();
    await expectOk(t.post('/api/doc/delete', { id: doc.id }, { token: w.token }));
    expect(await liveDocCount(t, started.moduleId)).toBe(19);
    const synced = await refresh();
    expect(synced.result).toMatchObject({ added: 1, unchanged: 19 });
    expect(synced.total).toBe(20);
    expect(await liveDocCount(t, started.moduleId)).toBe(20);
  });
});

describe.each(testDialects())('a queued first import cancelled on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  beforeAll(async () => {
    // No runner: the job stays queued.
    t = await createTestApp(dialect, { QUIRE_JOBS: 'false' });
    w = await createDocWorld(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('leaves no application behind', async () => {
    const started = await expectOk<{ moduleId: string; jobId: string }>(
      t.post(
        '/api/module/import/swagger',
        { projectId: w.projectId, content: example('3.0/json/petstore.json') },
        { token: w.token },
      ),
    );
    const job = await expectOk<Job>(t.post('/api/job/cancel', { id: started.jobId }, { token: w.token }));
    expect(job.status).toBe('cancelled');
    const module = await t.db
      .selectFrom('modules')
      .select('deletedAt')
      .where('id', '=', started.moduleId)
      .executeTakeFirstOrThrow();
    expect(module.deletedAt).not.toBeNull();
    const docs = await t.db
      .selectFrom('docs')
      .select('id')
      .where('moduleId', '=', started.moduleId)
      .execute();
    expect(docs).toEqual([]);
  });
});
