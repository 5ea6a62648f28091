import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, newProjectGuest, saveDoc } from '../../../test/doc-fixture.ts';
import { expectError, expectOk, newUser } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

interface Node {
  id: string;
  type: number;
  label: string;
  url?: string;
  children?: Node[];
}

/** Every doc node of a tree, as `label url`. */
function docsOf(nodes: ReadonlyArray<Node>): string[] {
  return nodes.flatMap((n) => (n.type === 3 ? [`${n.label} ${n.url ?? ''}`] : docsOf(n.children ?? [])));
}

describe.each(testDialects())('a release in the reader on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  let users: { id: string; revision: number };
  let orders: { id: string; revision: number };
  let releaseId: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    w = await createDocWorld(t);
    const folder = await expectOk<{ id: string }>(
      t.post('/api/doc/folder/add', { name: 'Accounts', moduleId: w.moduleId }, { token: w.token }),
    );
    users = await saveDoc(t, w.token, {
      moduleId: w.moduleId,
      parentId: folder.id,
      name: 'Get user',
      url: '/users/{id}',
      httpMethod: 'GET',
      description: 'Reads one account',
      responseParams: [{ name: 'age', type: 'number', required: true }],
    });
    orders = await saveDoc(t, w.token, {
      moduleId: w.moduleId,
      name: 'Orders',
      url: '/orders',
      httpMethod: 'GET',
    });
    releaseId = (
      await expectOk<{ id: string }>(
        t.post('/api/project/release/add', { projectId: w.projectId, releaseNo: '1.0' }, { token: w.token }),
      )
    ).id;
    // The docs move on: one renamed and changed, one deleted, one added.
    await saveDoc(t, w.token, {
      id: users.id,
      moduleId: w.moduleId,
      parentId: folder.id,
      revision: users.revision,
      name: 'Fetch user',
      url: '/v2/users/{id}',
      httpMethod: 'GET',
      responseParams: [{ name: 'id', type: 'string', required: true }],
    });
    await expectOk(t.post('/api/doc/delete', { id: orders.id }, { token: w.token }));
    await saveDoc(t, w.token, { moduleId: w.moduleId, name: 'Carts', url: '/carts', httpMethod: 'GET' });
  });

  it('shows the frozen tree, in the folders it froze, while the live tree moved on', async () => {
    const tree = await expectOk<Node[]>(
      t.get(`/api/project/release/tree?releaseId=${releaseId}`, { token: w.token }),
    );
    expect(tree.map((n) => [n.id, n.type])).toEqual([[w.moduleId, 1]]);
    expect(docsOf(tree).sort()).toEqual(['Get user /users/{id}', 'Orders /orders']);
    const folder = tree[0]?.children?.find((n) => n.type === 2);
    expect(folder?.label).toBe('Accounts');
    expect(docsOf(folder?.children ?? [])).toEqual(['Get user /users/{id}']);
    const live = await expectOk<Node[]>(
      t.get(`/api/doc/view/dataByProject?projectId=${w.projectId}`, { token: w.token }),
    );
    expect(docsOf(live).sort()).toEqual(['Carts /carts', 'Fetch user /v2/users/{id}']);
  });

  it('reads a doc deleted after the release, and a changed doc as frozen', async () => {
    const deleted = await expectOk<{ name: string; url: string; revision: number }>(
      t.get(`/api/project/release/doc?releaseId=${releaseId}&docId=${orders.id}`, { token: w.token }),
    );
    expect(deleted).toMatchObject({ name: 'Orders', url: '/orders', revision: orders.revision });
    const changed = await expectOk<{ name: string; responseParams: Array<{ name: string }> }>(
      t.get(`/api/project/release/doc?releaseId=${releaseId}&docId=${users.id}`, { token: w.token }),
    );
    expect(changed.name).toBe('Get user');
    expect(changed.responseParams.map((p) => p.name)).toEqual(['age']);
    // The live doc is gone for the live reader.
    await expectError(t.get(`/api/doc/detail?id=${orders.id}`, { token: w.token }), 404, 'doc.not_found');
  });

  it('searches the frozen docs only: names, URLs and descriptions as frozen', async () => {
    const search = (q: string) =>
      expectOk<Array<{ id: string; name: string; moduleId: string; projectId: string }>>(
        t.get(`/api/project/release/search?releaseId=${releaseId}&q=${encodeURIComponent(q)}`, {
          token: w.token,
        }),
      );
    expect((await search('orders')).map((h) => h.name)).toEqual(['Orders']);
    expect((await search('account')).map((h) => h.name)).toEqual(['Get user']);
    const [hit] = await search('/users');
    expect(hit).toMatchObject({ id: users.id, moduleId: w.moduleId, projectId: w.projectId });
    expect(await search('carts')).toEqual([]);
    expect(await search('fetch')).toEqual([]);
  });

  it('lets the project readers in and keeps everybody else out', async () => {
    const guest = await newProjectGuest(t, w);
    const tree = await expectOk<Node[]>(
      t.get(`/api/project/release/tree?releaseId=${releaseId}`, { token: guest.token }),
    );
    expect(docsOf(tree)).toHaveLength(2);
    const stranger = await newUser(t, { prefix: 'stranger' });
    for (const path of [
      `/api/project/release/tree?releaseId=${releaseId}`,
      `/api/project/release/search?releaseId=${releaseId}&q=user`,
      `/api/project/release/doc?releaseId=${releaseId}&docId=${orders.id}`,
    ]) {
      const response = await t.get(path, { token: stranger.token });
      expect([403, 404]).toContain(response.statusCode);
    }
    await expectError(
      t.get('/api/project/release/tree?releaseId=nope', { token: w.token }),
      404,
      'release.not_found',
    );
  });
});
