import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, saveDoc } from '../../../test/doc-fixture.ts';
import { expectError, expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

interface Node {
  id: string;
  type: number;
  label: string;
  children?: Node[];
}

const docLabels = (nodes: ReadonlyArray<Node>): string[] =>
  nodes.flatMap((n) => (n.type === 3 ? [n.label] : docLabels(n.children ?? [])));

describe.each(testDialects())('a share of a release on %s', (dialect) => {
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
    users = await saveDoc(t, w.token, {
      moduleId: w.moduleId,
      name: 'Get user',
      url: '/users/{id}',
      httpMethod: 'GET',
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
    // After the release: one doc changed, one deleted, one added.
    await saveDoc(t, w.token, {
      id: users.id,
      moduleId: w.moduleId,
      revision: users.revision,
      name: 'Fetch user',
      url: '/users/{id}',
      httpMethod: 'GET',
      responseParams: [{ name: 'id', type: 'string', required: true }],
    });
    await expectOk(t.post('/api/doc/delete', { id: orders.id }, { token: w.token }));
    await saveDoc(t, w.token, { moduleId: w.moduleId, name: 'Carts', url: '/carts', httpMethod: 'GET' });
  });

  const addShare = (body: Record<string, unknown>) =>
    expectOk<{ id: string; releaseId: string | null }>(
      t.post(
        '/api/doc/share/add',
        { moduleId: w.moduleId, type: 1, isAll: true, ...body },
        { token: w.token },
      ),
    );

  it('shows visitors the frozen tree, docs and llms text; a share without a release the docs now', async () => {
    const share = await addShare({ releaseId });
    expect(share.releaseId).toBe(releaseId);
    const info = await expectOk<{ releaseNo: string | null }>(t.get(`/api/share/get?id=${share.id}`));
    expect(info.releaseNo).toBe('1.0');
    const menu = await expectOk<Node[]>(t.get(`/api/share/menu?id=${share.id}`));
    expect(docLabels(menu).sort()).toEqual(['Get user', 'Orders']);
    const frozen = await expectOk<{
      name: string;
      responseParams: Array<{ name: string }>;
      creatorName: string;
    }>(t.get(`/api/doc/share/view?shareConfigId=${share.id}&docId=${users.id}`));
    expect(frozen.name).toBe('Get user');
    expect(frozen.responseParams.map((p) => p.name)).toEqual(['age']);
    expect(frozen.creatorName).toBe('');
    // Deleted after the release, still read in it.
    const deleted = await expectOk<{ name: string }>(
      t.get(`/api/doc/share/view?shareConfigId=${share.id}&docId=${orders.id}`),
    );
    expect(deleted.name).toBe('Orders');
    // A doc added after the release is not in the share, whatever its id.
    const live = await expectOk<Node[]>(t.get(`/api/share/menu?id=${(await addShare({})).id}`));
    const cartsId = (function find(nodes: ReadonlyArray<Node>): string {
      for (const n of nodes) {
        if (n.label === 'Carts') return n.id;
        const below = find(n.children ?? []);
        if (below) return below;
      }
      return '';
    })(live);
    expect(docLabels(live).sort()).toEqual(['Carts', 'Fetch user']);
    await expectError(
      t.get(`/api/doc/share/view?shareConfigId=${share.id}&docId=${cartsId}`),
      404,
      'share.doc_not_found',
    );
    const text = (await t.get(`/share/${share.id}/llms-full.txt`)).body;
    expect(text).toContain('Get user');
    expect(text).toContain('/orders');
    expect(text).not.toContain('Carts');
  });

  it('narrows a release share to the chosen docs, and refuses a release of another project', async () => {
    const share = await addShare({ isAll: false, content: [{ docId: users.id }], releaseId });
    expect(docLabels(await expectOk<Node[]>(t.get(`/api/share/menu?id=${share.id}`)))).toEqual(['Get user']);
    await expectError(
      t.get(`/api/doc/share/view?shareConfigId=${share.id}&docId=${orders.id}`),
      404,
      'share.doc_not_found',
    );
    const other = await createDocWorld(t);
    const foreign = await expectOk<{ id: string }>(
      t.post(
        '/api/project/release/add',
        { projectId: other.projectId, releaseNo: 'x' },
        { token: other.token },
      ),
    );
    await expectError(
      t.post(
        '/api/doc/share/add',
        { moduleId: w.moduleId, type: 1, isAll: true, releaseId: foreign.id },
        { token: w.token },
      ),
      400,
      'share.release_invalid',
    );
  });

  it('keeps the release over an update without it, drops it on an empty one, and closes when it is deleted', async () => {
    const share = await addShare({ releaseId });
    const update = (body: Record<string, unknown>) =>
      expectOk<{ releaseId: string | null }>(
        t.post('/api/doc/share/update', { id: share.id, type: 1, isAll: true, ...body }, { token: w.token }),
      );
    expect((await update({ remark: 'torna client' })).releaseId).toBe(releaseId);
    expect((await update({ releaseId: '' })).releaseId).toBeNull();
    expect(docLabels(await expectOk<Node[]>(t.get(`/api/share/menu?id=${share.id}`))).sort()).toEqual([
      'Carts',
      'Fetch user',
    ]);
    await update({ releaseId });
    await expectOk(t.post('/api/project/release/remove', { id: releaseId }, { token: w.token }));
    // Never the docs now in place of a deleted release.
    await expectError(t.get(`/api/share/menu?id=${share.id}`), 404, 'share.not_found');
  });
});
