import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, newProjectGuest, saveDoc } from '../../../test/doc-fixture.ts';
import { expectOk, grantInternalAccess, newUser } from '../../../test/org-fixture.ts';
import { createTestApp, envelopeOf, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { pageAudit } from '../audit/audit.repository.ts';

// Loopback listeners only (ports of this feature's range). UPSTREAM is the API being tried; TRAP must never
// be reached: every refused call in this file would land there if the guard let it through.
const UPSTREAM = 7841;
const TRAP = 7842;
let upstream: Server;
let trap: Server;
let trapHits = 0;

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  upstream = createServer(async (req, res) => {
    const body = await bodyOf(req);
    const path = req.url ?? '/';
    if (path.startsWith('/api/redirect-out')) {
      res.writeHead(302, { location: `http://127.0.0.1:${TRAP}/stolen` });
      return res.end();
    }
    if (path.startsWith('/api/redirect-form')) {
      res.writeHead(307, { location: `http://2130706433:${TRAP}/stolen` });
      return res.end();
    }
    if (path.startsWith('/api/redirect-in')) {
      res.writeHead(303, { location: '/api/echo?after=redirect' });
      return res.end();
    }
    if (path.startsWith('/api/big')) {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end(Buffer.alloc(11 * 1024 * 1024, 97));
    }
    let multipart: Array<{ name: string; value: string; fileName?: string }> | undefined;
    const type = req.headers['content-type'] ?? '';
    if (type.startsWith('multipart/')) {
      const form = await new Request('http://x/', {
        method: 'POST',
        body: new Uint8Array(body),
        headers: { 'content-type': type },
      }).formData();
      multipart = [];
      for (const [name, value] of form.entries()) {
        if (typeof value === 'string') multipart.push({ name, value });
        else multipart.push({ name, value: await value.text(), fileName: value.name });
      }
    }
    res.writeHead(201, {
      'content-type': 'application/json',
      'x-upstream': 'yes',
      'set-cookie': ['a=1', 'b=2'],
    });
    res.end(
      JSON.stringify({
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: body.toString('utf8'),
        multipart,
      }),
    );
  });
  trap = createServer((_req, res) => {
    trapHits += 1;
    res.end('reached');
  });
  await new Promise<void>((resolve) => upstream.listen(UPSTREAM, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => trap.listen(TRAP, '127.0.0.1', resolve));
});

afterAll(async () => {
  upstream.closeAllConnections();
  trap.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
  await new Promise((resolve) => trap.close(resolve));
});

interface Echo {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  multipart?: Array<{ name: string; value: string; fileName?: string }>;
}

