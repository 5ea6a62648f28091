import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, saveDoc } from '../../../test/doc-fixture.ts';
import { expectOk, grantInternalAccess, newUser } from '../../../test/org-fixture.ts';
import { createTestApp, envelopeOf, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

// End to end through the real gate: a visitor of a share or composed project (no login, only the visitor
// session an encrypted share's password buys) sends a call through the proxy to a listener on loopback.
let upstream: Server;
let base = '';
const seen: string[] = [];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.setHeader('content-type', 'application/json');
    res.statusCode = 201;
    res.end(JSON.stringify({ echoed: req.url }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

describe.each(testDialects())('debugging from share and show pages on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  let sharedDoc: string;
  let otherDoc: string;

  beforeEach(async () => {
    t = await createTestApp(dialect, { QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1' });
    w = await createDocWorld(t);
    await grantInternalAccess(t, w.spaceId);
    const doc = (name: string) =>
      saveDoc(t, w.token, { moduleId: w.moduleId, name, url: `/${name}`, httpMethod: 'GET' }).then(
        (d) => d.id,
      );
    sharedDoc = await doc('orders');
    otherDoc = await doc('admin');
    const env = (name: string, isPublic: boolean) =>
      expectOk(
        t.post(
          '/api/module/environment/add',
          { moduleId: w.moduleId, name, baseUrl: `${base}/${name}`, isPublic },
          { token: w.token },
        ),
      );
    await env('public', true);
    await env('internal', false);
  });
  afterEach(async () => {
    await t.close();
  });

  const share = (body: Record<string, unknown>) =>
    expectOk<{ id: string; password: string }>(
      t.post(
        '/api/doc/share/add',
        { moduleId: w.moduleId, type: 1, content: [{ docId: sharedDoc, isShareFolder: false }], ...body },
        { token: w.token },
      ),
    );
  const proxy = (target: string, headers: Record<string, string>, docId = sharedDoc) =>
    t.app.inject({
      method: 'GET',
      url: '/api/doc/debug/v1',
      headers: { 'accept-language': 'en', 'target-doc-id': docId, 'target-url': target, ...headers },
    });

  it('an encrypted share offering debugging: its session reaches the loopback listener, and only that', async () => {
    const s = await share({ type: 2, isShowDebug: true });
    const before = seen.length;
    // Without the password's session: refused before anything leaves the server.
    expect(envelopeOf(await proxy(`${base}/public/orders`, { 'x-share-id': s.id })).code).toBe('1000');
    const session = await expectOk<{ token: string }>(
      t.post('/api/share/checkPassword', { id: s.id, password: s.password }),
    );
    const visitor = { 'x-share-id': s.id, 'x-share-token': session.token };
    const ok = await proxy(`${base}/public/orders?x=1`, visitor);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(JSON.parse(ok.body)).toEqual({ echoed: '/public/orders?x=1' });
    expect(JSON.parse(String(ok.headers['target-response-headers']))).toMatchObject({
      'content-type': 'application/json',
    });
    expect(seen.slice(before)).toEqual(['GET /public/orders?x=1']);
    // The config call of the panel answers the visitor too.
    const config = await t.get(`/api/doc/debug/config?docId=${sharedDoc}`, { headers: visitor });
    expect(envelopeOf(config)).toMatchObject({ code: '0', data: { allowDebug: true } });
    // A doc outside the share, and an environment the share does not show: refused, never reached.
    expect(envelopeOf(await proxy(`${base}/public/admin`, visitor, otherDoc)).code).toBe('1000');
    expect(envelopeOf(await proxy(`${base}/internal/orders`, visitor)).code).toBe('debug.target_outside');
    // No share named at all: an anonymous caller.
    expect(envelopeOf(await proxy(`${base}/public/orders`, {})).code).toBe('1000');
    expect(seen.length).toBe(before + 1);
  });

  it('a share that does not offer debugging refuses, even to a signed-in non-member', async () => {
    const s = await share({ isShowDebug: false });
    const outsider = await newUser(t, {});
    const before = seen.length;
    expect(envelopeOf(await proxy(`${base}/public/orders`, { 'x-share-id': s.id })).code).toBe('1000');
    const asOutsider = await proxy(`${base}/public/orders`, {
      'x-share-id': s.id,
      authorization: `Bearer ${outsider.token}`,
    });
    expect(asOutsider.statusCode).toBe(403);
    expect(seen.length).toBe(before);
  });

  it('a signed-in visitor who is no member debugs what the share offers', async () => {
    const s = await share({ isShowDebug: true });
    const outsider = await newUser(t, {});
    const answer = await proxy(`${base}/public/orders`, {
      'x-share-id': s.id,
      authorization: `Bearer ${outsider.token}`,
    });
    expect(answer.statusCode, answer.body).toBe(201);
  });

  it('a composed project offering debugging reaches its public environments, then only its gateway', async () => {
    const space = await expectOk<{ id: string }>(
      t.post('/api/space/add', { name: 'Portal', isCompose: true }, { token: w.token }),
    );
    const project = await expectOk<{ id: string }>(
      t.post('/api/compose/project/add', { spaceId: space.id, name: 'P' }, { token: w.token }),
    );
    await expectOk(
      t.post(
        '/api/compose/doc/add',
        { projectId: project.id, parentId: '', docList: [{ docId: sharedDoc }] },
        { token: w.token },
      ),
    );
    const setting = (body: Record<string, unknown>) =>
      expectOk(t.post('/api/compose/project/setting/save', { id: project.id, ...body }, { token: w.token }));
    const visitor = { 'x-compose-id': project.id };
    expect(envelopeOf(await proxy(`${base}/public/orders`, visitor)).code).toBe('1000');
    await setting({ gatewayUrl: '', showDebug: true });
    // The composed project's space has no internal access yet: the loopback environment is refused by address.
    expect(envelopeOf(await proxy(`${base}/public/orders`, visitor)).code).toBe('debug.address_refused');
    await grantInternalAccess(t, space.id);
    expect((await proxy(`${base}/public/orders`, visitor)).statusCode).toBe(201);
    expect(envelopeOf(await proxy(`${base}/internal/orders`, visitor)).code).toBe('debug.target_outside');
    expect(envelopeOf(await proxy(`${base}/public/admin`, visitor, otherDoc)).code).toBe('1000');
    await setting({ gatewayUrl: `${base}/gw`, showDebug: true });
    expect((await proxy(`${base}/gw/orders`, visitor)).statusCode).toBe(201);
    expect(envelopeOf(await proxy(`${base}/public/orders`, visitor)).code).toBe('debug.target_outside');
    // The super admin's extra hosts cover the listener, yet a composed project's visitor stays on its gateway.
    await setExtraHosts(['127.0.0.1']);
    expect(envelopeOf(await proxy(`${base}/public/orders`, visitor)).code).toBe('debug.target_outside');
    expect(envelopeOf(await proxy(`${base}/elsewhere`, visitor)).code).toBe('debug.target_outside');
  });

  const setExtraHosts = async (hosts: string[]) => {
    const root = await newUser(t, { isSuperAdmin: true, prefix: 'root' });
    await expectOk(t.post('/api/admin/setting/debugProxy', { hosts }, { token: root.token }));
  };

  it("a share's visitor neither reaches nor learns the super admin's extra proxy hosts; a project reader does", async () => {
    await setExtraHosts(['127.0.0.1', '*.corp.example']);
    const s = await share({ isShowDebug: true });
    const visitor = { 'x-share-id': s.id };
    const before = seen.length;
    // Under an extra host but outside the environments the share shows: refused before anything is sent.
    expect(envelopeOf(await proxy(`${base}/internal/orders`, visitor)).code).toBe('debug.target_outside');
    expect(envelopeOf(await proxy(`${base}/elsewhere`, visitor)).code).toBe('debug.target_outside');
    // So is a signed-in outsider who comes through the share.
    const outsider = await newUser(t, {});
    const viaShare = { ...visitor, authorization: `Bearer ${outsider.token}` };
    expect(envelopeOf(await proxy(`${base}/elsewhere`, viaShare)).code).toBe('debug.target_outside');
    expect(seen.length).toBe(before);
    expect((await proxy(`${base}/public/orders`, visitor)).statusCode).toBe(201);
    // The panel's config never hands the list to a visitor.
    for (const headers of [visitor, viaShare]) {
      const config = await t.get(`/api/doc/debug/config?docId=${sharedDoc}`, { headers });
      expect(envelopeOf(config)).toMatchObject({ code: '0', data: { proxyHosts: [] } });
      expect(config.body).not.toContain('corp.example');
    }
    // A reader of the project keeps the extra hosts, and sees them.
    const member = { authorization: `Bearer ${w.token}` };
    expect((await proxy(`${base}/elsewhere`, member)).statusCode).toBe(201);
    const config = await t.get(`/api/doc/debug/config?docId=${sharedDoc}`, { headers: member });
    expect(envelopeOf(config)).toMatchObject({ data: { proxyHosts: ['127.0.0.1', '*.corp.example'] } });
  });
});
