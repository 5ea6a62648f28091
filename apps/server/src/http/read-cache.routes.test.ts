import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveDoc } from '../../test/doc-fixture.ts';
import { createOrgFixture, expectOk, type OrgFixture } from '../../test/org-fixture.ts';
import { createTestApp, envelopeOf, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';

interface Node {
  id: string;
  label: string;
  children?: Node[];
}

function labelsOf(nodes: Node[]): string[] {
  return nodes.flatMap((n) => [n.label, ...labelsOf(n.children ?? [])]);
}

describe.each(testDialects())('read cache on %s', (dialect) => {
  let t: TestApp;
  let f: OrgFixture;
  let docId: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    f = await createOrgFixture(t);
    docId = (
      await saveDoc(t, f.rootToken, { moduleId: f.privateModuleId, name: 'Private doc', url: '/secret' })
    ).id;
    await saveDoc(t, f.rootToken, { moduleId: f.publicModuleId, name: 'Public doc', url: '/open' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 304 when the browser holds the current tree, and a new ETag after a write', async () => {
    const url = `/api/doc/view/dataByProject?projectId=${f.privateProjectId}`;
    const first = await t.get(url, { token: f.rootToken });
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await t.get(url, { token: f.rootToken, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await saveDoc(t, f.rootToken, { moduleId: f.privateModuleId, name: 'Added later', url: '/later' });
    const after = await t.get(url, { token: f.rootToken, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(labelsOf(envelopeOf<Node[]>(after).data)).toContain('Added later');
  });

  it('never serves one reader’s space tree to another who may read less', async () => {
    const url = `/api/doc/view/data?spaceId=${f.spaceId}`;
    // The root (reads everything) warms the cache first.
    const all = await expectOk<Node[]>(t.get(url, { token: f.rootToken }));
    expect(labelsOf(all)).toEqual(expect.arrayContaining(['Private doc', 'Public doc']));
    const guest = await t.get(url, { token: f.tokens.spaceGuest });
    const guestLabels = labelsOf(envelopeOf<Node[]>(guest).data);
    expect(guestLabels).toContain('Public doc');
    expect(guestLabels).not.toContain('Private doc');
    // Nor does the root's ETag let the guest skip the check: the key differs, so the tag does.
    const rootTag = String((await t.get(url, { token: f.rootToken })).headers.etag);
    const replay = await t.get(url, { token: f.tokens.spaceGuest, headers: { 'if-none-match': rootTag } });
    expect(replay.statusCode).toBe(200);
  });

  it('authorizes every call: a cached doc or tree is refused to a caller who may not read it', async () => {
    await expectOk(t.get(`/api/doc/detail?id=${docId}`, { token: f.rootToken }));
    const detail = await t.get(`/api/doc/detail?id=${docId}`, { token: f.tokens.spaceGuest });
    expect(detail.statusCode).toBe(403);
    const tree = await t.get(`/api/doc/view/dataByProject?projectId=${f.privateProjectId}`, {
      token: f.tokens.spaceGuest,
    });
    expect(tree.statusCode).toBe(403);
    const etag = String((await t.get(`/api/doc/detail?id=${docId}`, { token: f.rootToken })).headers.etag);
    const replay = await t.get(`/api/doc/detail?id=${docId}`, {
      token: f.tokens.spaceGuest,
      headers: { 'if-none-match': etag },
    });
    expect(replay.statusCode).toBe(403);
  });

  it('drops cached answers on a write it did not make (another instance, a script) through the database', async () => {
    const detail = await expectOk<{ isLocked: boolean }>(
      t.get(`/api/doc/detail?id=${docId}`, { token: f.rootToken }),
    );
    expect(detail.isLocked).toBe(false);
    const spaces = await expectOk<Array<{ id: string; name: string }>>(
      t.get('/api/space/list', { token: f.rootToken }),
    );
    expect(spaces.map((s) => s.id)).toContain(f.spaceId);
    // Straight into the tables, past every service: only the triggers can tell the cache.
    await t.db
      .updateTable('docs')
      .set({ name: 'Renamed elsewhere', isLocked: 1 })
      .where('id', '=', docId)
      .execute();
    await t.db
      .updateTable('spaces')
      .set({ name: 'Space renamed elsewhere' })
      .where('id', '=', f.spaceId)
      .execute();
    const locked = await expectOk<{ isLocked: boolean }>(
      t.get(`/api/doc/detail?id=${docId}`, { token: f.rootToken }),
    );
    expect(locked.isLocked).toBe(true);
    const tree = await expectOk<Node[]>(
      t.get(`/api/doc/view/dataByProject?projectId=${f.privateProjectId}`, { token: f.rootToken }),
    );
    expect(labelsOf(tree)).toContain('Renamed elsewhere');
    const after = await expectOk<Array<{ id: string; name: string }>>(
      t.get('/api/space/list', { token: f.rootToken }),
    );
    expect(after.find((s) => s.id === f.spaceId)?.name).toBe('Space renamed elsewhere');
  });

  it('follows membership changes in the lists and trees', async () => {
    const before = await expectOk<Array<{ id: string }>>(
      t.get(`/api/project/list?spaceId=${f.spaceId}`, { token: f.tokens.projectGuest }),
    );
    expect(before.map((p) => p.id)).toContain(f.privateProjectId);
    await expectOk(
      t.post(
        '/api/project/member/remove',
        { projectId: f.privateProjectId, userId: f.userIds.projectGuest },
        { token: f.rootToken },
      ),
    );
    const after = await expectOk<Array<{ id: string }>>(
      t.get(`/api/project/list?spaceId=${f.spaceId}`, { token: f.tokens.projectGuest }),
    );
    expect(after.map((p) => p.id)).not.toContain(f.privateProjectId);
    const views = await expectOk<Array<{ projects: Array<{ id: string }> }>>(
      t.get('/api/doc/view/projects', { token: f.tokens.projectGuest }),
    );
    expect(views.flatMap((s) => s.projects.map((p) => p.id))).not.toContain(f.privateProjectId);
  });
});
