// An application's mock base (`/mock/m/<moduleId>`) and the legacy `/mock/<path>` namespace held by the
// application that claimed a path first: a stranger's configuration never changes what another team's mock
// URL answers (docs/mock.md).
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, saveDoc } from '../../../test/doc-fixture.ts';
import { expectError, expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { fillClaims } from '../../db/migrations/2026-11-26T0930-mock-path-claims.ts';

interface MockAnswer {
  id: string;
  name: string;
  isDefault: boolean;
  mockUrl: string;
}

const ORDER = [
  { name: 'id', type: 'string', example: 'o_1' },
  { name: 'kind', type: 'string', example: 'order' },
];

describe.each(testDialects())('mock base URLs on %s', (dialect) => {
  let t: TestApp;
  let victim: DocWorld;
  let stranger: DocWorld;
  let base: string;
  const docs: Record<string, string> = {};

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
  const body = async (method: string, url: string, options = {}) => {
    const response = await call(method, url, options);
    return response.statusCode === 200 ? response.json<Record<string, unknown>>() : response.statusCode;
  };
  const saveMock = (w: DocWorld, docId: string, fields: Record<string, unknown>) =>
    expectOk<{ id: string }>(t.post('/api/doc/mock/save', { docId, ...fields }, { token: w.token }));
  const listMocks = (w: DocWorld, docId: string) =>
    expectOk<MockAnswer[]>(t.get(`/api/doc/mock/list?docId=${docId}`, { token: w.token }));
  const doc = async (w: DocWorld, name: string, httpMethod: string, url: string, extra = {}) =>
    (
      await saveDoc(t, w.token, {
        moduleId: w.moduleId,
        name,
        url,
        httpMethod,
        responseParams: [{ name: 'doc', type: 'string', example: name }],
        ...extra,
      })
    ).id;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    victim = await createDocWorld(t);
    stranger = await createDocWorld(t);
    docs.get = await doc(victim, 'get', 'GET', '/orders/{id}', { responseParams: ORDER });
    docs.fresh = await doc(victim, 'new', 'GET', '/orders/new');
    docs.items = await doc(victim, 'items', 'GET', '/orders/{id}/items');
    docs.create = await doc(victim, 'create', 'POST', '/orders');
    docs.file = await doc(victim, 'file', 'GET', 'http://api.example.com/files/{name}.json?x=1');
    docs.user = await doc(victim, 'user', 'GET', '/users/:uid');
    base = (
      await expectOk<{ mockBaseUrl: string }>(
        t.get(`/api/doc/mock/base?moduleId=${victim.moduleId}`, { token: victim.token }),
      )
    ).mockBaseUrl;
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it("answers each doc at its method and path under the application's base", async () => {
    expect(base).toBe(`/mock/m/${victim.moduleId}`);
    expect(await body('GET', `${base}/orders/o_1`)).toEqual({ id: 'o_1', kind: 'order' });
    expect(await body('GET', `${base}/orders/new`)).toEqual({ doc: 'new' });
    expect(await body('GET', `${base}/orders/o_1/items/`)).toEqual({ doc: 'items' });
    expect(await body('POST', `${base}/orders`)).toEqual({ doc: 'create' });
    expect(await body('GET', `${base}/files/report.json`)).toEqual({ doc: 'file' });
    expect(await body('GET', `${base}/users/u%201`)).toEqual({ doc: 'user' });
    // Method matching: HEAD reaches GET docs, no doc answers DELETE /orders/o_1 or GET /orders.
    expect((await call('HEAD', `${base}/orders/o_1`)).statusCode).toBe(200);
    const wrongMethod = await call('DELETE', `${base}/orders/o_1`);
    expect(wrongMethod.statusCode).toBe(404);
    expect(wrongMethod.json()).toMatchObject({ code: 'mock.not_configured' });
    expect(await body('GET', `${base}/orders`)).toBe(404);
    expect(await body('GET', `${base}/files/report.txt`)).toBe(404);
    // A base of no live application is the legacy namespace: nothing there.
    expect(await body('GET', '/mock/m/nosuchmodule000/orders/o_1')).toBe(404);
    // Readers of the application see its base; others do not.
    await expectError(
      t.get(`/api/doc/mock/base?moduleId=${victim.moduleId}`, { token: stranger.token }),
      403,
      'auth.forbidden',
    );
  });

  it("applies the doc's configurations with conditions, else its default mock", async () => {
    await saveMock(victim, docs.get ?? '', {
      name: 'vip',
      dataKv: [{ name: 'vip', value: '1' }],
      responseBody: '{"which":"vip"}',
    });
    await saveMock(victim, docs.get ?? '', {
      name: 'vip-tenant',
      dataKv: [{ name: 'vip', value: '1' }],
      requestHeaders: [{ name: 'X-Tenant', value: 'acme' }],
      responseBody: '{"which":"vip-tenant"}',
    });
    await saveMock(victim, docs.get ?? '', {
      name: 'paid',
      path: 'legacy/orders?status=paid',
      responseBody: '{"which":"paid"}',
    });
    await saveMock(victim, docs.create ?? '', {
      name: 'bulk',
      requestDataType: 1,
      dataJson: '{"type":"bulk"}',
      httpStatus: 202,
      responseBody: '{"which":"bulk"}',
    });
    // No condition: answers at its own URL only, never instead of the default under the base.
    const plain = await saveMock(victim, docs.get ?? '', {
      name: 'plain',
      responseBody: '{"which":"plain"}',
    });
    await saveMock(victim, docs.create ?? '', {
      name: 'script',
      requestHeaders: [{ name: 'X-Script', value: '' }],
      resultType: 1,
      mockScript: 'return { status: 201, body: { path: $path, n: $body.n } };',
    });
    expect(await body('GET', `${base}/orders/o_1?vip=1`)).toEqual({ which: 'vip' });
    expect(await body('GET', `${base}/orders/o_1?vip=1`, { headers: { 'x-tenant': 'acme' } })).toEqual({
      which: 'vip-tenant',
    });
    expect(await body('GET', `${base}/orders/o_1?status=paid`)).toEqual({ which: 'paid' });
    const bulk = await call('POST', `${base}/orders`, {
      headers: { 'content-type': 'application/json' },
      payload: '{"type":"bulk","n":1}',
    });
    expect(bulk.statusCode).toBe(202);
    expect(bulk.json()).toEqual({ which: 'bulk' });
    expect(await body('GET', `${base}/orders/o_1?vip=2`)).toEqual({ id: 'o_1', kind: 'order' });
    expect(await body('GET', `/mock/${plain.id}`)).toEqual({ which: 'plain' });
    const scripted = await call('POST', `${base}/orders`, {
      headers: { 'content-type': 'application/json', 'x-script': '1' },
      payload: '{"n":3}',
    });
    expect(scripted.statusCode).toBe(201);
    expect(scripted.json()).toEqual({ path: '/orders', n: 3 });
    expect(await body('POST', `${base}/orders`)).toEqual({ doc: 'create' });
    // The default mock follows the doc's response params.
    const detail = await expectOk<{ revision: number }>(
      t.get(`/api/doc/detail?id=${docs.fresh}`, { token: victim.token }),
    );
    await saveDoc(t, victim.token, {
      id: docs.fresh,
      revision: detail.revision,
      moduleId: victim.moduleId,
      name: 'new',
      url: '/orders/new',
      httpMethod: 'GET',
      responseParams: [{ name: 'draft', type: 'boolean', example: 'true' }],
    });
    expect(await body('GET', `${base}/orders/new`)).toEqual({ draft: true });
  });

  it("keeps every mock URL of an application out of a stranger's reach", async () => {
    const legacy = await saveMock(victim, docs.user ?? '', {
      name: 'legacy',
      path: 'shop/users',
      responseBody: '{"owner":"victim"}',
    });
    const [victimDefault] = await listMocks(victim, docs.user ?? '');
    const before = {
      legacy: await body('GET', '/mock/shop/users'),
      legacyQuery: await body('GET', '/mock/shop/users?vip=1'),
      byId: await body('GET', `/mock/${legacy.id}`),
      byDefault: await body('GET', `/mock/${victimDefault?.id}`),
      base: await body('GET', `${base}/users/u1`),
    };
    expect(before).toEqual({
      legacy: { owner: 'victim' },
      legacyQuery: { owner: 'victim' },
      byId: { owner: 'victim' },
      byDefault: { doc: 'user' },
      base: { doc: 'user' },
    });
    // The stranger writes mocks with the victim's paths, ids and base into an application of their own.
    const strangerDoc = await doc(stranger, 'evil', 'GET', '/users/{uid}');
    for (const path of [
      'shop/users',
      'shop/users?vip=1',
      `${legacy.id}`,
      `${victimDefault?.id}`,
      `m/${victim.moduleId}/users/u1`,
      `m/${victim.moduleId}/users/{uid}`,
    ]) {
      await saveMock(stranger, strangerDoc, {
        name: `evil ${path}`,
        path,
        responseBody: '{"owner":"stranger"}',
      });
      await saveMock(stranger, strangerDoc, {
        name: `evil+ ${path}`,
        path,
        requestHeaders: [{ name: 'Accept-Language', value: '' }],
        responseBody: '{"owner":"stranger"}',
      });
    }
    // Saving into the victim's doc, or updating the victim's configuration, is refused or creates nothing there.
    await expectError(
      t.post(
        '/api/doc/mock/save',
        { docId: docs.user, name: 'x', path: 'shop/users' },
        { token: stranger.token },
      ),
      403,
      'auth.forbidden',
    );
    await saveMock(stranger, strangerDoc, {
      id: legacy.id,
      name: 'hijack',
      responseBody: '{"owner":"stranger"}',
    });
    const after = {
      legacy: await body('GET', '/mock/shop/users'),
      legacyQuery: await body('GET', '/mock/shop/users?vip=1'),
      byId: await body('GET', `/mock/${legacy.id}`),
      byDefault: await body('GET', `/mock/${victimDefault?.id}`),
      base: await body('GET', `${base}/users/u1`),
    };
    expect(after).toEqual(before);
    // Each side is shown the URL that answers its own configuration.
    const victimRows = await listMocks(victim, docs.user ?? '');
    expect(victimRows.find((m) => m.id === legacy.id)?.mockUrl).toBe('/mock/shop/users');
    const strangerRows = await listMocks(stranger, strangerDoc);
    const taken = strangerRows.find((m) => m.name === 'evil shop/users');
    expect(taken?.mockUrl).toBe(`/mock/${taken?.id}`);
    expect(await body('GET', taken?.mockUrl ?? '')).toEqual({ owner: 'stranger' });
    const withQuery = strangerRows.find((m) => m.name === 'evil shop/users?vip=1');
    expect(withQuery?.mockUrl).toBe(`/mock/${withQuery?.id}`);
  });

  it('fills the claims of existing paths for the application that had them first', async () => {
    // Two applications already shared a path before claims existed: the newest used to win it.
    const victimDoc = docs.items ?? '';
    const strangerDoc = await doc(stranger, 'late', 'GET', '/late');
    const first = await saveMock(victim, victimDoc, {
      name: 'old',
      path: 'shared/path',
      responseBody: '"victim"',
    });
    const second = await saveMock(stranger, strangerDoc, {
      name: 'new',
      path: 'shared/path',
      responseBody: '"stranger"',
    });
    await t.db
      .updateTable('mockConfigs')
      .set({ createdAt: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', first.id)
      .execute();
    await t.db
      .updateTable('mockConfigs')
      .set({ createdAt: '2021-01-01T00:00:00.000Z' })
      .where('id', '=', second.id)
      .execute();
    await t.db.deleteFrom('mockPathClaims').where('pathKey', '=', 'shared/path').execute();
    await fillClaims(t.db as unknown as Kysely<unknown>);
    expect((await call('GET', '/mock/shared/path')).body).toBe('"victim"');
    // The claim outlives the owner's configurations: a removed path never passes to another application.
    await expectOk(t.post('/api/doc/mock/delete', { id: first.id }, { token: victim.token }));
    expect((await call('GET', '/mock/shared/path')).statusCode).toBe(404);
  });

  it('answers every request of the application’s Postman export under its base', async () => {
    const world = await createDocWorld(t);
    const folder = await expectOk<{ id: string }>(
      t.post('/api/doc/folder/add', { moduleId: world.moduleId, name: 'Orders' }, { token: world.token }),
    );
    const specs = [
      ['GET', '/orders/{orderId}', { pathParams: [{ name: 'orderId', type: 'string', example: 'o_9' }] }],
      ['GET', '/orders', { queryParams: [{ name: 'page', type: 'number', example: '2' }] }],
      [
        'POST',
        '/orders',
        { contentType: 'application/json', requestParams: [{ name: 'sku', type: 'string', example: 'A1' }] },
      ],
      ['PUT', '/orders/{orderId}', { pathParams: [{ name: 'orderId', type: 'string', example: '' }] }],
      ['DELETE', '/orders/:orderId', {}],
      [
        'POST',
        '/orders/{orderId}/cancel',
        {
          contentType: 'application/x-www-form-urlencoded',
          requestParams: [{ name: 'reason', type: 'string', example: 'late' }],
        },
      ],
      ['PATCH', 'http://127.0.0.1:9/users/{uid}/name', {}],
      ['GET', '/health', { headerParams: [{ name: 'X-Trace', type: 'string', example: 't1' }] }],
    ] as const;
    for (const [httpMethod, url, extra] of specs) {
      await saveDoc(t, world.token, {
        moduleId: world.moduleId,
        parentId: folder.id,
        name: `${httpMethod} ${url}`,
        url,
        httpMethod,
        responseParams: [{ name: 'ok', type: 'boolean', example: 'true' }],
        ...extra,
      });
    }
    const exported = await t.get(`/api/doc/export/postman?moduleId=${world.moduleId}`, {
      token: world.token,
    });
    expect(exported.statusCode).toBe(200);
    const { mockBaseUrl } = await expectOk<{ mockBaseUrl: string }>(
      t.get(`/api/doc/mock/base?moduleId=${world.moduleId}`, { token: world.token }),
    );
    interface PostmanItem {
      item?: PostmanItem[];
      request?: {
        method: string;
        header: { key: string; value: string }[];
        url: { raw: string; variable?: { key: string; value: string }[] };
        body?: { mode: string; raw?: string; urlencoded?: { key: string; value: string }[] };
      };
    }
    const requests: NonNullable<PostmanItem['request']>[] = [];
    const walk = (items: PostmanItem[]) => {
      for (const item of items) {
        if (item.item) walk(item.item);
        if (item.request) requests.push(item.request);
      }
    };
    walk(JSON.parse(exported.body).item);
    expect(requests).toHaveLength(specs.length);
    for (const request of requests) {
      // As newman runs it with `baseUrl` set to the mock base: variables substituted, a path variable
      // without an example still sends a value.
      let url = request.url.raw.replaceAll('{{baseUrl}}', mockBaseUrl);
      for (const variable of request.url.variable ?? [])
        url = url.replace(`:${variable.key}`, encodeURIComponent(variable.value || 'x'));
      url = url.replace(/\/:[A-Za-z_][\w-]*/g, '/x');
      const headers: Record<string, string> = Object.fromEntries(request.header.map((h) => [h.key, h.value]));
      const payload =
        request.body?.mode === 'raw'
          ? request.body.raw
          : request.body?.mode === 'urlencoded'
            ? new URLSearchParams(request.body.urlencoded?.map((f) => [f.key, f.value])).toString()
            : undefined;
      const response = await call(request.method, url, { headers, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${request.method} ${url}`).toBe(200);
      expect(response.json(), `${request.method} ${url}`).toEqual({ ok: true });
    }
  });
});
