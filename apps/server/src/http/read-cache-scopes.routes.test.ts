import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveDoc } from '../../test/doc-fixture.ts';
import { createOrgFixture, expectOk, type OrgFixture, uniqueName } from '../../test/org-fixture.ts';
import { openCall, openOk, refreshPushToken } from '../../test/push-fixture.ts';
import { createTestApp, envelopeOf, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { bumpModuleVersion } from '../db/cache-versions.ts';

/*
 * Per-application versions of the read cache (db/cache-versions.ts, migration `cache-versions`): a write
 * drops the cached answers it changes and keeps the others. "Kept" is proven by the ETag: the browser's tag
 * still answers 304, which the server only does while every counter the answer was built from is unchanged.
 * "Dropped" is proven by the content read right after the write (a stale read would fail).
 */

interface Node {
  id: string;
  label: string;
  children?: Node[];
}

interface Detail {
  id: string;
  moduleId: string;
  name: string;
  remark: string;
  creatorName: string;
  globalHeaders: Array<{ name: string }>;
  enums: Array<{ name: string; items: Array<{ name: string }> }>;
}

function labelsOf(nodes: Node[]): string[] {
  return nodes.flatMap((n) => [n.label, ...labelsOf(n.children ?? [])]);
}

describe.each(testDialects())('read cache scopes on %s', (dialect) => {
  let t: TestApp;
  let f: OrgFixture;
  let root: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    f = await createOrgFixture(t);
    root = f.rootToken;
  });
  afterAll(async () => {
    await t.close();
  });

  const treeUrl = (projectId: string) => `/api/doc/view/dataByProject?projectId=${projectId}`;
  const detailUrl = (id: string) => `/api/doc/detail?id=${id}`;
  const etagOf = async (url: string) => String((await t.get(url, { token: root })).headers.etag);
  /** 304 while the answer kept under `etag` is current, 200 once something it was built from changed. */
  const revalidate = async (url: string, etag: string) =>
    (await t.get(url, { token: root, headers: { 'if-none-match': etag } })).statusCode;
  const tree = async (projectId: string) =>
    labelsOf(await expectOk<Node[]>(t.get(treeUrl(projectId), { token: root })));
  const detail = (id: string) => expectOk<Detail>(t.get(detailUrl(id), { token: root }));
  const newModule = async (projectId: string) =>
    (
      await expectOk<{ id: string }>(
        t.post('/api/module/add', { name: uniqueName('app'), projectId }, { token: root }),
      )
    ).id;
  const newDoc = (moduleId: string, name: string, extra: Record<string, unknown> = {}) =>
    saveDoc(t, root, { moduleId, name, url: `/${name.replaceAll(' ', '-')}`, ...extra });

  /** ETags of answers of both projects, to check afterwards which were kept. */
  async function tags(urls: Record<string, string>): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const [name, url] of Object.entries(urls)) out[name] = await etagOf(url);
    return out;
  }
  async function statuses(urls: Record<string, string>, before: Record<string, string>) {
    const out: Record<string, number> = {};
    for (const [name, url] of Object.entries(urls)) out[name] = await revalidate(url, before[name] as string);
    return out;
  }

  it('a save, a push and a delete drop the answers of their application only', async () => {
    const mine = await newModule(f.privateProjectId);
    const other = await newModule(f.publicProjectId);
    const a = await newDoc(mine, 'Scope A');
    const b = await newDoc(mine, 'Scope B');
    const c = await newDoc(other, 'Scope C');
    const urls = {
      myTree: treeUrl(f.privateProjectId),
      otherTree: treeUrl(f.publicProjectId),
      a: detailUrl(a.id),
      b: detailUrl(b.id),
      c: detailUrl(c.id),
    };

    let before = await tags(urls);
    await saveDoc(t, root, {
      id: a.id,
      revision: a.revision,
      moduleId: mine,
      name: 'Scope A saved',
      url: '/a',
    });
    // The saved doc and its project's tree are rebuilt; its neighbour and the other project are kept.
    expect(await statuses(urls, before)).toEqual({ myTree: 200, otherTree: 304, a: 200, b: 304, c: 304 });
    expect((await detail(a.id)).name).toBe('Scope A saved');
    expect(await tree(f.privateProjectId)).toContain('Scope A saved');

    before = await tags(urls);
    const pushToken = await refreshPushToken(t, root, other);
    await openOk(
      openCall(
        t,
        'doc.push',
        { isReplace: 0, author: 'ci', apis: [{ name: 'Pushed in', url: '/pushed', httpMethod: 'GET' }] },
        pushToken,
      ),
    );
    expect(await statuses(urls, before)).toEqual({ myTree: 304, otherTree: 200, a: 304, b: 304, c: 304 });
    expect(await tree(f.publicProjectId)).toContain('Pushed in');

    before = await tags(urls);
    await expectOk(t.post('/api/doc/delete', { id: b.id }, { token: root }));
    expect(await statuses(urls, before)).toEqual({ myTree: 200, otherTree: 304, a: 304, b: 404, c: 304 });
    expect(await tree(f.privateProjectId)).not.toContain('Scope B');
  });

  it('a save that changes nothing a tree shows keeps the trees; each column a tree shows drops them', async () => {
    const app = await newModule(f.privateProjectId);
    const doc = await newDoc(app, 'Tree doc', { httpMethod: 'GET' });
    const urls = { tree: treeUrl(f.privateProjectId), detail: detailUrl(doc.id) };
    let before = await tags(urls);
    const saved = await saveDoc(t, root, {
      id: doc.id,
      revision: doc.revision,
      moduleId: app,
      name: 'Tree doc',
      url: '/Tree-doc',
      httpMethod: 'GET',
      description: '<p>only the description</p>',
    });
    expect(saved.revision).toBe(doc.revision + 1);
    expect(await statuses(urls, before)).toEqual({ tree: 304, detail: 200 });

    // As another instance or a script would, past every service: each column the tree is built from.
    const changes: Array<Record<string, unknown>> = [
      { name: 'Tree doc renamed' },
      { url: '/renamed' },
      { httpMethod: 'POST' },
      { deprecated: 'gone' },
      { isShow: 0 },
      { isShow: 1 },
      { orderIndex: 99 },
      { parentId: (await newDoc(app, 'Tree folder', { isFolder: 1 })).id },
      { createdAt: '2020-01-01T00:00:00.000Z' },
    ];
    for (const set of changes) {
      before = await tags(urls);
      await t.db.updateTable('docs').set(set).where('id', '=', doc.id).execute();
      expect([Object.keys(set)[0], await revalidate(urls.tree, before.tree as string)]).toEqual([
        Object.keys(set)[0],
        200,
      ]);
    }
    before = await tags(urls);
    await t.db.updateTable('docs').set({ author: 'someone' }).where('id', '=', doc.id).execute();
    expect(await statuses(urls, before)).toEqual({ tree: 304, detail: 200 });
  });

  it('a doc moved to another application leaves the old tree and shows in the new one', async () => {
    const from = await newModule(f.privateProjectId);
    const to = await newModule(f.publicProjectId);
    const moving = await newDoc(from, 'Moving doc');
    expect(await tree(f.privateProjectId)).toContain('Moving doc');
    expect((await detail(moving.id)).moduleId).toBe(from);
    const before = await tags({ to: treeUrl(f.publicProjectId) });
    // As another instance or a script would: past every service, only the triggers see it.
    await t.db.updateTable('docs').set({ moduleId: to }).where('id', '=', moving.id).execute();
    expect(await tree(f.privateProjectId)).not.toContain('Moving doc');
    expect(await revalidate(treeUrl(f.publicProjectId), before.to as string)).toBe(200);
    expect(await tree(f.publicProjectId)).toContain('Moving doc');
    expect((await detail(moving.id)).moduleId).toBe(to);
  });

  it('an application moved to another project or removed leaves the trees that showed it', async () => {
    const app = await newModule(f.privateProjectId);
    const doc = await newDoc(app, 'Travelling doc');
    expect(await tree(f.privateProjectId)).toContain('Travelling doc');
    expect(await tree(f.publicProjectId)).not.toContain('Travelling doc');
    await t.db.updateTable('modules').set({ projectId: f.publicProjectId }).where('id', '=', app).execute();
    expect(await tree(f.privateProjectId)).not.toContain('Travelling doc');
    expect(await tree(f.publicProjectId)).toContain('Travelling doc');
    await detail(doc.id);
    await expectOk(t.post('/api/module/delete', { id: app }, { token: root }));
    expect(await tree(f.publicProjectId)).not.toContain('Travelling doc');
    expect((await t.get(detailUrl(doc.id), { token: root })).statusCode).toBe(404);
    // The space tree too (it shows every project of the space).
    const space = labelsOf(
      await expectOk<Node[]>(t.get(`/api/doc/view/data?spaceId=${f.spaceId}`, { token: root })),
    );
    expect(space).not.toContain('Travelling doc');
  });

  it('environments and their globals drop the details of their application only', async () => {
    const env = await expectOk<{ id: string }>(
      t.post(
        '/api/module/environment/add',
        { moduleId: f.privateModuleId, name: 'later', baseUrl: 'http://127.0.0.1:1' },
        { token: root },
      ),
    );
    const mine = await newDoc(f.privateModuleId, 'Env reader');
    const other = await newDoc(f.publicModuleId, 'Env bystander');
    const urls = { mine: detailUrl(mine.id), other: detailUrl(other.id), tree: treeUrl(f.privateProjectId) };
    let before = await tags(urls);
    // The first environment's globals are what a detail shows.
    await expectOk(
      t.post(
        '/api/module/environment/globals/save',
        { environmentId: f.privateEnvId, globalHeaders: [{ name: 'X-Scope' }] },
        { token: root },
      ),
    );
    expect(await statuses(urls, before)).toEqual({ mine: 200, other: 304, tree: 304 });
    expect((await detail(mine.id)).globalHeaders.map((h) => h.name)).toEqual(['X-Scope']);
    // Deleting the first environment makes the next one first (its globals cascade-delete with it).
    before = await tags(urls);
    await expectOk(t.post('/api/module/environment/delete', { id: f.privateEnvId }, { token: root }));
    expect(await statuses(urls, before)).toEqual({ mine: 200, other: 304, tree: 304 });
    expect((await detail(mine.id)).globalHeaders).toEqual([]);
    // Straight into the globals table of the remaining environment.
    await expectOk(
      t.post(
        '/api/module/environment/globals/save',
        { environmentId: env.id, globalHeaders: [{ name: 'X-Next' }] },
        { token: root },
      ),
    );
    await detail(mine.id);
    await t.db
      .updateTable('environmentGlobals')
      .set({
        content: JSON.stringify({
          globalHeaders: [{ name: 'X-Direct' }],
          globalParams: [],
          globalReturns: [],
        }),
      })
      .where('environmentId', '=', env.id)
      .execute();
    expect((await detail(mine.id)).globalHeaders.map((h) => h.name)).toEqual(['X-Direct']);
  });

  it('dictionaries and their items drop the details that link them', async () => {
    const app = await newModule(f.privateProjectId);
    const dict = await expectOk<{ id: string }>(
      t.post('/api/doc/enum/info/add', { moduleId: app, name: 'Status', description: '' }, { token: root }),
    );
    const doc = await newDoc(app, 'Enum reader', {
      queryParams: [{ name: 'status', type: 'number', enumId: dict.id }],
    });
    const other = await newDoc(f.publicModuleId, 'Enum bystander');
    const urls = { doc: detailUrl(doc.id), other: detailUrl(other.id) };
    expect((await detail(doc.id)).enums.map((e) => e.name)).toEqual(['Status']);
    let before = await tags(urls);
    const item = await expectOk<{ id: string }>(
      t.post(
        '/api/doc/enum/item/add',
        { enumId: dict.id, name: 'PAID', type: 'number', value: '1' },
        { token: root },
      ),
    );
    expect(await statuses(urls, before)).toEqual({ doc: 200, other: 304 });
    expect((await detail(doc.id)).enums[0]?.items.map((i) => i.name)).toEqual(['PAID']);
    await expectOk(
      t.post(
        '/api/doc/enum/item/update',
        { id: item.id, name: 'SETTLED', type: 'number', value: '1' },
        { token: root },
      ),
    );
    expect((await detail(doc.id)).enums[0]?.items.map((i) => i.name)).toEqual(['SETTLED']);
    await expectOk(
      t.post('/api/doc/enum/info/update', { id: dict.id, name: 'State', description: '' }, { token: root }),
    );
    expect((await detail(doc.id)).enums.map((e) => e.name)).toEqual(['State']);
    before = await tags(urls);
    await expectOk(t.post('/api/doc/enum/info/delete', { id: dict.id }, { token: root }));
    expect(await statuses(urls, before)).toEqual({ doc: 200, other: 304 });
    expect((await detail(doc.id)).enums).toEqual([]);
  });

  it('a revision remark, a user’s name and an application’s name written elsewhere show at once', async () => {
    const app = await newModule(f.privateProjectId);
    const doc = await newDoc(app, 'Remarked', { remark: 'first' });
    expect((await detail(doc.id)).remark).toBe('first');
    await t.db.updateTable('docRevisions').set({ remark: 'edited' }).where('docId', '=', doc.id).execute();
    expect((await detail(doc.id)).remark).toBe('edited');
    const creator = await t.db
      .selectFrom('docs')
      .select('createdBy')
      .where('id', '=', doc.id)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('users')
      .set({ nickname: 'Renamed person' })
      .where('id', '=', creator.createdBy)
      .execute();
    expect((await detail(doc.id)).creatorName).toBe('Renamed person');
    await t.db.updateTable('modules').set({ name: 'Renamed app' }).where('id', '=', app).execute();
    expect(await tree(f.privateProjectId)).toContain('Renamed app');
  });

  it('bumpModuleVersion drops the trees and details of one application on every instance', async () => {
    const app = await newModule(f.privateProjectId);
    const doc = await newDoc(app, 'Bumped');
    const other = await newDoc(f.publicModuleId, 'Not bumped');
    const urls = {
      tree: treeUrl(f.privateProjectId),
      doc: detailUrl(doc.id),
      otherTree: treeUrl(f.publicProjectId),
      other: detailUrl(other.id),
    };
    const before = await tags(urls);
    await t.db.transaction().execute((trx) => bumpModuleVersion(trx, app));
    expect(await statuses(urls, before)).toEqual({ tree: 200, doc: 200, otherTree: 304, other: 304 });
    // Once the rows exist, a bump still moves the counters (an upsert, not only an insert).
    const again = await tags(urls);
    await bumpModuleVersion(t.db, app);
    expect(await statuses(urls, again)).toEqual({ tree: 200, doc: 200, otherTree: 304, other: 304 });
    expect(envelopeOf<Detail>(await t.get(detailUrl(doc.id), { token: root })).data.name).toBe('Bumped');
  });
});
