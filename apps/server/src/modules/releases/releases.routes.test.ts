import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, newProjectGuest, saveDoc } from '../../../test/doc-fixture.ts';
import { expectError, expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { pruneRevisions } from '../docs/revision-retention.ts';

interface ReleaseAnswer {
  id: string;
  releaseNo: string;
  releaseDesc: string;
  status: number;
  docCount: number;
  moduleSourceIdMap: Record<string, string[]>;
  isSubscribe: boolean;
}

interface ComparisonAnswer {
  operations: Array<{
    key: string;
    kind: string;
    level: string;
    moduleId: string;
    changes: Array<{ rule: string }>;
  }>;
  summary: { levels: Record<string, number>; breakingOperations: number };
  to: { id: string } | null;
}

describe.each(testDialects())('releases on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  let users: { id: string; revision: number };
  let orders: { id: string; revision: number };
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    w = await createDocWorld(t);
    users = await saveDoc(t, w.token, {
      moduleId: w.moduleId,
      name: 'Get user',
      url: '/users/{id}',
      httpMethod: 'GET',
      pathParams: [{ name: 'id', type: 'string' }],
      responseParams: [
        { name: 'id', type: 'string', required: true },
        { name: 'age', type: 'number', required: true },
      ],
    });
    orders = await saveDoc(t, w.token, {
      moduleId: w.moduleId,
      name: 'Orders',
      url: '/orders',
      httpMethod: 'GET',
    });
  });

  const add = (body: Record<string, unknown>) =>
    expectOk<ReleaseAnswer>(
      t.post('/api/project/release/add', { projectId: w.projectId, ...body }, { token: w.token }),
    );

  it('makes a release of every doc by default, lists it, and refuses a number taken in the project', async () => {
    const release = await add({ releaseNo: '1.0.0', releaseDesc: 'first' });
    expect(release).toMatchObject({
      releaseNo: '1.0.0',
      releaseDesc: 'first',
      status: 1,
      docCount: 2,
      isSubscribe: false,
    });
    expect(release.moduleSourceIdMap[w.moduleId]?.sort()).toEqual([users.id, orders.id].sort());
    const list = await expectOk<ReleaseAnswer[]>(
      t.get(`/api/project/release/list?projectId=${w.projectId}`, { token: w.token }),
    );
    expect(list.map((r) => r.releaseNo)).toEqual(['1.0.0']);
    const msg = await expectError(
      t.post(
        '/api/project/release/add',
        { projectId: w.projectId, releaseNo: '1.0.0' },
        { token: w.token, lang: 'en' },
      ),
      409,
      'release.no_taken',
    );
    expect(msg).toContain('1.0.0');
    // Another project may use the same number.
    const other = await createDocWorld(t);
    await expectOk(
      t.post(
        '/api/project/release/add',
        { projectId: other.projectId, releaseNo: '1.0.0' },
        { token: other.token },
      ),
    );
  });

  it('covers only the docs a map names, and refuses a doc outside the project, changing nothing', async () => {
    const release = await add({ releaseNo: 'v1', moduleSourceIdMap: { [w.moduleId]: [orders.id] } });
    expect(release.docCount).toBe(1);
    const other = await createDocWorld(t);
    await expectError(
      t.post(
        '/api/project/release/add',
        { projectId: w.projectId, releaseNo: 'v2', moduleSourceIdMap: { [other.moduleId]: [] } },
        { token: w.token },
      ),
      400,
      'release.doc_outside',
    );
    await expectError(
      t.post(
        '/api/project/release/add',
        { projectId: w.projectId, releaseNo: 'v2', moduleSourceIdMap: { [w.moduleId]: ['nope'] } },
        { token: w.token },
      ),
      400,
      'release.doc_outside',
    );
    const list = await expectOk<ReleaseAnswer[]>(
      t.get(`/api/project/release/list?projectId=${w.projectId}`, { token: w.token }),
    );
    expect(list.map((r) => r.releaseNo)).toEqual(['v1']);
    const bound = await expectOk<
      Array<{ id: string; children: Array<{ id: string; url: string; revision: number }> }>
    >(
      t.post(
        '/api/project/release/bind/list',
        { projectId: w.projectId, releaseId: release.id },
        { token: w.token },
      ),
    );
    expect(bound).toEqual([
      expect.objectContaining({
        id: w.moduleId,
        isFolder: 1,
        children: [expect.objectContaining({ id: orders.id, url: '/orders', revision: 1 })],
      }),
    ]);
  });

  it('freezes content: a compare with the docs now shows what changed after it, breaking first', async () => {
    const release = await add({ releaseNo: '1.0' });
    // The doc moves on: a response field removed and a required query param added (both breaking).
    await saveDoc(t, w.token, {
      id: users.id,
      moduleId: w.moduleId,
      revision: users.revision,
      name: 'Get user',
      url: '/users/{id}',
      httpMethod: 'GET',
      pathParams: [{ name: 'id', type: 'string' }],
      queryParams: [{ name: 'fields', type: 'string', required: true }],
      responseParams: [{ name: 'id', type: 'string', required: true }],
    });
    await saveDoc(t, w.token, { moduleId: w.moduleId, name: 'Carts', url: '/carts', httpMethod: 'GET' });
    const diff = await expectOk<ComparisonAnswer>(
      t.get(`/api/project/release/compare?projectId=${w.projectId}&fromId=${release.id}`, { token: w.token }),
    );
    expect(diff.to).toBeNull();
    expect(diff.operations.map((o) => [o.key, o.kind, o.level])).toEqual([
      ['GET /users/{id}', 'changed', 'breaking'],
      ['GET /carts', 'added', 'non-breaking'],
    ]);
    expect(diff.operations[0]?.changes.map((c) => c.rule)).toEqual([
      'request-param-added-required',
      'response-field-removed',
    ]);
    expect(diff.operations[0]?.moduleId).toBe(w.moduleId);
    // The release still reads the doc as it froze it; a doc it does not cover is not found in it.
    const frozen = await expectOk<{ revision: number; responseParams: Array<{ name: string }> }>(
      t.get(`/api/project/release/doc?releaseId=${release.id}&docId=${users.id}`, { token: w.token }),
    );
    expect(frozen.revision).toBe(users.revision);
    expect(frozen.responseParams.map((r) => r.name)).toEqual(['id', 'age']);
    await expectError(
      t.get(`/api/project/release/doc?releaseId=${release.id}&docId=nope`, { token: w.token }),
      404,
      'doc.not_found',
    );
    // A second release freezes the new state; comparing the two releases gives the same answer.
    const second = await add({ releaseNo: '2.0' });
    const between = await expectOk<ComparisonAnswer>(
      t.get(`/api/project/release/compare?projectId=${w.projectId}&fromId=${release.id}&toId=${second.id}`, {
        token: w.token,
      }),
    );
    expect(between.operations.map((o) => o.key)).toEqual(['GET /users/{id}', 'GET /carts']);
    expect(between.summary.breakingOperations).toBe(1);
    // The changelog counts from the newest valid release: nothing since 2.0.
    const log = await expectOk<{
      releases: ReleaseAnswer[];
      since: { releaseNo: string };
      changes: ComparisonAnswer;
    }>(t.get(`/api/project/changelog?projectId=${w.projectId}`, { token: w.token }));
    expect(log.releases.map((r) => r.releaseNo)).toEqual(['2.0', '1.0']);
    expect(log.since.releaseNo).toBe('2.0');
    expect(log.changes.operations).toEqual([]);
    // Invalid releases are not counted from.
    await expectOk(t.post('/api/project/release/status', { id: second.id, status: 0 }, { token: w.token }));
    const again = await expectOk<{ since: { releaseNo: string }; changes: ComparisonAnswer }>(
      t.get(`/api/project/changelog?projectId=${w.projectId}`, { token: w.token }),
    );
    expect(again.since.releaseNo).toBe('1.0');
    expect(again.changes.summary.breakingOperations).toBe(1);
    // One application's changelog: its own operations only.
    const own = await expectOk<{ changes: ComparisonAnswer }>(
      t.get(`/api/project/changelog?projectId=${w.projectId}&moduleId=${w.moduleId}`, { token: w.token }),
    );
    expect(own.changes.summary.breakingOperations).toBe(1);
    const other = await expectOk<{ changes: ComparisonAnswer }>(
      t.get(`/api/project/changelog?projectId=${w.projectId}&moduleId=another`, { token: w.token }),
    );
    expect(other.changes.operations).toEqual([]);
  });

  it('keeps the revisions a release names when old revisions are pruned', async () => {
    const release = await add({ releaseNo: 'keep' });
    let revision = orders.revision;
    for (let i = 0; i < 3; i++) {
      revision = (
        await saveDoc(t, w.token, {
          id: orders.id,
          moduleId: w.moduleId,
          revision,
          name: `Orders ${i}`,
          url: '/orders',
          httpMethod: 'GET',
        })
      ).revision;
    }
    // Prune everything below the newest revision, as if it were old.
    await pruneRevisions(t.db, orders.id, revision + 49, Date.now() + 365 * 24 * 3600_000);
    const diff = await expectOk<ComparisonAnswer>(
      t.get(`/api/project/release/compare?projectId=${w.projectId}&fromId=${release.id}`, { token: w.token }),
    );
    expect(diff.operations.map((o) => [o.key, o.changes.map((c) => c.rule)])).toEqual([
      ['GET /orders', ['operation-name-changed']],
    ]);
  });

  it('updates, follows and removes a release; readers read, only writers change', async () => {
    const release = await add({ releaseNo: 'r1' });
    const guest = await newProjectGuest(t, w);
    const list = await expectOk<ReleaseAnswer[]>(
      t.get(`/api/project/release/list?projectId=${w.projectId}`, { token: guest.token }),
    );
    expect(list).toHaveLength(1);
    await expectError(
      t.post('/api/project/release/add', { projectId: w.projectId, releaseNo: 'g' }, { token: guest.token }),
      403,
      'auth.forbidden',
    );
    await expectError(
      t.post('/api/project/release/remove', { id: release.id }, { token: guest.token }),
      403,
      'auth.forbidden',
    );
    await expectError(
      t.post('/api/project/release/update', { id: release.id, releaseDesc: 'x' }, { token: guest.token }),
      403,
      'auth.forbidden',
    );
    await expectOk(
      t.post('/api/project/release/doc/subscribe', { sourceId: release.id }, { token: guest.token }),
    );
    const followed = await expectOk<ReleaseAnswer[]>(
      t.get(`/api/project/release/list?projectId=${w.projectId}`, { token: guest.token }),
    );
    expect(followed[0]?.isSubscribe).toBe(true);
    await expectOk(
      t.post('/api/project/release/doc/cancelSubscribe', { sourceId: release.id }, { token: guest.token }),
    );

    const updated = await expectOk<ReleaseAnswer>(
      t.post(
        '/api/project/release/update',
        { id: release.id, releaseDesc: 'only orders', moduleSourceIdMap: { [w.moduleId]: [orders.id] } },
        { token: w.token },
      ),
    );
    expect(updated).toMatchObject({ releaseDesc: 'only orders', docCount: 1 });
    await expectOk(t.post('/api/project/release/remove', { id: release.id }, { token: w.token }));
    await expectError(
      t.get(`/api/project/release/compare?projectId=${w.projectId}&fromId=${release.id}`, { token: w.token }),
      404,
      'release.not_found',
    );
    // An outsider reads nothing of a private project.
    const outsider = await createDocWorld(t);
    await expectError(
      t.get(`/api/project/release/list?projectId=${w.projectId}`, { token: outsider.token }),
      403,
      'auth.forbidden',
    );
  });
});
