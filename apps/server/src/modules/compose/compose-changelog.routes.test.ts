import { parseFeed } from '@rowanmanning/feed-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, saveDoc } from '../../../test/doc-fixture.ts';
import { expectError, expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

interface Changelog {
  sources: Array<{
    releases: Array<{ releaseNo: string }>;
    since: { releaseNo: string } | null;
    changes: { operations: Array<{ key: string; kind: string; level: string }> } | null;
  }>;
}

describe.each(testDialects())("a composed project's changelog on %s", (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  let composeId: string;
  let lockedId: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await createDocWorld(t);
    const token = w.token;
    const space = await expectOk<{ id: string }>(
      t.post('/api/space/add', { name: 'Portal', isCompose: true }, { token }),
    );
    const doc = (name: string, url: string) =>
      saveDoc(t, token, { moduleId: w.moduleId, name, url, httpMethod: 'GET' });
    const users = await doc('Get user', '/users');
    const orders = await doc('Orders', '/orders');
    const outside = await doc('Admin', '/admin');
    const project = (type: number) =>
      expectOk<{ id: string }>(
        t.post('/api/compose/project/add', { spaceId: space.id, name: `Portal ${type}`, type }, { token }),
      );
    composeId = (await project(1)).id;
    lockedId = (await project(2)).id;
    for (const id of [composeId, lockedId])
      await expectOk(
        t.post(
          '/api/compose/doc/add',
          { projectId: id, docList: [{ docId: users.id }, { docId: orders.id }] },
          { token },
        ),
      );
    await expectOk(
      t.post('/api/project/release/add', { projectId: w.projectId, releaseNo: '1.0' }, { token }),
    );
    // After the release: a shown doc changed, a shown doc deleted, a doc the project does not show changed.
    await saveDoc(t, token, {
      id: users.id,
      moduleId: w.moduleId,
      revision: users.revision,
      name: 'Get user',
      url: '/users',
      httpMethod: 'GET',
      queryParams: [{ name: 'fields', type: 'string', required: true }],
    });
    await expectOk(t.post('/api/doc/delete', { id: orders.id }, { token }));
    await saveDoc(t, token, {
      id: outside.id,
      moduleId: w.moduleId,
      revision: outside.revision,
      name: 'Admin renamed',
      url: '/admin/v2',
      httpMethod: 'GET',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells visitors what changed since the release in the docs it shows, and nothing else', async () => {
    const log = await expectOk<Changelog>(t.get(`/api/compose/project/changelog?id=${composeId}`));
    expect(log.sources).toHaveLength(1);
    const [source] = log.sources;
    expect(source?.releases.map((r) => r.releaseNo)).toEqual(['1.0']);
    expect(source?.since?.releaseNo).toBe('1.0');
    expect(source?.changes?.operations.map((o) => [o.key, o.kind, o.level])).toEqual([
      ['GET /orders', 'removed', 'breaking'],
      ['GET /users', 'changed', 'breaking'],
    ]);
    expect(JSON.stringify(log)).not.toContain('admin');
  });

  it("serves the same as an Atom feed an Atom parser reads, in the reader's language", async () => {
    const answer = await t.get(`/show/${composeId}/changelog.atom`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('application/atom+xml');
    const feed = parseFeed(answer.body);
    expect(feed.meta.type).toBe('atom');
    expect(feed.title).toBe('Portal 1: changelog');
    expect(feed.items.map((item) => item.title)).toEqual(['Changes since release 1.0', 'Release 1.0']);
    const [unreleased] = feed.items;
    expect(unreleased?.content).toContain('GET /orders');
    expect(unreleased?.content).toContain('GET /users');
    // The doc the composed project does not show stays out of every entry.
    expect(answer.body).not.toContain('/admin');
    const zh = parseFeed((await t.get(`/show/${composeId}/changelog.atom`, { lang: 'zh-CN' })).body);
    expect(zh.items.map((item) => item.title)).toEqual(['自版本 1.0 以来的变更', '版本 1.0']);
  });

  it('keeps an encrypted composed project closed without its session', async () => {
    await expectError(t.get(`/api/compose/project/changelog?id=${lockedId}`), 401, 'share.password_required');
    await expectError(t.get('/api/compose/project/changelog?id=nope'), 404, 'compose.not_found');
    expect((await t.get(`/show/${lockedId}/changelog.atom`)).statusCode).toBe(401);
    expect((await t.get('/show/nope/changelog.atom')).statusCode).toBe(404);
  });
});
