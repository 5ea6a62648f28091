import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createDocWorld,
  type DocWorld,
  detailOf,
  newProjectGuest,
  saveDoc,
} from '../../../test/doc-fixture.ts';
import { expectError, expectOk, newUser } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

interface GlobalsAnswer {
  environmentId: string;
  globalHeaders: Array<{ id: string; name: string; description: string }>;
  globalParams: unknown[];
  globalReturns: Array<{ name: string; children: Array<{ name: string }> }>;
}

describe.each(testDialects())('environment globals on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  let envId: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    w = await createDocWorld(t);
    envId = (
      await expectOk<{ id: string }>(
        t.post(
          '/api/module/environment/add',
          { moduleId: w.moduleId, name: 'test', baseUrl: 'http://127.0.0.1:8080' },
          { token: w.token },
        ),
      )
    ).id;
  });

  const save = (environmentId: string, body: Record<string, unknown>) =>
    expectOk<GlobalsAnswer>(
      t.post('/api/module/environment/globals/save', { environmentId, ...body }, { token: w.token }),
    );

  it('saves global headers, params and returns per environment and shows the first one in doc details', async () => {
    const saved = await save(envId, {
      globalHeaders: [{ name: 'X-Token', required: 1, description: 'token <img src=x onerror=alert(1)>' }],
      globalReturns: [{ name: 'data', type: 'object', children: [{ name: 'code', type: 'number' }] }],
    });
    expect(saved.globalHeaders[0]).toMatchObject({ name: 'X-Token', description: 'token <img src="x" />' });
    expect(saved.globalHeaders[0]?.id).not.toBe('');
    expect(
      await expectOk(t.get(`/api/module/environment/globals/get?environmentId=${envId}`, { token: w.token })),
    ).toEqual(saved);
    expect(await expectOk(t.get(`/api/doc/globals?moduleId=${w.moduleId}`, { token: w.token }))).toEqual(
      saved,
    );
    const doc = await saveDoc(t, w.token, { name: 'a', url: '/a', moduleId: w.moduleId });
    const detail = await detailOf(t, w.token, doc.id);
    expect(detail.globalHeaders).toEqual(saved.globalHeaders);
    expect((detail.globalReturns as GlobalsAnswer['globalReturns'])[0]?.children[0]?.name).toBe('code');
    expect(detail.isUseGlobalHeaders).toBe(true);
  });

  it('applies the globals to a doc as its flags say: headers first, the data node wraps the response', async () => {
    await save(envId, {
      globalHeaders: [{ name: 'X-Token', example: 'abc' }],
      globalParams: [{ name: 'tenant' }],
      globalReturns: [
        { name: 'code', type: 'number' },
        { name: 'data', type: 'object', example: '$data$' },
      ],
    });
    const doc = await saveDoc(t, w.token, {
      name: 'orders',
      url: '/orders',
      httpMethod: 'GET',
      moduleId: w.moduleId,
      headerParams: [{ name: 'x-token' }, { name: 'X-Own' }],
      queryParams: [{ name: 'page', type: 'number' }],
      responseParams: [{ name: 'id', type: 'number' }],
    });
    type Applied = Record<
      'headerParams' | 'queryParams' | 'requestParams' | 'responseParams',
      Array<{ name: string; isGlobal: boolean; example: string; children: Array<{ name: string }> }>
    > & { environmentId: string };
    const applied = await expectOk<Applied>(t.get(`/api/doc/applied?id=${doc.id}`, { token: w.token }));
    expect(applied.environmentId).toBe(envId);
    expect(applied.headerParams.map((r) => [r.name, r.isGlobal])).toEqual([
      ['X-Token', true],
      ['X-Own', false],
    ]);
    expect(applied.queryParams.map((r) => r.name)).toEqual(['tenant', 'page']);
    expect(applied.responseParams.map((r) => r.name)).toEqual(['code', 'data']);
    expect(applied.responseParams[1]).toMatchObject({ example: '', children: [{ name: 'id' }] });

    // The doc opts out of global headers and returns: only its own rows remain.
    const detail = await detailOf(t, w.token, doc.id);
    await saveDoc(t, w.token, {
      ...detail,
      moduleId: w.moduleId,
      revision: detail.revision,
      isUseGlobalHeaders: false,
      isUseGlobalReturns: false,
    });
    const off = await expectOk<Applied>(t.get(`/api/doc/applied?id=${doc.id}`, { token: w.token }));
    expect(off.headerParams.map((r) => r.name)).toEqual(['x-token', 'X-Own']);
    expect(off.responseParams.map((r) => r.name)).toEqual(['id']);
    expect(off.queryParams.map((r) => r.name)).toEqual(['tenant', 'page']);

    // A named environment of the same application is used; one of another application is refused.
    const empty = await expectOk<{ id: string }>(
      t.post(
        '/api/module/environment/add',
        { moduleId: w.moduleId, name: 'prod', baseUrl: 'http://127.0.0.1:9090' },
        { token: w.token },
      ),
    );
    const named = await expectOk<Applied>(
      t.get(`/api/doc/applied?id=${doc.id}&environmentId=${empty.id}`, { token: w.token }),
    );
    expect(named.queryParams.map((r) => r.name)).toEqual(['page']);
    const other = await createDocWorld(t);
    const foreign = await expectOk<{ id: string }>(
      t.post(
        '/api/module/environment/add',
        { moduleId: other.moduleId, name: 'x', baseUrl: 'http://127.0.0.1:9091' },
        { token: other.token },
      ),
    );
    await expectError(
      t.get(`/api/doc/applied?id=${doc.id}&environmentId=${foreign.id}`, { token: w.token }),
      404,
      'environment.not_found',
    );
    const stranger = await newUser(t);
    await expectError(
      t.get(`/api/doc/applied?id=${doc.id}`, { token: stranger.token }),
      403,
      'auth.forbidden',
    );
  });

  it('copies the globals with an environment', async () => {
    await save(envId, { globalParams: [{ name: 'tenant' }] });
    const copy = await expectOk<{ id: string }>(
      t.post('/api/module/environment/copy', { fromEnvId: envId, name: 'copy' }, { token: w.token }),
    );
    const globals = await expectOk<GlobalsAnswer>(
      t.get(`/api/module/environment/globals/get?environmentId=${copy.id}`, { token: w.token }),
    );
    expect(globals.globalParams).toEqual([expect.objectContaining({ name: 'tenant' })]);
  });

  it('answers empty tables without globals, refuses guests writing and strangers reading', async () => {
    expect(
      await expectOk(t.get(`/api/module/environment/globals/get?environmentId=${envId}`, { token: w.token })),
    ).toEqual({
      environmentId: envId,
      globalHeaders: [],
      globalParams: [],
      globalReturns: [],
    });
    const guest = await newProjectGuest(t, w);
    await expectOk(
      t.get(`/api/module/environment/globals/get?environmentId=${envId}`, { token: guest.token }),
    );
    await expectError(
      t.post('/api/module/environment/globals/save', { environmentId: envId }, { token: guest.token }),
      403,
      'auth.forbidden',
    );
    const stranger = await newUser(t);
    await expectError(
      t.get(`/api/doc/globals?moduleId=${w.moduleId}`, { token: stranger.token }),
      403,
      'auth.forbidden',
    );
    await expectError(
      t.get('/api/module/environment/globals/get?environmentId=nope', { token: w.token }),
      404,
      'environment.not_found',
    );
  });
});
