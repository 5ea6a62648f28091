import type { Job } from '@quire/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, detailOf } from '../../../test/doc-fixture.ts';
import { liveDocCount, waitForJob } from '../../../test/import-fixture.ts';
import { expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, envelopeOf, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

const info = { title: 'Hostile', version: '1' };

/** "Billion laughs": 9 levels of 9 aliases each, 387 million strings once expanded. */
function yamlBomb(): string {
  const lines = ['openapi: 3.0.0', 'info: {title: Bomb, version: "1"}', 'paths: {}', 'a0: &a0 ["lol"]'];
  for (let i = 1; i <= 9; i++)
    lines.push(
      `a${i}: &a${i} [${Array(9)
        .fill(`*a${i - 1}`)
        .join(', ')}]`,
    );
  return lines.join('\n');
}

/** One operation whose response body is a schema nested `depth` objects deep. */
function deepSchema(depth: number): string {
  const open = '{"type":"object","properties":{"a":'.repeat(depth);
  const close = '}}'.repeat(depth);
  const schema = `${open}{"type":"string"}${close}`;
  return `{"openapi":"3.0.0","info":${JSON.stringify(info)},"paths":{"/deep":{"get":{"responses":{"200":{"description":"ok","content":{"application/json":{"schema":${schema}}}}}}}}}`;
}

/** Schemas S0..S39, each with two properties referring to the next: 2^40 rows if expanded naively. */
function exponential(): string {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < 40; i++)
    schemas[`S${i}`] =
      i === 39
        ? { type: 'string' }
        : {
            type: 'object',
            properties: {
              left: { $ref: `#/components/schemas/S${i + 1}` },
              right: { $ref: `#/components/schemas/S${i + 1}` },
            },
          };
  const op = (name: string) => ({
    operationId: name,
    responses: {
      200: {
        description: 'ok',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/S0' } } },
      },
    },
  });
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < 20; i++) paths[`/e${i}`] = { get: op(`e${i}`) };
  return JSON.stringify({ openapi: '3.0.0', info, paths, components: { schemas } });
}

/** A plain description of `count` operations with a few inline fields each (several MB). */
function wide(count: number): string {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    const properties: Record<string, unknown> = {};
    for (let f = 0; f < 30; f++)
      properties[`field_${f}`] = { type: 'string', description: `field ${f} of ${i}` };
    paths[`/items/${i}`] = {
      post: {
        summary: `Item ${i}`,
        requestBody: { content: { 'application/json': { schema: { type: 'object', properties } } } },
        responses: { 200: { description: 'ok' } },
      },
    };
  }
  return JSON.stringify({ openapi: '3.0.0', info, paths });
}

describe.each(testDialects())('hostile imports on %s', { timeout: 60_000 }, (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  beforeAll(async () => {
    t = await createTestApp(dialect, { QUIRE_WORKER_HEAP_MB: '256', QUIRE_WORKER_TIMEOUT_S: '25' });
    w = await createDocWorld(t);
  });
  afterAll(async () => {
    await t.close();
  });

  async function runImport(content: string): Promise<{ job: Job; moduleId: string }> {
    const started = await expectOk<{ moduleId: string; jobId: string }>(
      t.post('/api/module/import/swagger', { projectId: w.projectId, content }, { token: w.token }),
    );
    // The server keeps answering other calls while the worker chews on the description.
    const alive = await t.get('/api/user/perm/get', { token: w.token });
    expect(alive.statusCode).toBe(200);
    return { job: await waitForJob(t, w.token, started.jobId), moduleId: started.moduleId };
  }

  it('refuses a YAML bomb with a clear reason', async () => {
    const { job } = await runImport(yamlBomb());
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/aliases/);
  });

  it('refuses a 60 MB file before any job', async () => {
    const response = await t.post(
      '/api/module/import/swagger',
      { projectId: w.projectId, content: `{"openapi":"3.0.0","x":"${'x'.repeat(60 * 1024 * 1024)}"}` },
      { token: w.token },
    );
    expect(response.statusCode).toBe(413);
    expect(envelopeOf(response).msg).toMatch(/50 MB/);
  });

  it('imports a schema nested 10,000 levels deep cut at the model depth, and says so', async () => {
    const { job, moduleId } = await runImport(deepSchema(10_000));
    expect(job.status).toBe('done');
    expect(await liveDocCount(t, moduleId)).toBe(1);
    // The cut is said on the row where it happens, never silent.
    const doc = await t.db
      .selectFrom('docs')
      .select('id')
      .where('moduleId', '=', moduleId)
      .where('isFolder', '=', 0)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(await detailOf(t, w.token, doc.id))).toMatch(/nested deeper than 32 levels/);
  });

  it('imports a description whose naive expansion is exponential, the cap reported', async () => {
    const { job, moduleId } = await runImport(exponential());
    expect(job.status).toBe('done');
    expect(job.result?.warnings.join('\n')).toMatch(
      /repeated more than 24 times, later copies shown by reference/,
    );
    expect(await liveDocCount(t, moduleId)).toBe(20);
  });
});

describe('worker heap limit', { timeout: 60_000 }, () => {
  let t: TestApp;
  let w: DocWorld;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { QUIRE_WORKER_HEAP_MB: '16' });
    w = await createDocWorld(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('fails a description that needs more with "needs more than 16 MB", changes nothing, and keeps serving', async () => {
    const started = await expectOk<{ moduleId: string; jobId: string }>(
      t.post(
        '/api/module/import/swagger',
        { projectId: w.projectId, content: wide(4000) },
        { token: w.token },
      ),
    );
    const job = await waitForJob(t, w.token, started.jobId);
    expect(job.status).toBe('failed');
    expect(job.error).toBe(
      'This description needs more than 16 MB to convert; an administrator can raise QUIRE_WORKER_HEAP_MB',
    );
    expect(await liveDocCount(t, started.moduleId)).toBe(0);
    expect((await t.get('/api/user/perm/get', { token: w.token })).statusCode).toBe(200);
    // The pool replaced the worker it lost: a small description imports.
    const small = await expectOk<{ jobId: string }>(
      t.post('/api/module/import/swagger', { projectId: w.projectId, content: wide(3) }, { token: w.token }),
    );
    const smallJob = await waitForJob(t, w.token, small.jobId);
    expect(smallJob.error ?? null).toBe(null);
    expect(smallJob.status).toBe('done');
  });
});
