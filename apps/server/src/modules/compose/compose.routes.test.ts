import type { FastifyRequest } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, saveDoc } from '../../../test/doc-fixture.ts';
import { expectError, expectOk, newUser } from '../../../test/org-fixture.ts';
import { createTestApp, envelopeOf, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { expectInert, XSS_PAYLOADS } from '../../../test/xss-payloads.ts';
import { composeDebugScope } from './compose-public.service.ts';

interface Project {
  id: string;
  type: number;
  password: string;
}
interface Node {
  id: string;
  label: string;
  type: number;
  children?: Node[];
}
const labels = (nodes: Node[]): string[] =>
  nodes.flatMap((n) => [n.label, ...(n.children ? labels(n.children) : [])]);

describe.each(testDialects())('composed projects on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  let composeSpace: string;
  let docA: string;
  let docB: string;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    w = await createDocWorld(t);
    composeSpace = (
      await expectOk<{ id: string }>(
        t.post('/api/space/add', { name: 'Portal', isCompose: true }, { token: w.token }),
      )
    ).id;
    docA = (
      await saveDoc(t, w.token, { moduleId: w.moduleId, name: 'getUser', url: '/user', httpMethod: 'GET' })
    ).id;
    docB = (
      await saveDoc(t, w.token, { moduleId: w.moduleId, name: 'addUser', url: '/user', httpMethod: 'POST' })
    ).id;
    await expectOk(
      t.post(
        '/api/module/environment/add',
        { moduleId: w.moduleId, name: 'prod', baseUrl: 'http://prod.example', isPublic: true },
        { token: w.token },
      ),
    );
  });
  afterEach(async () => {
    await t.close();
  });

  const create = (body: Record<string, unknown> = {}) =>
    expectOk<Project>(
      t.post(
        '/api/compose/project/add',
        { spaceId: composeSpace, name: 'Partner portal', ...body },
        { token: w.token },
      ),
    );
  const fill = async (projectId: string) => {
    const folder = await expectOk<{ id: string }>(
      t.post('/api/compose/doc/folder/add', { projectId, name: 'Users' }, { token: w.token }),
    );
    await expectOk(
      t.post(
        '/api/compose/doc/add',
        { projectId, parentId: folder.id, docList: [{ docId: docA }, { docId: docB }] },
        { token: w.token },
      ),
    );
    return folder.id;
  };
  const visitor = (token: string) => ({ headers: { 'x-share-token': token } });

  it('builds a public portal from docs the creator may read; visitors see its tree, docs and pages', async () => {
    const project = await create();
    expect(project.password).toBe('');
    await fill(project.id);
    const menu = await expectOk<Node[]>(t.get(`/api/compose/doc/menu?projectId=${project.id}`));
    expect(labels(menu)).toEqual(['Users', 'getUser', 'addUser']);
    const get = await t.get(`/api/compose/project/get?id=${project.id}`);
    expect(get.headers['x-robots-tag']).toContain('noindex');
    expect(envelopeOf<{ name: string }>(get).data.name).toBe('Partner portal');
    const doc = await expectOk<{ name: string; environments: Array<{ baseUrl: string }>; author: string }>(
      t.get(`/api/compose/doc/view?projectId=${project.id}&docId=${docA}`),
    );
    expect(doc.environments.map((e) => e.baseUrl)).toEqual(['http://prod.example']);
    expect(doc.author).toBe('');
    // Always the current revision; a deleted doc disappears.
    await saveDoc(t, w.token, {
      id: docA,
      revision: 1,
      moduleId: w.moduleId,
      name: 'getUserV2',
      url: '/user',
      httpMethod: 'GET',
    });
    expect(labels(await expectOk<Node[]>(t.get(`/api/compose/doc/menu?projectId=${project.id}`)))).toContain(
      'getUserV2',
    );
    await expectOk(t.post('/api/doc/delete', { id: docB }, { token: w.token }));
    expect(labels(await expectOk<Node[]>(t.get(`/api/compose/doc/menu?projectId=${project.id}`)))).toEqual([
      'Users',
      'getUserV2',
    ]);
    await expectError(
      t.get(`/api/compose/doc/view?projectId=${project.id}&docId=${docB}`),
      404,
      'compose.doc_not_found',
    );
    const list = await expectOk<Array<{ docId: string; available: boolean }>>(
      t.get(`/api/compose/doc/list?projectId=${project.id}`, { token: w.token }),
    );
    expect(list.find((e) => e.docId === docB)?.available).toBe(false);
  });

  it('the gateway URL replaces the hosts; global params and returns come from the composed project', async () => {
    const project = await create();
    await fill(project.id);
    await expectOk(
      t.post(
        '/api/compose/project/setting/save',
        {
          id: project.id,
          gatewayUrl: ' https://gw.example/api/ ',
          showDebug: true,
          globalParams: [{ name: 'tenant', type: 'string', required: true, description: 'Tenant id' }],
        },
        { token: w.token },
      ),
    );
    const all = await expectOk<{ gatewayUrl: string; globalParams: Array<{ name: string }> }>(
      t.get(`/api/compose/project/setting/getall?id=${project.id}`),
    );
    expect(all.gatewayUrl).toBe('https://gw.example/api');
    expect(all.globalParams.map((p) => p.name)).toEqual(['tenant']);
    const doc = await expectOk<{
      environments: Array<{ baseUrl: string }>;
      globalParams: Array<{ name: string }>;
    }>(t.get(`/api/compose/doc/view?projectId=${project.id}&docId=${docA}`));
    expect(doc.environments.map((e) => e.baseUrl)).toEqual(['https://gw.example/api']);
    const inChinese = await expectOk<{ environments: Array<{ name: string }> }>(
      t.get(`/api/compose/doc/view?projectId=${project.id}&docId=${docA}`, { lang: 'zh-CN' }),
    );
    expect(inChinese.environments.map((e) => e.name)).toEqual(['网关']);
    expect(doc.globalParams.map((p) => p.name)).toEqual(['tenant']);
  });

  it('keeps an encrypted portal shut until the password; disabled is "Document not found"', async () => {
    const project = await create({ type: 2 });
    expect(project.password).toMatch(/^[A-Za-z0-9]{8}$/);
    await fill(project.id);
    const page = await expectOk<{ id: string }>(
      t.post(
        '/api/compose/additional/add',
        { projectId: project.id, title: 'Intro', content: '# Hello', contentKind: 'markdown' },
        { token: w.token },
      ),
    );
    for (const url of [
      `/api/compose/project/get?id=${project.id}`,
      `/api/compose/doc/menu?projectId=${project.id}`,
      `/api/compose/doc/view?projectId=${project.id}&docId=${docA}`,
      `/api/compose/project/setting/getall?id=${project.id}`,
      `/api/compose/additional/listvisible?projectId=${project.id}`,
      `/api/compose/additional/get?id=${page.id}`,
    ]) {
      const answer = await t.get(url);
      expect([url, answer.statusCode, envelopeOf(answer).code]).toEqual([
        url,
        401,
        'share.password_required',
      ]);
      expect(answer.body).not.toContain('getUser');
      expect(answer.body).not.toContain('Hello');
    }
    await expectError(
      t.post('/api/compose/project/checkPassword', { id: project.id, password: '' }),
      400,
      'validation.invalid_input',
    );
    await expectError(
      t.post('/api/compose/project/checkPassword', { id: project.id, password: 'nope' }),
      401,
      'share.password_wrong',
    );
    const session = await expectOk<{ token: string }>(
      t.post('/api/compose/project/checkPassword', { id: project.id, password: ` ${project.password} ` }),
    );
    expect(
      labels(
        await expectOk<Node[]>(
          t.get(`/api/compose/doc/menu?projectId=${project.id}`, visitor(session.token)),
        ),
      ),
    ).toEqual(['Users', 'getUser', 'addUser']);
    const got = await expectOk<{ content: string }>(
      t.get(`/api/compose/additional/get?id=${page.id}`, visitor(session.token)),
    );
    expect(got.content).toBe('# Hello');
    // Regenerating ends the session at once.
    const fresh = await expectOk<{ password: string }>(
      t.post('/api/compose/project/regeneratePassword', { id: project.id }, { token: w.token }),
    );
    expect(fresh.password).not.toBe(project.password);
    await expectError(
      t.get(`/api/compose/doc/menu?projectId=${project.id}`, visitor(session.token)),
      401,
      'share.password_required',
    );
    // Disabled: "Document not found", before or after the password.
    await expectOk(
      t.post(
        '/api/compose/project/update',
        { id: project.id, name: 'Partner portal', type: 2, status: 0 },
        { token: w.token },
      ),
    );
    expect(
      await expectError(t.get(`/api/compose/project/get?id=${project.id}`), 404, 'compose.not_found'),
    ).toBe('Document not found');
    await expectError(
      t.post('/api/compose/project/checkPassword', { id: project.id, password: fresh.password }),
      404,
      'compose.not_found',
    );
    await expectError(t.get('/api/compose/doc/menu?projectId=AAAAAAAAAAAAAAAA'), 404, 'compose.not_found');
  });

  it('throttles wrong passwords', async () => {
    const project = await create({ type: 2 });
    for (let i = 0; i < 10; i++)
      await t.post(
        '/api/compose/project/checkPassword',
        { id: project.id, password: `x${i}` },
        { ip: '10.9.9.9' },
      );
    await expectError(
      t.post(
        '/api/compose/project/checkPassword',
        { id: project.id, password: project.password },
        { ip: '10.9.9.9' },
      ),
      429,
      'share.password_throttled',
    );
  });

  it('refuses docs the creator cannot read, docs outside the portal, and normal spaces', async () => {
    const project = await create();
    const stranger = await createDocWorld(t);
    const hidden = (
      await saveDoc(t, stranger.token, {
        moduleId: stranger.moduleId,
        name: 'hidden',
        url: '/h',
        httpMethod: 'GET',
      })
    ).id;
    await expectError(
      t.post(
        '/api/compose/doc/add',
        { projectId: project.id, docList: [{ docId: hidden }] },
        { token: w.token },
      ),
      403,
      'auth.forbidden',
    );
    await expectError(
      t.get(`/api/compose/doc/view?projectId=${project.id}&docId=${docA}`),
      404,
      'compose.doc_not_found',
    );
    await expectError(
      t.post('/api/compose/project/add', { spaceId: w.spaceId, name: 'X' }, { token: w.token }),
      400,
      'compose.space_not_compose',
    );
    const outsider = await newUser(t);
    await expectError(
      t.post('/api/compose/project/add', { spaceId: composeSpace, name: 'X' }, { token: outsider.token }),
      403,
      'auth.forbidden',
    );
    await expectError(
      t.get(`/api/compose/project/list?spaceId=${composeSpace}`, { token: outsider.token }),
      403,
      'auth.forbidden',
    );
  });

  it('sanitizes rich-text pages and shows only enabled ones', async () => {
    const project = await create();
    for (const payload of XSS_PAYLOADS.slice(0, 10)) {
      const page = await expectOk<{ id: string; content: string }>(
        t.post(
          '/api/compose/additional/add',
          { projectId: project.id, title: 'P', content: payload },
          { token: w.token },
        ),
      );
      expectInert(page.content);
    }
    const off = await expectOk<{ id: string }>(
      t.post(
        '/api/compose/additional/add',
        { projectId: project.id, title: 'Draft', content: 'x', status: 0 },
        { token: w.token },
      ),
    );
    const visible = await expectOk<Array<{ title: string }>>(
      t.get(`/api/compose/additional/listvisible?projectId=${project.id}`),
    );
    expect(visible.map((p) => p.title)).not.toContain('Draft');
    await expectError(t.get(`/api/compose/additional/get?id=${off.id}`), 404, 'compose.page_not_found');
  });

  it('renames and reorders folders, and removing a folder removes what it holds', async () => {
    const project = await create();
    const folder = await fill(project.id);
    await expectOk(
      t.post('/api/compose/doc/folder/update', { id: folder, name: 'People' }, { token: w.token }),
    );
    const list = await expectOk<Array<{ id: string; docId: string }>>(
      t.get(`/api/compose/doc/list?projectId=${project.id}`, { token: w.token }),
    );
    const b = list.find((e) => e.docId === docB);
    await expectOk(
      t.post('/api/compose/doc/orderindex/update', { id: b?.id, orderIndex: 1 }, { token: w.token }),
    );
    expect(labels(await expectOk<Node[]>(t.get(`/api/compose/doc/menu?projectId=${project.id}`)))).toEqual([
      'People',
      'addUser',
      'getUser',
    ]);
    await expectOk(t.post('/api/compose/doc/remove', { id: folder }, { token: w.token }));
    expect(
      await expectOk(t.get(`/api/compose/doc/list?projectId=${project.id}`, { token: w.token })),
    ).toEqual([]);
  });

  it('tells the debug proxy which docs a request may debug through a composed project', async () => {
    const asRequest = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;
    const project = await create({ type: 2 });
    await fill(project.id);
    expect(await composeDebugScope(t.db, asRequest({}), project.id)).toBeNull();
    await expectOk(
      t.post('/api/compose/project/setting/save', { id: project.id, showDebug: true }, { token: w.token }),
    );
    expect(await composeDebugScope(t.db, asRequest({ 'x-compose-id': project.id }))).toBeNull();
    const session = await expectOk<{ token: string }>(
      t.post('/api/compose/project/checkPassword', { id: project.id, password: project.password }),
    );
    const scope = await composeDebugScope(t.db, asRequest({ 'x-share-token': session.token }), project.id);
    expect([...(scope?.docIds ?? [])].sort()).toEqual([docA, docB].sort());
  });
});