describe.each(testDialects())('debug proxy on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  let docId: string;
  const base = `http://127.0.0.1:${UPSTREAM}/api`;

  beforeAll(async () => {
    t = await createTestApp(dialect, { QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1' });
    w = await createDocWorld(t);
    await grantInternalAccess(t, w.spaceId);
    docId = (
      await saveDoc(t, w.token, { moduleId: w.moduleId, name: 'Echo', url: '/echo', httpMethod: 'POST' })
    ).id;
    await expectOk(
      t.post(
        '/api/module/environment/add',
        { moduleId: w.moduleId, name: 'local', baseUrl: base },
        { token: w.token },
      ),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  function proxy(
    options: {
      method?: string;
      target?: string;
      targetHeaders?: Record<string, string> | string;
      doc?: string | null;
      token?: string | null;
      body?: Buffer | string;
      contentType?: string;
      headers?: Record<string, string>;
      query?: string;
    } = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { 'accept-language': 'en', ...options.headers };
    const token = options.token === undefined ? w.token : options.token;
    if (token) headers.authorization = `Bearer ${token}`;
    const doc = options.doc === undefined ? docId : options.doc;
    if (doc) headers['target-doc-id'] = doc;
    headers['target-url'] = options.target ?? `${base}/echo`;
    if (options.targetHeaders !== undefined)
      headers['target-headers'] =
        typeof options.targetHeaders === 'string'
          ? options.targetHeaders
          : JSON.stringify(options.targetHeaders);
    if (options.contentType) headers['content-type'] = options.contentType;
    return t.app.inject({
      method: (options.method ?? 'POST') as 'POST',
      url: `/api/doc/debug/v1${options.query ? `?${options.query}` : ''}`,
      headers,
      ...(options.body !== undefined ? { payload: options.body } : {}),
    });
  }

  function echoOf(response: LightMyRequestResponse): Echo {
    expect(response.headers['target-response-headers'], response.body).toBeDefined();
    return JSON.parse(response.body) as Echo;
  }

  function refusal(response: LightMyRequestResponse, status: number, code: string): string {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.headers['target-response-headers']).toBeUndefined();
    const body = envelopeOf(response);
    expect(body.code).toBe(code);
    return body.msg;
  }

  it('sends a JSON body on, with the caller headers and the query, and answers the upstream status and headers', async () => {
    const response = await proxy({
      method: 'PUT',
      target: `${base}/echo?a=1`,
      query: 'b=2',
      targetHeaders: { 'Content-Type': 'application/json', 'X-Api-Key': 'k1' },
      body: '{"name":"测试"}',
      contentType: 'application/json',
    });
    expect(response.statusCode).toBe(201);
    const echo = echoOf(response);
    expect(echo).toMatchObject({ method: 'PUT', url: '/api/echo?a=1&b=2', body: '{"name":"测试"}' });
    expect(echo.headers['x-api-key']).toBe('k1');
    expect(echo.headers['content-type']).toBe('application/json');
    const upstreamHeaders = JSON.parse(String(response.headers['target-response-headers']));
    expect(upstreamHeaders).toMatchObject({ 'x-upstream': 'yes', 'set-cookie': 'a=1\nb=2' });
    expect(response.headers['content-type']).toBe('application/octet-stream');
  });

  it('sends form-urlencoded, XML and raw text bodies unchanged', async () => {
    for (const [type, body] of [
      ['application/x-www-form-urlencoded', 'a=1&b=%E6%B5%8B'],
      ['application/xml', '<user><name>x</name></user>'],
      ['text/plain', 'just text\nline 2'],
    ] as const) {
      const echo = echoOf(await proxy({ targetHeaders: { 'Content-Type': type }, body, contentType: type }));
      expect(echo.body).toBe(body);
      expect(echo.headers['content-type']).toBe(type);
    }
  });

  it('re-encodes a multipart body with its fields, files and file names', async () => {
    const form = new FormData();
    form.append('title', '标题');
    form.append('file', new Blob(['file one']), 'one.txt');
    form.append('file', new Blob([Buffer.from([0, 1, 2, 255])]), '二.bin');
    const encoded = new Response(form);
    const response = await proxy({
      targetHeaders: { 'Content-Type': 'multipart/form-data' },
      body: Buffer.from(await encoded.arrayBuffer()),
      contentType: encoded.headers.get('content-type') ?? '',
    });
    const echo = echoOf(response);
    expect(echo.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(echo.multipart?.map((p) => [p.name, p.fileName ?? null])).toEqual([
      ['title', null],
      ['file', 'one.txt'],
      ['file', '二.bin'],
    ]);
    expect(echo.multipart?.[0]?.value).toBe('标题');
    expect(echo.multipart?.[1]?.value).toBe('file one');
  });

  it("never sends the caller's cookies or Quire token on", async () => {
    const echo = echoOf(
      await proxy({
        headers: { cookie: 'quire_session=abcdef0123456789abcdef' },
        targetHeaders: { 'X-Copied': `Bearer ${w.token}`, 'X-Ok': '1' },
      }),
    );
    expect(echo.headers.cookie).toBeUndefined();
    expect(echo.headers.authorization).toBeUndefined();
    expect(echo.headers['x-copied']).toBeUndefined();
    expect(echo.headers['x-ok']).toBe('1');
  });

  it('follows a redirect inside the environment, as a GET after 303', async () => {
    const echo = echoOf(await proxy({ target: `${base}/redirect-in`, body: 'x', contentType: 'text/plain' }));
    expect(echo).toMatchObject({ method: 'GET', url: '/api/echo?after=redirect', body: '' });
  });

  it('refuses a call without target-doc-id, without login, without access, and with debugging off', async () => {
    expect(refusal(await proxy({ doc: null }), 400, 'debug.doc_id_required')).toContain('target-doc-id');
    refusal(await proxy({ token: null }), 401, '1000');
    const stranger = await newUser(t);
    refusal(await proxy({ token: stranger.token }), 403, 'auth.forbidden');
    refusal(await proxy({ doc: 'no-such-doc' }), 404, 'doc.not_found');
    const guest = await newProjectGuest(t, w);
    expect(echoOf(await proxy({ token: guest.token })).method).toBe('POST');
    await expectOk(
      t.post('/api/module/setting/update', { moduleId: w.moduleId, allowDebug: false }, { token: w.token }),
    );
    try {
      const msg = refusal(await proxy({ token: guest.token }), 403, 'debug.disabled');
      expect(msg).toBe('Debugging is switched off for this application');
      const zh = await proxy({ headers: { 'accept-language': 'zh-CN' } });
      expect(envelopeOf(zh).msg).toBe('该应用已关闭调试');
    } finally {
      await expectOk(
        t.post('/api/module/setting/update', { moduleId: w.moduleId, allowDebug: true }, { token: w.token }),
      );
    }
    expect(trapHits).toBe(0);
  });

  it.each([
    `http://127.0.0.1:${TRAP}/`,
    `http://127.0.0.1:${UPSTREAM}/other`,
    `http://127.0.0.1:${UPSTREAM}/apix`,
    `http://127.0.0.1:${UPSTREAM}/api/../stolen`,
    `http://localhost:${TRAP}/`,
    `http://2130706433:${TRAP}/`,
    `http://0177.0.0.1:${TRAP}/`,
    `http://0x7f.0.0.1:${TRAP}/`,
    `http://0x7f000001:${TRAP}/`,
    `http://127.1:${TRAP}/`,
    `http://[::1]:${TRAP}/`,
    `http://[::ffff:127.0.0.1]:${TRAP}/`,
    `http://0.0.0.0:${TRAP}/`,
    'http://169.254.169.254/latest/meta-data/',
    'http://[fe80::1]/',
  ])('refuses %s, outside the environments', async (target) => {
    refusal(await proxy({ target }), 403, 'debug.target_outside');
    expect(trapHits).toBe(0);
  });

  it('checks every redirect hop again', async () => {
    refusal(await proxy({ target: `${base}/redirect-out` }), 403, 'debug.target_outside');
    refusal(await proxy({ target: `${base}/redirect-form` }), 403, 'debug.target_outside');
    expect(trapHits).toBe(0);
  });

  it('refuses bad target headers and URLs, and an answer over 10 MB', async () => {
    refusal(await proxy({ targetHeaders: '[1]' }), 400, 'debug.target_headers_invalid');
    refusal(await proxy({ target: 'file:///etc/passwd' }), 400, 'debug.target_url_invalid');
    refusal(await proxy({ target: '' }), 400, 'debug.target_url_required');
    refusal(await proxy({ target: `${base}/big` }), 502, 'debug.too_large');
  });

  it('records every call in the audit log, refused ones too, without the query', async () => {
    await proxy({ target: `${base}/echo?secret=s3cr3t` });
    const { rows } = await pageAudit(t.db, { action: 'debug.proxy' }, 1, 100);
    expect(rows.length).toBeGreaterThan(10);
    const details = rows.map((row) => JSON.parse(row.detail) as Record<string, unknown>);
    expect(details.some((d) => d.refused === 'debug.target_outside')).toBe(true);
    expect(details.some((d) => d.status === 201 && d.target === `${base}/echo`)).toBe(true);
    expect(rows.every((row) => !row.detail.includes('s3cr3t'))).toBe(true);
    expect(rows.every((row) => row.targetId === docId)).toBe(true);
  });
});

describe.each(testDialects())('debug proxy address guard on %s', (dialect) => {
  // No QUIRE_FETCH_ALLOW_HOSTS: environments pointing at loopback, in every spelling, are refused by address.
  let t: TestApp;
  let w: DocWorld;
  let docId: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await createDocWorld(t);
    docId = (await saveDoc(t, w.token, { moduleId: w.moduleId, name: 'Doc', url: '/x', httpMethod: 'GET' }))
      .id;
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    `http://127.0.0.1:${TRAP}`,
    `http://localhost:${TRAP}`,
    `http://2130706433:${TRAP}`,
    `http://0x7f000001:${TRAP}`,
    `http://0177.0.0.01:${TRAP}`,
    `http://[::1]:${TRAP}`,
    `http://[::ffff:7f00:1]:${TRAP}`,
  ])('refuses the environment %s by address, never reaching the listener', async (baseUrl) => {
    await expectOk(
      t.post(
        '/api/module/environment/add',
        { moduleId: w.moduleId, name: baseUrl, baseUrl },
        { token: w.token },
      ),
    );
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/doc/debug/v1',
      headers: {
        authorization: `Bearer ${w.token}`,
        'accept-language': 'en',
        'target-doc-id': docId,
        'target-url': `${baseUrl}/x`,
      },
    });
    expect(response.statusCode, response.body).toBe(403);
    expect(envelopeOf(response)).toMatchObject({ code: 'debug.address_refused' });
    expect(envelopeOf(response).msg).toContain('QUIRE_FETCH_ALLOW_HOSTS');
    expect(response.headers['quire-debug-refused']).toBe('debug.address_refused');
    expect(trapHits).toBe(0);
  });
});
