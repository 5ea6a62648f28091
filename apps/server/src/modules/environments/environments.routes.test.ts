import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError, expectOk, newUser } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

interface EnvAnswer {
  id: string;
  moduleId: string;
  name: string;
  baseUrl: string;
  isPublic: boolean;
  orderIndex: number;
}

describe.each(testDialects())('environment routes on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let projectId: string;
  let moduleId: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    token = (await newUser(t)).token;
    const space = await expectOk<{ id: string }>(t.post('/api/space/add', { name: 'Team' }, { token }));
    projectId = (
      await expectOk<{ id: string }>(t.post('/api/project/add', { name: 'P', spaceId: space.id }, { token }))
    ).id;
    moduleId = (
      await expectOk<{ id: string }>(t.post('/api/module/add', { name: 'M', projectId }, { token }))
    ).id;
  });
  afterEach(async () => {
    await t.close();
  });

  const list = (id = moduleId, as = token) =>
    expectOk<EnvAnswer[]>(t.get(`/api/module/environment/list?moduleId=${id}`, { token: as }));
  const add = (body: Record<string, unknown>) =>
    expectOk<EnvAnswer>(t.post('/api/module/environment/add', { moduleId, ...body }, { token }));

  it('trims the base URL and removes trailing slashes; lists in order', async () => {
    const dev = await add({ name: 'dev', baseUrl: '  http://localhost:8080/api//  ' });
    await add({ name: '测试 环境', baseUrl: 'https://test.example.com/', isPublic: true });
    expect(dev.baseUrl).toBe('http://localhost:8080/api');
    expect((await list()).map((e) => [e.name, e.baseUrl, e.isPublic])).toEqual([
      ['dev', 'http://localhost:8080/api', false],
      ['测试 环境', 'https://test.example.com', true],
    ]);
  });

  it("lists a doc's environments by the doc's id, as its application's; an unknown doc is not found", async () => {
    await add({ name: 'dev', baseUrl: 'http://a' });
    await add({ name: 'prod', baseUrl: 'http://b', isPublic: true });
    const doc = await expectOk<{ id: string }>(
      t.post('/api/doc/save', { moduleId, name: 'D', url: '/d', httpMethod: 'GET' }, { token }),
    );
    const byDoc = await expectOk<EnvAnswer[]>(t.get(`/api/doc/environment/list?id=${doc.id}`, { token }));
    expect(byDoc).toEqual(await list());
    expect(byDoc.map((e) => e.name)).toEqual(['dev', 'prod']);
    await expectError(
      t.get('/api/doc/environment/list?id=nosuchdoc0000000', { token }),
      404,
      'doc.not_found',
    );
  });

  it('refuses bad URLs and duplicate names, changing nothing', async () => {
    for (const baseUrl of ['', 'localhost:8080', 'ftp://x', 'http://', 'http:// spaced.example']) {
      const msg = await expectError(
        t.post('/api/module/environment/add', { moduleId, name: 'x', baseUrl }, { token }),
        400,
        'validation.invalid_input',
      );
      expect(msg).toContain('http://');
    }
    const first = await add({ name: 'dev', baseUrl: 'http://a' });
    await add({ name: 'prod', baseUrl: 'http://b' });
    await expectError(
      t.post('/api/module/environment/add', { moduleId, name: 'dev', baseUrl: 'http://c' }, { token }),
      409,
      'environment.name_taken',
    );
    await expectError(
      t.post(
        '/api/module/environment/update',
        { id: first.id, name: 'prod', baseUrl: 'http://a', isPublic: false },
        { token },
      ),
      409,
      'environment.name_taken',
    );
    expect((await list()).map((e) => [e.name, e.baseUrl])).toEqual([
      ['dev', 'http://a'],
      ['prod', 'http://b'],
    ]);
  });

  it('edits, copies (same and another application) and deletes', async () => {
    const env = await add({ name: 'dev', baseUrl: 'http://a' });
    await expectOk(
      t.post(
        '/api/module/environment/update',
        { id: env.id, name: 'dev2', baseUrl: 'http://b/', isPublic: 1 },
        { token },
      ),
    );
    const copy = await expectOk<EnvAnswer>(
      t.post('/api/module/environment/copy', { fromEnvId: env.id, name: 'copy' }, { token }),
    );
    expect(copy).toMatchObject({ moduleId, name: 'copy', baseUrl: 'http://b', isPublic: true });
    const other = await expectOk<{ id: string }>(
      t.post('/api/module/add', { name: 'Other', projectId }, { token }),
    );
    await expectOk(
      t.post(
        '/api/module/environment/copy',
        { fromEnvId: env.id, destModuleId: other.id, name: 'dev2', isPublic: false },
        { token },
      ),
    );
    expect((await list(other.id)).map((e) => [e.name, e.isPublic])).toEqual([['dev2', false]]);
    await expectOk(t.post('/api/module/environment/delete', { id: env.id }, { token }));
    expect((await list()).map((e) => e.name)).toEqual(['copy']);
    await expectError(
      t.post('/api/module/environment/delete', { id: env.id }, { token }),
      404,
      'environment.not_found',
    );
  });

  it('imports ticked environments; none ticked is "Please choose environment"', async () => {
    const source = await expectOk<{ id: string }>(
      t.post('/api/module/add', { name: 'Source', projectId }, { token }),
    );
    const a = await expectOk<EnvAnswer>(
      t.post(
        '/api/module/environment/add',
        { moduleId: source.id, name: 'a', baseUrl: 'http://a' },
        { token },
      ),
    );
    await expectOk(
      t.post(
        '/api/module/environment/add',
        { moduleId: source.id, name: 'b', baseUrl: 'http://b' },
        { token },
      ),
    );
    for (const ids of [[], undefined]) {
      const msg = await expectError(
        t.post('/api/module/environment/import', { moduleId, fromModuleId: source.id, ids }, { token }),
        400,
        'validation.invalid_input',
      );
      expect(msg).toBe('body.ids: Please choose environment');
    }
    const zh = await t.post(
      '/api/module/environment/import',
      { moduleId, fromModuleId: source.id, ids: [] },
      { token, lang: 'zh-CN' },
    );
    expect(zh.json<{ msg: string }>().msg).toBe('body.ids: 请选择环境');
    const imported = await expectOk<EnvAnswer[]>(
      t.post('/api/module/environment/import', { moduleId, fromModuleId: source.id, ids: [a.id] }, { token }),
    );
    expect(imported.map((e) => [e.name, e.baseUrl, e.moduleId])).toEqual([['a', 'http://a', moduleId]]);
    // Importing again collides on the name: all or nothing.
    await expectError(
      t.post('/api/module/environment/import', { moduleId, fromModuleId: source.id, ids: [a.id] }, { token }),
      409,
      'environment.name_taken',
    );
    expect(await list()).toHaveLength(1);
  });

  it('refuses ids that are not environments of fromModuleId, changing nothing', async () => {
    const source = await expectOk<{ id: string }>(
      t.post('/api/module/add', { name: 'Source', projectId }, { token }),
    );
    const mine = await add({ name: 'mine', baseUrl: 'http://m' });
    await expectError(
      t.post(
        '/api/module/environment/import',
        { moduleId, fromModuleId: source.id, ids: [mine.id] },
        { token },
      ),
      404,
      'environment.not_found',
    );
    expect(await list()).toHaveLength(1);
  });

  it('refuses to import or copy from a module of another space the caller cannot read', async () => {
    const stranger = await newUser(t);
    const theirSpace = await expectOk<{ id: string }>(
      t.post('/api/space/add', { name: 'Theirs' }, { token: stranger.token }),
    );
    const theirProject = await expectOk<{ id: string }>(
      t.post('/api/project/add', { name: 'TP', spaceId: theirSpace.id }, { token: stranger.token }),
    );
    const theirModule = await expectOk<{ id: string }>(
      t.post('/api/module/add', { name: 'TM', projectId: theirProject.id }, { token: stranger.token }),
    );
    const secret = await expectOk<EnvAnswer>(
      t.post(
        '/api/module/environment/add',
        { moduleId: theirModule.id, name: 'internal', baseUrl: 'http://10.0.0.5' },
        { token: stranger.token },
      ),
    );
    await expectError(
      t.post(
        '/api/module/environment/import',
        { moduleId, fromModuleId: theirModule.id, ids: [secret.id] },
        { token },
      ),
      403,
      'auth.forbidden',
    );
    await expectError(
      t.post(
        '/api/module/environment/copy',
        { fromEnvId: secret.id, destModuleId: moduleId, name: 'stolen' },
        { token },
      ),
      403,
      'auth.forbidden',
    );
    await expectError(
      t.get(`/api/module/environment/list?moduleId=${theirModule.id}`, { token }),
      403,
      'auth.forbidden',
    );
    // Nor by the id of one of their docs.
    const theirDoc = await expectOk<{ id: string }>(
      t.post(
        '/api/doc/save',
        { moduleId: theirModule.id, name: 'D', url: '/d', httpMethod: 'GET' },
        { token: stranger.token },
      ),
    );
    await expectError(t.get(`/api/doc/environment/list?id=${theirDoc.id}`, { token }), 403, 'auth.forbidden');
    // Nor may the stranger write into ours.
    await expectError(
      t.post(
        '/api/module/environment/copy',
        { fromEnvId: secret.id, destModuleId: moduleId, name: 'pushed' },
        { token: stranger.token },
      ),
      403,
      'auth.forbidden',
    );
    expect(await list()).toEqual([]);
  });
});
