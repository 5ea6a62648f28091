import { openApiToModel } from '@quire/api-model/converters';
import { validate } from '@readme/openapi-parser';
import { strFromU8, unzipSync } from 'fflate';
import { Collection } from 'postman-collection';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, newProjectGuest, saveDoc } from '../../../test/doc-fixture.ts';
import { expectError, expectOk, newUser } from '../../../test/org-fixture.ts';
import { refreshPushToken } from '../../../test/push-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

describe.each(testDialects())('doc export routes on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  let devId: string;
  let prodId: string;
  let folderId: string;
  let orderId: string;
  let loginId: string;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    w = await createDocWorld(t);
    const token = w.token;
    await expectOk(t.post('/api/module/update', { id: w.moduleId, name: '订单 App' }, { token }));
    devId = (
      await expectOk<{ id: string }>(
        t.post(
          '/api/module/environment/add',
          { moduleId: w.moduleId, name: 'dev', baseUrl: 'http://127.0.0.1:7901' },
          { token },
        ),
      )
    ).id;
    prodId = (
      await expectOk<{ id: string }>(
        t.post(
          '/api/module/environment/add',
          { moduleId: w.moduleId, name: 'prod', baseUrl: 'https://api.example.test' },
          { token },
        ),
      )
    ).id;
    const status = await expectOk<{ id: string }>(
      t.post('/api/doc/enum/info/add', { moduleId: w.moduleId, name: 'OrderStatus' }, { token }),
    );
    for (const name of ['NEW', 'PAID'])
      await expectOk(t.post('/api/doc/enum/item/add', { enumId: status.id, name, value: name }, { token }));
    folderId = (
      await expectOk<{ id: string }>(
        t.post('/api/doc/folder/add', { moduleId: w.moduleId, name: 'Orders' }, { token }),
      )
    ).id;
    orderId = (
      await saveDoc(t, token, {
        moduleId: w.moduleId,
        parentId: folderId,
        name: 'Get order',
        url: '/orders/{id}',
        httpMethod: 'GET',
        pathParams: [{ name: 'id', type: 'number', example: '42' }],
        responseParams: [
          { name: 'status', type: 'enum', enumId: status.id },
          { name: 'buyer', type: 'object', children: [{ name: 'name', type: 'string', example: 'Bob' }] },
        ],
      })
    ).id;
    loginId = (
      await saveDoc(t, token, {
        moduleId: w.moduleId,
        name: 'Login',
        url: '/login',
        httpMethod: 'POST',
        contentType: 'application/json',
        requestParams: [{ name: 'user', type: 'string', example: 'ann' }],
      })
    ).id;
  });
  afterEach(async () => {
    await t.close();
  });

  const exportCall = (body: Record<string, unknown>, token = w.token, lang?: string) =>
    t.post('/api/doc/export', body, lang ? { token, lang } : { token });

  it('answers Markdown of the whole application as a download, in the caller language', async () => {
    const res = await exportCall(
      { format: 'markdown', moduleId: w.moduleId, environmentIds: [devId] },
      w.token,
      'en',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/markdown');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename=".+\.md"; filename\*=UTF-8''.+\.md$/,
    );
    // A name outside ASCII: a plain fallback and the real name in `filename*`.
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('订单 App.md')}`,
    );
    expect(res.body).toContain('## Orders');
    expect(res.body).toContain('### Get order');
    expect(res.body).toContain('- dev: `GET` http://127.0.0.1:7901/orders/{id}');
    expect(res.body).not.toContain('api.example.test');
    expect(res.body).toContain('| └ name | string | Yes |');
    const zh = await exportCall(
      { format: 'markdown', moduleId: w.moduleId, environmentIds: [devId] },
      w.token,
      'zh-CN',
    );
    expect(zh.body).toContain('#### 路径参数');
  });

  it('exports a selection: a folder brings its docs, other docs stay out', async () => {
    const res = await exportCall({ format: 'markdown', docIds: [folderId], environmentIds: [prodId] });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('### Get order');
    expect(res.body).not.toContain('Login');
    const one = await exportCall({ format: 'markdown', docIds: [loginId], environmentIds: [prodId] });
    expect(one.body).toContain('### Login');
    expect(one.body).not.toContain('Get order');
  });

  it('refuses what cannot be exported with the reasons Torna gives, in both languages', async () => {
    expect(
      await expectError(
        exportCall({ format: 'markdown', docIds: [], environmentIds: [devId] }, w.token, 'en'),
        400,
        'export.no_docs',
      ),
    ).toBe('Please choose doc');
    expect(
      await expectError(
        exportCall({ format: 'markdown', docIds: [] }, w.token, 'zh-CN'),
        400,
        'export.no_docs',
      ),
    ).toBe('请选择文档');
    expect(
      await expectError(
        exportCall({ format: 'word', moduleId: w.moduleId }, w.token, 'en'),
        400,
        'export.environments_required',
      ),
    ).toBe('environments must be ticked');
    expect(
      await expectError(
        exportCall({ format: 'html', moduleId: w.moduleId }, w.token, 'en'),
        400,
        'export.environments_required',
      ),
    ).toBe('environments must be ticked');
    await expectError(exportCall({ format: 'pdf', moduleId: w.moduleId }), 400, 'validation.invalid_input');
    const other = await createDocWorld(t);
    const otherEnv = await expectOk<{ id: string }>(
      t.post(
        '/api/module/environment/add',
        { moduleId: other.moduleId, name: 'x', baseUrl: 'http://127.0.0.1:7902' },
        { token: other.token },
      ),
    );
    await expectError(
      exportCall({ format: 'openapi', moduleId: w.moduleId, environmentIds: [otherEnv.id] }),
      404,
      'environment.not_found',
    );
    const otherDoc = await saveDoc(t, other.token, {
      moduleId: other.moduleId,
      name: 'x',
      url: '/x',
      httpMethod: 'GET',
    });
    await expectError(
      exportCall({ format: 'openapi', moduleId: w.moduleId, docIds: [otherDoc.id] }),
      404,
      'doc.not_found',
    );
  });

  it('exports part of the push token application: docs and folders by id or by name path', async () => {
    const token = w.token;
    const refunds = await expectOk<{ id: string }>(
      t.post('/api/doc/folder/add', { moduleId: w.moduleId, name: 'Refunds', parentId: folderId }, { token }),
    );
    await saveDoc(t, token, {
      moduleId: w.moduleId,
      parentId: refunds.id,
      name: 'Refund order',
      url: '/orders/{id}/refunds',
      httpMethod: 'POST',
    });
    const pushToken = await refreshPushToken(t, token, w.moduleId);
    const tokenExport = (payload: Record<string, unknown>, lang = 'en') =>
      t.app.inject({
        method: 'POST',
        url: '/api/module/export',
        headers: {
          authorization: `Bearer ${pushToken}`,
          'content-type': 'application/json',
          'accept-language': lang,
        },
        payload: { format: 'openapi', ...payload },
      });
    const paths = async (payload: Record<string, unknown>) => {
      const res = await tokenExport(payload);
      expect(res.statusCode, res.body).toBe(200);
      return Object.keys(JSON.parse(res.body).paths).sort();
    };
    // A folder brings its whole subtree, by id or by its name path (spaces and slashes at the ends are
    // forgiven); ids and paths add up.
    expect(await paths({ docIds: [folderId] })).toEqual(['/orders/{id}', '/orders/{id}/refunds']);
    expect(await paths({ folders: ['Orders/Refunds'] })).toEqual(['/orders/{id}/refunds']);
    expect(await paths({ folders: [' Orders / Refunds/'] })).toEqual(['/orders/{id}/refunds']);
    expect(await paths({ docIds: [loginId], folders: ['Orders/Refunds'] })).toEqual([
      '/login',
      '/orders/{id}/refunds',
    ]);
    expect(await paths({})).toEqual(['/login', '/orders/{id}', '/orders/{id}/refunds']);
    // A folder name path that names nothing: the server says which, in the caller's language.
    expect(
      await expectError(tokenExport({ folders: ['Refunds'] }), 404, 'export.folder_not_found'),
    ).toContain('"Refunds"');
    expect(
      await expectError(tokenExport({ folders: ['Orders/Nope'] }, 'zh-CN'), 404, 'export.folder_not_found'),
    ).toContain('Orders/Nope');
    await expectError(tokenExport({ docIds: [] }), 400, 'export.no_docs');
    // Ids of another application are refused as POST /api/doc/export refuses them.
    const other = await createDocWorld(t);
    const otherDoc = await saveDoc(t, other.token, {
      moduleId: other.moduleId,
      name: 'x',
      url: '/x',
      httpMethod: 'GET',
    });
    await expectError(tokenExport({ docIds: [otherDoc.id] }), 404, 'doc.not_found');
    await expectError(tokenExport({ docIds: [loginId, otherDoc.id] }), 404, 'doc.not_found');
  });

  it('lets readers export and nobody else', async () => {
    const guest = await newProjectGuest(t, w);
    expect((await exportCall({ format: 'openapi', moduleId: w.moduleId }, guest.token)).statusCode).toBe(200);
    const stranger = await newUser(t);
    await expectError(
      exportCall({ format: 'openapi', moduleId: w.moduleId }, stranger.token),
      403,
      'auth.forbidden',
    );
    await expectError(
      exportCall({ format: 'openapi', docIds: [orderId] }, stranger.token),
      403,
      'auth.forbidden',
    );
    await expectError(
      t.get(`/api/doc/export/postman?moduleId=${w.moduleId}`, { token: stranger.token }),
      403,
      'auth.forbidden',
    );
    expect((await t.post('/api/doc/export', { format: 'openapi', moduleId: w.moduleId })).statusCode).toBe(
      401,
    );
  });

  it('answers a valid OpenAPI 3.1 description that imports back', async () => {
    const res = await exportCall({ format: 'openapi', moduleId: w.moduleId });
    expect(res.headers['content-disposition']).toContain('.openapi.json');
    const spec = JSON.parse(res.body);
    const result = await validate(structuredClone(spec));
    expect(result.valid).toBe(true);
    expect(spec.servers).toHaveLength(2);
    expect(spec.components.schemas.OrderStatus.enum).toEqual(['NEW', 'PAID']);
    const tree = openApiToModel(spec);
    expect(tree.nodes.map((n) => (n.kind === 'folder' ? n.name : n.doc.name))).toEqual(['Orders', 'Login']);
    const yaml = await exportCall({ format: 'openapi', moduleId: w.moduleId, openapiFormat: 'yaml' });
    expect(yaml.body.startsWith('openapi: 3.1.0')).toBe(true);
  });

  it('zips one Word file per doc by folder', async () => {
    const res = await exportCall({
      format: 'word',
      style: 'perDoc',
      moduleId: w.moduleId,
      environmentIds: [devId],
    });
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['Login.docx', 'Orders/Get order.docx']);
    const inner = unzipSync(files['Orders/Get order.docx'] ?? new Uint8Array());
    expect(strFromU8(inner['word/document.xml'] ?? new Uint8Array())).toContain(
      'http://127.0.0.1:7901/orders/{id}',
    );
  });

  it("gives Torna's Postman downloads: by application for readers, by push token without a host", async () => {
    const res = await t.get(`/api/doc/export/postman?moduleId=${w.moduleId}`, { token: w.token });
    expect(res.headers['content-disposition']).toContain('-postman.json');
    const collection = new Collection(JSON.parse(res.body));
    expect(collection.items.count()).toBe(2);
    expect(JSON.parse(res.body).variable[0]).toMatchObject({
      key: 'baseUrl',
      value: 'http://127.0.0.1:7901',
    });
    const pushToken = await refreshPushToken(t, w.token, w.moduleId);
    const open = await t.get(`/api/module/postman/${pushToken}`);
    expect(open.statusCode).toBe(200);
    expect(open.body).not.toContain('{{baseUrl}}');
    expect(new Collection(JSON.parse(open.body)).items.count()).toBe(2);
    await expectError(t.get(`/api/module/postman/${pushToken}x`), 404, 'module.not_found');
  });

  it("answers one offline HTML file of the reader's pages, with the tree and its filter", async () => {
    const res = await exportCall(
      { format: 'html', moduleId: w.moduleId, environmentIds: [prodId, devId] },
      w.token,
      'en',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-disposition']).toContain('.html');
    const html = res.body;
    expect(html).toContain("default-src 'none'");
    expect(html).toContain('<summary>Orders</summary>');
    expect(html).toContain('placeholder="Filter docs"');
    // The reader's page of each doc, with the first ticked environment's URL and the dictionary of a row.
    expect(html).toContain('<h1 class="q-rd-title">Get order</h1>');
    expect(html).toContain('http://127.0.0.1:7901/orders/{id}');
    expect(html).toContain('<option value="env-2">prod</option>');
    expect(html).toContain('NEW');
    // The reader's own stylesheet is inlined.
    expect(html).toContain('--q-rd-text');
    expect(html).not.toMatch(/\s(src|href)="(https?:)?\/\//);
    const zh = await exportCall(
      { format: 'html', docIds: [loginId], environmentIds: [devId] },
      w.token,
      'zh-CN',
    );
    expect(zh.body).toContain('<html lang="zh-CN">');
    expect(zh.body).toContain('placeholder="筛选文档"');
    expect(zh.body).not.toContain('Get order');
  });
});
