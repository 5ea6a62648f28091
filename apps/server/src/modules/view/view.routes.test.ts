import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveDoc } from '../../../test/doc-fixture.ts';
import { createOrgFixture, expectError, expectOk, type OrgFixture } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

interface Node {
  id: string;
  type: number;
  label: string;
  url?: string;
  httpMethod?: string;
  deprecated?: string;
  docType?: number;
  apiCount?: number;
  isFolder?: boolean;
  children?: Node[];
}

interface Hit {
  id: string;
  name: string;
  url: string;
  projectId: string;
  [field: string]: unknown;
}

function labels(nodes: Node[] | undefined): string[] {
  return (nodes ?? []).map((n) => n.label);
}

describe.each(testDialects())('reader calls on %s', (dialect) => {
  let t: TestApp;
  let f: OrgFixture;
  let root: string;
  const ids: Record<string, string> = {};

  const folder = async (moduleId: string, name: string, parentId = '') =>
    (
      await expectOk<{ id: string }>(
        t.post('/api/doc/folder/add', { name, moduleId, parentId }, { token: root }),
      )
    ).id;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    f = await createOrgFixture(t);
    root = f.rootToken;
    const users = await folder(f.privateModuleId, 'Users');
    await folder(f.privateModuleId, 'Empty folder');
    const nested = await folder(f.privateModuleId, 'Nested', users);
    ids.list = (
      await saveDoc(t, root, {
        moduleId: f.privateModuleId,
        parentId: users,
        name: 'List users',
        url: '/users',
        httpMethod: 'GET',
        description: '<p>Pages through every <b>account</b> of the tenant.</p>',
        queryParams: [{ name: 'pageIndex', type: 'number' }],
      })
    ).id;
    ids.old = (
      await saveDoc(t, root, {
        moduleId: f.privateModuleId,
        parentId: nested,
        name: 'Old user lookup',
        url: '/users/legacy',
        httpMethod: 'GET',
        deprecated: 'use /users/{id}',
      })
    ).id;
    ids.hidden = (
      await saveDoc(t, root, {
        moduleId: f.privateModuleId,
        name: 'Hidden doc',
        url: '/hidden',
        httpMethod: 'POST',
        isShow: false,
      })
    ).id;
    ids.markdown = (
      await saveDoc(t, root, {
        moduleId: f.privateModuleId,
        name: '用户说明',
        type: 3,
        description: '# 用户列表\n说明',
      })
    ).id;
    ids.public = (
      await saveDoc(t, root, {
        moduleId: f.publicModuleId,
        name: 'Create order',
        url: '/orders',
        httpMethod: 'POST',
        requestParams: [{ name: 'customerReference', type: 'string', description: 'who pays' }],
      })
    ).id;
  });
  afterAll(async () => {
    await t.close();
  });

  const projectTree = (token: string | undefined, projectId = f.privateProjectId) =>
    expectOk<Node[]>(t.get(`/api/doc/view/dataByProject?projectId=${projectId}`, { token }));
  const search = (token: string | undefined, q: string) =>
    expectOk<Hit[]>(t.get(`/api/doc/search?q=${encodeURIComponent(q)}`, { token }));

  it('answers a project tree of applications, folders and docs with counts, without empty folders or hidden docs', async () => {
    const tree = await projectTree(f.tokens.projectGuest);
    expect(tree).toHaveLength(1);
    const [module] = tree;
    expect(module).toMatchObject({ id: f.privateModuleId, type: 1, isFolder: true, apiCount: 3 });
    expect(labels(module?.children)).toEqual(['Users', '用户说明']);
    const users = module?.children?.[0];
    expect(users).toMatchObject({ type: 2, isFolder: true, apiCount: 2 });
    expect(labels(users?.children)).toEqual(['Nested', 'List users']);
    expect(users?.children?.[1]).toEqual({
      id: ids.list,
      type: 3,
      label: 'List users',
      url: '/users',
      httpMethod: 'GET',
    });
    expect(users?.children?.[0]?.children?.[0]).toMatchObject({ id: ids.old, deprecated: 'use /users/{id}' });
    expect(module?.children?.[1]).toEqual({ id: ids.markdown, type: 3, label: '用户说明', docType: 3 });
    expect(JSON.stringify(tree)).not.toContain('account'); // no descriptions, no params
  });

  it('answers the space tree with the projects the caller may read', async () => {
    const url = `/api/doc/view/data?spaceId=${f.spaceId}`;
    const forGuest = await expectOk<Node[]>(t.get(url, { token: f.tokens.spaceGuest }));
    expect(forGuest.map((n) => n.id)).toEqual([f.publicProjectId]);
    expect(forGuest[0]).toMatchObject({ type: 0, apiCount: 1 });
    expect(forGuest[0]?.children?.[0]).toMatchObject({ id: f.publicModuleId, type: 1 });
    const forAdmin = await expectOk<Node[]>(t.get(url, { token: f.tokens.spaceAdmin }));
    expect(forAdmin.map((n) => n.id)).toEqual([f.privateProjectId, f.publicProjectId]);
    await expectError(t.get(url, { token: f.tokens.nonMember }), 403, 'auth.forbidden');
    await expectError(t.get(url, {}), 401, '1000');
  });

  it('lists readable projects grouped by space', async () => {
    const guest = await expectOk<Array<{ id: string; projects: Array<{ id: string }> }>>(
      t.get('/api/doc/view/projects', { token: f.tokens.spaceGuest }),
    );
    expect(guest).toEqual([
      {
        id: f.spaceId,
        name: expect.any(String),
        projects: [{ id: f.publicProjectId, name: expect.any(String) }],
      },
    ]);
    const projectDev = await expectOk<Array<{ projects: Array<{ id: string }> }>>(
      t.get('/api/doc/view/projects', { token: f.tokens.projectDev }),
    );
    expect(projectDev[0]?.projects.map((p) => p.id)).toEqual([f.privateProjectId, f.publicProjectId]);
    expect(await expectOk(t.get('/api/doc/view/projects', { token: f.tokens.nonMember }))).toEqual([]);
  });

  it('refuses a private project tree to space members without a project role, and unknown projects', async () => {
    await expectError(
      t.get(`/api/doc/view/dataByProject?projectId=${f.privateProjectId}`, { token: f.tokens.spaceGuest }),
      403,
      'auth.forbidden',
    );
    await expectError(
      t.get('/api/doc/view/dataByProject?projectId=nope', { token: f.tokens.superAdmin }),
      404,
      'project.not_found',
    );
    await expectError(t.get('/api/doc/view/dataByProject', { token: root }), 400, 'validation.invalid_input');
  });

  it('searches names, URLs, param names and descriptions, best match first', async () => {
    expect((await search(root, 'list users')).map((h) => h.id)).toEqual([ids.list]);
    expect((await search(root, '/users/legacy')).map((h) => h.id)).toEqual([ids.old]);
    expect((await search(root, 'customerreference')).map((h) => h.id)).toEqual([ids.public]);
    expect((await search(root, 'TENANT')).map((h) => h.id)).toEqual([ids.list]);
    expect((await search(root, '用户')).map((h) => h.id)).toEqual([ids.markdown]);
    // "user" is in two names and the URL of both: the name that starts with it ranks before the one containing it.
    const ranked = await search(root, 'users');
    expect(ranked.map((h) => h.id)).toEqual([ids.list, ids.old]);
    expect(ranked[0]).toMatchObject({ name: 'List users', projectId: f.privateProjectId, httpMethod: 'GET' });
    expect(await search(root, 'hidden')).toEqual([]);
  });

  it('finds words of one or two characters in param names and descriptions, after name matches', async () => {
    const byParam = await saveDoc(t, root, {
      moduleId: f.publicModuleId,
      name: 'Checkout',
      url: '/checkout',
      httpMethod: 'POST',
      requestParams: [{ name: 'qz', type: 'string', description: '签名' }],
    });
    const byName = await saveDoc(t, root, {
      moduleId: f.publicModuleId,
      name: '签名 check',
      url: '/sign',
      httpMethod: 'GET',
    });
    // The name match ranks first; the doc that only has the word in a param description follows.
    expect((await search(root, '签名')).map((h) => h.id)).toEqual([byName.id, byParam.id]);
    expect((await search(root, 'qz')).map((h) => h.id)).toEqual([byParam.id]);
    // A short word narrows a long one: both must be in the doc.
    expect((await search(root, 'checkout 签名')).map((h) => h.id)).toEqual([byParam.id]);
    expect(await search(root, 'checkout 无此')).toEqual([]);
    // Not past the caller's reach.
    expect(await search(f.tokens.nonMember, '签名')).toEqual([]);
    await expectOk(t.post('/api/doc/delete', { id: byParam.id }, { token: root }));
    await expectOk(t.post('/api/doc/delete', { id: byName.id }, { token: root }));
    expect(await search(root, '签名')).toEqual([]);
  });

  it('searches only the docs the caller may read', async () => {
    expect((await search(f.tokens.spaceGuest, 'user')).map((h) => h.id)).toEqual([]);
    expect((await search(f.tokens.spaceGuest, 'order')).map((h) => h.id)).toEqual([ids.public]);
    expect(await search(f.tokens.nonMember, 'order')).toEqual([]);
    expect((await search(f.tokens.projectGuest, 'user')).length).toBe(2);
  });

  it('keeps the index in step with saves and deletes', async () => {
    const saved = await saveDoc(t, root, {
      moduleId: f.publicModuleId,
      name: 'Refund payment',
      url: '/refunds',
      httpMethod: 'POST',
    });
    expect((await search(root, 'refund')).map((h) => h.id)).toEqual([saved.id]);
    await saveDoc(t, root, {
      id: saved.id,
      revision: saved.revision,
      moduleId: f.publicModuleId,
      name: 'Reverse charge',
      url: '/reversals',
      httpMethod: 'POST',
    });
    expect(await search(root, 'refund')).toEqual([]);
    expect((await search(root, 'reversals')).map((h) => h.id)).toEqual([saved.id]);
    await expectOk(t.post('/api/doc/delete', { id: saved.id }, { token: root }));
    expect(await search(root, 'reversals')).toEqual([]);
  });

  it('takes any text as a query, wildcards and quotes included, and refuses an empty or long one', async () => {
    for (const q of ['%', '_', '"', "' or 1=1 --", 'users" OR "x', 'a*', '\\', 'NEAR(users)']) {
      await search(root, q); // answers a list, whatever it holds
    }
    expect(await search(root, '%')).toEqual([]);
    await expectError(t.get('/api/doc/search?q=', { token: root }), 400, 'validation.invalid_input');
    await expectError(
      t.get(`/api/doc/search?q=${'x'.repeat(101)}`, { token: root }),
      400,
      'validation.invalid_input',
    );
    await expectError(t.get('/api/doc/search?q=users', {}), 401, '1000');
  });

  it('follows and unfollows a doc the caller may read', async () => {
    const token = f.tokens.projectGuest;
    const is = () =>
      expectOk<boolean>(t.get(`/api/user/subscribe/doc/isSubscribe?sourceId=${ids.list}`, { token }));
    expect(await is()).toBe(false);
    await expectOk(t.post('/api/user/subscribe/doc/subscribe', { sourceId: ids.list }, { token }));
    await expectOk(t.post('/api/user/subscribe/doc/subscribe', { sourceId: ids.list }, { token }));
    expect(await is()).toBe(true);
    await expectOk(t.post('/api/user/subscribe/doc/cancelSubscribe', { sourceId: ids.list }, { token }));
    expect(await is()).toBe(false);
    await expectError(
      t.post('/api/user/subscribe/doc/subscribe', { sourceId: ids.list }, { token: f.tokens.spaceGuest }),
      403,
      'auth.forbidden',
    );
    await expectError(
      t.post('/api/user/subscribe/doc/subscribe', { sourceId: 'missing' }, { token }),
      404,
      'doc.not_found',
    );
  });
});
