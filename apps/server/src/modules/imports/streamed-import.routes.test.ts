import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ApiDoc, Ordering } from '@quire/api-model';
import type { ImportStarted } from '@quire/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, docsWithDocument } from '../../../test/doc-fixture.ts';
import { waitForJob } from '../../../test/import-fixture.ts';
import { expectOk, grantInternalAccess } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

/*
 * A first import sends its docs while the description still converts (convert-stream.ts): folders come with
 * their first doc and the dictionaries are named at the end, so the sync writes rows linked to dictionary ids
 * the worker chose and puts the folders in order once the tail came (module-sync.ts `writeStreamed`). What
 * it stores must be what a sync of the whole tree stores: a re-import of the same operations (through the
 * whole-tree path) finds every doc unchanged and in place.
 */
let server: Server;
let base = '';
let served = '';

/** 120 operations in three batches and more: every third in Alpha, every third in Beta, the rest untagged. */
function description(extra: Record<string, unknown> = {}): string {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < 120; i++) {
    const tag = i % 3 === 0 ? ['Alpha'] : i % 3 === 1 ? ['Beta'] : undefined;
    paths[`/items/${i}`] = {
      get: {
        summary: `Item ${i}`,
        ...(tag ? { tags: tag } : {}),
        parameters: [{ name: 'state', in: 'query', schema: { type: 'string', enum: ['open', 'closed'] } }],
        responses: {
          200: {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } },
          },
        },
      },
    };
  }
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Shelf', version: '1' },
    servers: [{ url: 'https://shelf.example.com/v1' }],
    // The tags' order, not the order operations use them, is the folders' order.
    tags: [{ name: 'Beta' }, { name: 'Alpha', description: 'The **first** kind' }],
    paths: { ...paths, ...extra },
    components: {
      schemas: {
        Item: {
          type: 'object',
          properties: { id: { type: 'integer' }, status: { $ref: '#/components/schemas/Status' } },
        },
        Status: { type: 'string', enum: ['on', 'off'] },
      },
    },
  });
}

beforeAll(async () => {
  server = createServer((_req, res) => res.end(served));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe.each(testDialects())('a first import streamed from its worker on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  beforeAll(async () => {
    t = await createTestApp(dialect, { QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1' });
    w = await createDocWorld(t);
    await grantInternalAccess(t, w.spaceId);
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores the tree in its order, linked to its dictionaries, as a whole-tree sync would', async () => {
    served = description();
    const started = await expectOk<ImportStarted>(
      t.post(
        '/api/module/import/swagger',
        { projectId: w.projectId, url: `${base}/shelf.json` },
        { token: w.token },
      ),
    );
    expect((await waitForJob(t, w.token, started.jobId)).result?.added).toBe(120);
    const moduleId = started.moduleId;

    const top = await docsWithDocument(t)
      .select(['id', 'name', 'isFolder', 'orderIndex', 'cur.snapshot as content'])
      .where('moduleId', '=', moduleId)
      .where('parentId', '=', '')
      .where('deletedAt', 'is', null)
      .orderBy('orderIndex')
      .execute();
    expect(top.slice(0, 3).map((row) => row.name)).toEqual(['Beta', 'Alpha', 'Item 2']);
    expect(top).toHaveLength(2 + 40);
    expect(top.map((row) => row.orderIndex)).toEqual(
      top.map((_, i) => Ordering.initOrder + i * Ordering.step),
    );
    expect(JSON.parse(top[1]?.content ?? '{}').description).toContain('<strong>first</strong>');
    const alpha = await t.db
      .selectFrom('docs')
      .select('name')
      .where('parentId', '=', top[1]?.id ?? '')
      .orderBy('orderIndex')
      .execute();
    expect(alpha.map((row) => row.name).slice(0, 3)).toEqual(['Item 0', 'Item 3', 'Item 6']);

    const dictionaries = await t.db
      .selectFrom('enums')
      .select(['id', 'name'])
      .where('moduleId', '=', moduleId)
      .execute();
    const idOf = new Map(dictionaries.map((row) => [row.name, row.id]));
    expect([...idOf.keys()].sort()).toEqual(['Status', 'state']);
    const item = JSON.parse(top[2]?.content ?? '{}') as ApiDoc;
    expect(item.queryParams[0]?.enumId).toBe(idOf.get('state'));
    const status = item.responseParams.find((row) => row.name === 'status');
    expect(status?.enumId).toBe(idOf.get('Status'));
    const environments = await t.db
      .selectFrom('moduleEnvironments')
      .select('baseUrl')
      .where('moduleId', '=', moduleId)
      .execute();
    expect(environments.map((row) => row.baseUrl)).toEqual(['https://shelf.example.com/v1']);

    // The same operations and one more, through the whole-tree path of a re-import.
    served = description({
      '/late': { post: { summary: 'Late', responses: { 200: { description: 'ok' } } } },
    });
    const again = await expectOk<ImportStarted>(
      t.get(`/api/module/refresh/swagger?moduleId=${moduleId}`, { token: w.token }),
    );
    const job = await waitForJob(t, w.token, again.jobId);
    expect(job.result).toMatchObject({ added: 1, updated: 0, removed: 0, unchanged: 120 });
  });

  it('refuses a description that is not one, with its reason, and writes nothing', async () => {
    served = JSON.stringify({ openapi: '9.0.0', info: { title: 'Future' }, paths: {} });
    const started = await expectOk<ImportStarted>(
      t.post(
        '/api/module/import/swagger',
        { projectId: w.projectId, url: `${base}/future.json` },
        { token: w.token },
      ),
    );
    const job = await waitForJob(t, w.token, started.jobId);
    expect(job.status).toBe('failed');
    expect(job.error).toContain('9.0.0');
  });
});
