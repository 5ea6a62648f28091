import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, newProjectGuest, saveDoc } from '../../../test/doc-fixture.ts';
import { expectError, expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

interface MockAnswer {
  id: string;
  name: string;
  version: number;
  isDefault: boolean;
  path: string;
  mockUrl: string;
  responseBody: string;
  resultType: number;
}

const RESPONSE = [
  { name: 'code', type: 'string', example: '0' },
  { name: 'data', type: 'object', children: [{ name: 'id', type: 'number', example: '7' }] },
];

describe.each(testDialects())('mock routes on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  let docId: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await createDocWorld(t);
    docId = (
      await saveDoc(t, w.token, {
        moduleId: w.moduleId,
        name: 'Get user',
        url: '/user/get',
        httpMethod: 'GET',
        responseParams: RESPONSE,
      })
    ).id;
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const list = () => expectOk<MockAnswer[]>(t.get(`/api/doc/mock/list?docId=${docId}`, { token: w.token }));
  const save = (body: Record<string, unknown>) =>
    expectOk<{ id: string; name: string }>(
      t.post('/api/doc/mock/save', { docId, ...body }, { token: w.token }),
    );
  const call = (
    method: string,
    url: string,
    options: { headers?: Record<string, string>; payload?: string } = {},
  ) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { 'accept-language': 'en', ...options.headers },
      payload: options.payload,
    });

  it('generates the default mock from the response params and merges later changes', async () => {
    const [first] = await list();
    expect(first).toMatchObject({ isDefault: true, name: 'default', version: 0 });
    expect(JSON.parse(first?.responseBody ?? '')).toEqual({ code: '0', data: { id: 7 } });
    // A person's value survives; a field whose type changed is regenerated; removed ones go, new ones come.
    await save({
      id: first?.id,
      name: 'default',
      responseBody: JSON.stringify({ code: 'kept', data: { id: 1 } }),
    });
    const detail = await expectOk<{ revision: number }>(
      t.get(`/api/doc/detail?id=${docId}`, { token: w.token }),
    );
    await saveDoc(t, w.token, {
      id: docId,
      revision: detail.revision,
      moduleId: w.moduleId,
      name: 'Get user',
      url: '/user/get',
      httpMethod: 'GET',
      responseParams: [
        { name: 'code', type: 'string', example: '0' },
        { name: 'data', type: 'string', example: 'x' },
        { name: 'msg', type: 'string', example: 'ok' },
      ],
    });
    const [merged] = await list();
    expect(JSON.parse(merged?.responseBody ?? '')).toEqual({ code: 'kept', data: 'x', msg: 'ok' });
    // Served by id, the default follows the doc as well.
    const served = await call('GET', `/mock/${merged?.id}`);
    expect(served.statusCode).toBe(200);
    expect(served.json()).toEqual({ code: 'kept', data: 'x', msg: 'ok' });
    await expectError(
      t.post('/api/doc/mock/delete', { id: merged?.id }, { token: w.token }),
      409,
      'mock.default_undeletable',
    );
  });

  it('saves, versions and deletes configurations; checks who may', async () => {
    const next = await expectOk<number>(
      t.get(`/api/doc/mock/version/next?docId=${docId}`, { token: w.token }),
    );
    const saved = await save({ name: `v${next}`, path: `/v${next}/user/get`, responseBody: '{"a":1}' });
    const row = (await list()).find((m) => m.id === saved.id);
    expect(row).toMatchObject({
      version: next,
      path: `v${next}/user/get`,
      mockUrl: `/mock/v${next}/user/get`,
    });
    const guest = await newProjectGuest(t, w);
    expect((await t.get(`/api/doc/mock/list?docId=${docId}`, { token: guest.token })).statusCode).toBe(200);
    await expectError(
      t.post('/api/doc/mock/save', { docId, name: 'x' }, { token: guest.token }),
      403,
      'auth.forbidden',
    );
    await expectError(
      t.post('/api/doc/mock/delete', { id: saved.id }, { token: guest.token }),
      403,
      'auth.forbidden',
    );
    for (const bad of [
      { delayMills: 10_001 },
      { httpStatus: 99 },
      { name: '' },
      { resultType: 5 },
      { dataJson: '[1' },
    ]) {
      await expectError(
        t.post('/api/doc/mock/save', { docId, name: 'x', ...bad }, { token: w.token }),
        400,
        'validation.invalid_input',
      );
    }
    await expectOk(t.post('/api/doc/mock/delete', { id: saved.id }, { token: w.token }));
    expect((await list()).some((m) => m.id === saved.id)).toBe(false);
    await expectError(
      t.post('/api/doc/mock/delete', { id: saved.id }, { token: w.token }),
      404,
      'mock.not_found',
    );
    expect((await t.get(`/api/doc/mock/list?docId=${docId}`)).statusCode).toBe(401);
  });

  it('serves by id or by path (with its query, then without), with conditions; 404 otherwise', async () => {
    await save({ name: 'plain', path: 'm1/orders', responseBody: '{"which":"plain"}' });
    await save({ name: 'query', path: 'm1/orders?page=2', responseBody: '{"which":"query"}' });
    await save({
      name: 'vip',
      path: 'm1/orders',
      dataKv: [{ name: 'vip', value: '1' }],
      requestHeaders: [{ name: 'X-Tenant', value: 'acme' }],
      responseBody: '{"which":"vip"}',
    });
    await save({
      name: 'json',
      path: 'm1/orders',
      requestDataType: 1,
      dataJson: '{"type":"bulk"}',
      httpStatus: 201,
      responseHeaders: [{ name: 'X-Mock', value: 'yes' }],
      responseBody: '<script>alert(1)</script>',
    });
    const which = async (method: string, url: string, options = {}) => {
      const response = await call(method, url, options);
      return response.statusCode === 200 ? response.json<{ which: string }>().which : response.statusCode;
    };
    expect(await which('GET', '/mock/m1/orders')).toBe('plain');
    expect(await which('DELETE', '/mock/m1/orders?page=2')).toBe('query');
    expect(await which('GET', '/mock/m1/orders?page=3')).toBe('plain');
    expect(await which('GET', '/mock/m1/orders?vip=1', { headers: { 'x-tenant': 'acme' } })).toBe('vip');
    expect(await which('GET', '/mock/m1/orders?vip=1')).toBe('plain');
    expect(
      await which('POST', '/mock/m1/orders', {
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-tenant': 'acme' },
        payload: 'vip=1',
      }),
    ).toBe('vip');
    const html = await call('PUT', '/mock/m1/orders', {
      headers: { 'content-type': 'application/json' },
      payload: '{"type":"bulk","n":2}',
    });
    expect(html.statusCode).toBe(201);
    expect(html.headers['x-mock']).toBe('yes');
    expect(html.headers['set-cookie']).toBeUndefined();
    expect(html.headers['content-security-policy']).toBe('sandbox');
    expect(html.headers['x-content-type-options']).toBe('nosniff');
    expect(html.headers['access-control-allow-origin']).toBe('*');
    const missing = await call('GET', '/mock/nothing/here', { headers: { 'accept-language': 'zh-CN' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ msg: string }>().msg).toContain('/mock/nothing/here');
    expect(missing.headers['content-security-policy']).toBe('sandbox');
    const preflight = await call('OPTIONS', '/mock/m1/orders', {
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'x-tenant',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toBe('x-tenant');
    // CORS stays closed on the web API.
    expect((await t.get('/api/system/config')).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('runs scripts and Mock.js templates per request', async () => {
    await save({
      name: 'script',
      path: 'm2/echo',
      resultType: 1,
      mockScript:
        'return { status: 202, headers: { "X-Id": $params.id }, body: { id: $params.id, n: $body.n, h: $headers["x-a"], sig: md5("a") } };',
    });
    const echo = await call('POST', '/mock/m2/echo?id=9', {
      headers: { 'content-type': 'application/json', 'x-a': 'b' },
      payload: '{"n":3}',
    });
    expect(echo.statusCode).toBe(202);
    expect(echo.headers['x-id']).toBe('9');
    expect(echo.json()).toEqual({ id: '9', n: 3, h: 'b', sig: '0cc175b9c0f1b6a831c399e269772661' });
    await save({
      name: 'tpl',
      path: 'm2/list',
      resultType: 2,
      responseBody: '{ "list|3": [{ "id|+1": 1, "name": "@name" }] }',
    });
    const listed = (await call('GET', '/mock/m2/list')).json<{ list: { id: number }[] }>();
    expect(listed.list.map((item) => item.id)).toEqual([1, 2, 3]);
    await save({ name: 'broken', path: 'm2/broken', resultType: 1, mockScript: 'const a = 1;\nnull.x;' });
    const broken = await call('GET', '/mock/m2/broken');
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toMatchObject({ code: 'mock.script_error', data: { line: 2 } });
    expect(broken.json<{ msg: string }>().msg).toMatch(/^Mock script error: TypeError/);
    await save({ name: 'noreturn', path: 'm2/noreturn', resultType: 1, mockScript: 'const a = 1;' });
    const none = await call('GET', '/mock/m2/noreturn');
    expect(none.statusCode).toBe(500);
    expect(none.json<{ msg: string }>().msg).toBe('No data returned, is return missing?');
  });

  it('keeps every escape attempt inside the sandbox and keeps serving', async () => {
    const corpus: Record<string, string> = {
      process: 'return typeof process + typeof globalThis.process',
      require: 'return typeof require + typeof module',
      import: 'return import("node:fs").then(() => "escaped", () => "blocked")',
      constructor: 'return (() => 0).constructor("return typeof process")()',
      Function: 'return Function("return typeof require")()',
      prototypes: 'return Object.getPrototypeOf(md5).constructor("return typeof Buffer")()',
      timers: 'return [typeof setTimeout, typeof setInterval, typeof setImmediate].join()',
      fetch: 'return typeof fetch + typeof XMLHttpRequest',
      loop: 'for (;;) {}',
      bomb: 'const a = []; for (let i = 0; ; i++) a.push({ i, s: "x" + i });',
      huge: 'return "x".repeat(3e6)',
      stack: 'const f = () => f(); return f();',
    };
    for (const [name, script] of Object.entries(corpus)) {
      await save({ name, path: `esc/${name}`, resultType: 1, mockScript: script });
    }
    await save({
      name: 'tpl-escape',
      path: 'esc/template',
      resultType: 2,
      responseBody: '{ "p": function () { return typeof process + typeof require; } }',
    });
    await save({
      name: 'tpl-loop',
      path: 'esc/template-loop',
      resultType: 2,
      responseBody: '{ "p": function () { for (;;) {} } }',
    });
    const answers = await Promise.all(
      [...Object.keys(corpus), 'template', 'template-loop'].map(
        async (name) => [name, await call('GET', `/mock/esc/${name}`)] as const,
      ),
    );
    for (const [name, response] of answers) {
      expect(response.body, name).not.toMatch(/function|object|escaped/);
      expect(response.headers['content-security-policy'], name).toBe('sandbox');
    }
    const status = Object.fromEntries(answers.map(([name, response]) => [name, response.statusCode]));
    expect(status).toMatchObject({ loop: 500, bomb: 500, huge: 500, stack: 500, 'template-loop': 500 });
    expect(answers.find(([name]) => name === 'template')?.[1].json()).toEqual({ p: 'undefinedundefined' });
    expect(answers.find(([name]) => name === 'import')?.[1].body).toBe('blocked');
    // Still serving.
    expect((await call('GET', '/mock/m2/echo?id=1')).statusCode).toBe(202);
  }, 60_000);

  it('answers delayed mocks without holding other requests', async () => {
    await save({ name: 'slow', path: 'm3/slow', delayMills: 300, responseBody: '"slow"' });
    await save({ name: 'fast', path: 'm3/fast', responseBody: '"fast"' });
    const order: string[] = [];
    const slow = call('GET', '/mock/m3/slow').then((r) => order.push(r.json()));
    await call('GET', '/mock/m3/fast').then((r) => order.push(r.json()));
    await slow;
    expect(order).toEqual(['fast', 'slow']);
  });

  it('runs an unsaved configuration for the run button', async () => {
    const run = await expectOk<{ status: number; body: string; logs: string[]; error: string | null }>(
      t.post(
        '/api/doc/mock/run',
        {
          docId,
          name: 'x',
          resultType: 1,
          mockScript: 'console.log("hi", $params.q); return { q: $params.q }',
          sample: { query: { q: 'v' } },
        },
        { token: w.token },
      ),
    );
    expect(run).toMatchObject({ status: 200, body: '{"q":"v"}', logs: ['hi v'], error: null });
    const failed = await expectOk<{ status: number; error: string }>(
      t.post(
        '/api/doc/mock/run',
        { docId, name: 'x', resultType: 1, mockScript: 'throw new Error("no")' },
        { token: w.token, lang: 'zh-CN' },
      ),
    );
    expect(failed).toMatchObject({ status: 500, error: 'Mock脚本错误: Error: no' });
  });
});

describe('QUIRE_MOCK_ORIGIN', () => {
  it('serves mocks only on the mock origin and shows that origin in mock URLs', async () => {
    const t = await createTestApp('sqlite', { QUIRE_MOCK_ORIGIN: 'https://mock.example.com/' });
    try {
      const w = await createDocWorld(t);
      const doc = await saveDoc(t, w.token, {
        moduleId: w.moduleId,
        name: 'D',
        url: '/d',
        httpMethod: 'GET',
        responseParams: RESPONSE,
      });
      await expectOk(
        t.post(
          '/api/doc/mock/save',
          { docId: doc.id, name: 'v1', path: 'o/d', responseBody: '1' },
          { token: w.token },
        ),
      );
      const rows = await expectOk<MockAnswer[]>(
        t.get(`/api/doc/mock/list?docId=${doc.id}`, { token: w.token }),
      );
      expect(rows.find((r) => r.name === 'v1')?.mockUrl).toBe('https://mock.example.com/mock/o/d');
      const here = await t.app.inject({
        method: 'GET',
        url: '/mock/o/d',
        headers: { host: 'quire.example.com' },
      });
      expect(here.statusCode).toBe(404);
      const there = await t.app.inject({
        method: 'GET',
        url: '/mock/o/d',
        headers: { host: 'mock.example.com' },
      });
      expect(there.statusCode).toBe(200);
      expect(there.body).toBe('1');
    } finally {
      await t.close();
    }
  });
});
