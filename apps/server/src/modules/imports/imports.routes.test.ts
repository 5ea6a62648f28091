import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ImportStarted, ModuleSource } from '@quire/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, docsWithDocument } from '../../../test/doc-fixture.ts';
import {
  example,
  liveDocCount,
  multipart,
  revisionCount,
  upload,
  waitForJob,
} from '../../../test/import-fixture.ts';
import { expectOk, grantInternalAccess, newUser } from '../../../test/org-fixture.ts';
import { createTestApp, envelopeOf, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

// A loopback server stands in for a remote description; the app allows 127.0.0.1 (and only it) for fetches.
// The fetch deadline is short for the server that never answers, yet long enough for a busy machine.
let server: Server;
let base = '';
const seenAuth: Array<string | undefined> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seenAuth.push(req.headers.authorization);
    if (req.url === '/petstore.json') return res.end(example('3.0/json/petstore.json'));
    if (req.url === '/hang') return; // never answers
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe.each(testDialects())('imports on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1',
      QUIRE_FETCH_TIMEOUT_MS: '2000',
    });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    w = await createDocWorld(t);
    await grantInternalAccess(t, w.spaceId);
  });

  const swagger = (body: Record<string, unknown>, token = w.token) =>
    t.post('/api/module/import/swagger', { projectId: w.projectId, ...body }, { token });

  async function importFails(body: Record<string, unknown>): Promise<{ error: string; moduleId: string }> {
    const started = await expectOk<ImportStarted>(swagger(body));
    const job = await waitForJob(t, w.token, started.jobId);
    expect(job.status).toBe('failed');
    expect(await liveDocCount(t, started.moduleId)).toBe(0);
    // The application of a failed first import is gone from the project.
    const modules = await expectOk<Array<{ id: string }>>(
      t.get(`/api/module/list?projectId=${w.projectId}`, { token: w.token }),
    );
    expect(modules.map((m) => m.id)).not.toContain(started.moduleId);
    return { error: job.error ?? '', moduleId: started.moduleId };
  }

  it('imports pasted YAML as a job: one doc per operation, named after the title; an unchanged re-import writes nothing', async () => {
    const started = await expectOk<ImportStarted>(swagger({ content: example('3.0/yaml/petstore.yaml') }));
    expect(started).toEqual({ moduleId: expect.any(String), jobId: expect.any(String) });
    const job = await waitForJob(t, w.token, started.jobId);
    expect(job).toMatchObject({ status: 'done', error: null, progress: { done: 20, total: 20 } });
    expect(job.result).toMatchObject({ added: 20, updated: 0, removed: 0, unchanged: 0 });
    expect(await liveDocCount(t, started.moduleId)).toBe(20);
    const info = await expectOk<{ name: string; type: number }>(
      t.get(`/api/module/info?moduleId=${started.moduleId}`, { token: w.token }),
    );
    expect(info).toMatchObject({ name: 'Swagger Petstore', type: 1 });

    const revisions = await revisionCount(t, started.moduleId);
    const again = await expectOk<ImportStarted>(
      t.get(`/api/module/refresh/swagger?moduleId=${started.moduleId}`, { token: w.token }),
    );
    const second = await waitForJob(t, w.token, again.jobId);
    expect(second.result).toMatchObject({ added: 0, updated: 0, removed: 0, unchanged: 20 });
    expect(await revisionCount(t, started.moduleId)).toBe(revisions);

    const statuses = await expectOk<Array<{ moduleId: string; job: { id: string } }>>(
      t.get(`/api/module/import/status?projectId=${w.projectId}`, { token: w.token }),
    );
    expect(statuses.find((s) => s.moduleId === started.moduleId)?.job.id).toBe(again.jobId);
  });

  it('links every doc of a large import to its dictionary, whether the sync or the worker built its row', async () => {
    // 300 operations: the first batches reach the sync before it gave the worker the dictionary ids, the later
    // ones arrive with their rows built in the worker (convert.worker.ts `preparedDoc`); both must link alike.
    const paths: Record<string, unknown> = {};
    for (let i = 0; i < 300; i++) {
      paths[`/orders/${i}`] = {
        get: {
          summary: `Order ${i}`,
          parameters: [{ name: 'state', in: 'query', schema: { $ref: '#/components/schemas/State' } }],
          responses: { '200': { description: 'ok' } },
        },
      };
    }
    const content = JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Orders', version: '1' },
      paths,
      components: { schemas: { State: { type: 'string', enum: ['open', 'closed'] } } },
    });
    const started = await expectOk<ImportStarted>(swagger({ content }));
    const job = await waitForJob(t, w.token, started.jobId);
    expect(job).toMatchObject({ status: 'done', result: { added: 300, warnings: [] } });
    const dictionaries = await t.db
      .selectFrom('enums')
      .select(['id', 'name'])
      .where('moduleId', '=', started.moduleId)
      .execute();
    expect(dictionaries.map((d) => d.name)).toEqual(['State']);
    const docs = await docsWithDocument(t)
      .select(['cur.snapshot as content', 'searchText'])
      .where('moduleId', '=', started.moduleId)
      .where('isFolder', '=', 0)
      .execute();
    expect(docs).toHaveLength(300);
    for (const row of docs) {
      const stored = JSON.parse(row.content) as {
        queryParams: Array<{ name: string; enumId: string; id: string }>;
      };
      expect(stored.queryParams).toEqual([
        expect.objectContaining({
          name: 'state',
          enumId: dictionaries[0]?.id,
          id: expect.stringMatching(/^.{16}$/),
        }),
      ]);
      expect(row.searchText).toContain('state');
    }
  });

  it('imports from a URL with basic auth, keeps the password encrypted and never answers it, and re-imports from the URL', async () => {
    const started = await expectOk<ImportStarted>(
      swagger({
        url: `${base}/petstore.json`,
        authUsername: 'reader',
        authPassword: 's3cret',
        refreshMinutes: 60,
      }),
    );
    const job = await waitForJob(t, w.token, started.jobId);
    expect(job.status).toBe('done');
    expect(job.result?.added).toBe(20);
    expect(seenAuth.at(-1)).toBe(`Basic ${Buffer.from('reader:s3cret').toString('base64')}`);
    const response = await t.get(`/api/module/source/get?moduleId=${started.moduleId}`, { token: w.token });
    expect(response.body).not.toContain('s3cret');
    expect(envelopeOf<ModuleSource>(response).data).toMatchObject({
      kind: 'swagger',
      url: `${base}/petstore.json`,
      authUsername: 'reader',
      hasPassword: true,
      refreshMinutes: 60,
    });
    const stored = await t.db
      .selectFrom('moduleSources')
      .select('authPasswordEnc')
      .where('moduleId', '=', started.moduleId)
      .executeTakeFirst();
    expect(stored?.authPasswordEnc).not.toContain('s3cret');
    const again = await expectOk<ImportStarted>(
      t.get(`/api/module/refresh/swagger?moduleId=${started.moduleId}`, { token: w.token }),
    );
    expect((await waitForJob(t, w.token, again.jobId)).result).toMatchObject({ unchanged: 20, added: 0 });
  });

  it('refuses a URL that is not http(s) before starting anything', async () => {
    for (const url of ['ftp://example.com/spec.json', 'not a url', 'file:///etc/passwd']) {
      const response = await swagger({ url });
      expect(response.statusCode).toBe(400);
      expect(envelopeOf(response)).toMatchObject({
        code: 'import.url_invalid',
        msg: 'Swagger URL must be valid',
      });
    }
    expect((await swagger({})).statusCode).toBe(400);
  });

  it('fails a URL on a loopback address the allow rule does not name, and one that never answers', async () => {
    const port = new URL(base).port;
    const refused = await importFails({ url: `http://127.0.0.2:${port}/petstore.json` });
    expect(refused.error).toContain('loopback');
    const hung = await importFails({ url: `${base}/hang` });
    expect(hung.error).toContain('did not answer in time');
  });

  it('fails invalid JSON, invalid YAML, a YAML alias bomb and a non-API document with a clear reason', async () => {
    expect((await importFails({ content: '{"openapi": "3.0.0", "paths": {' })).error).toContain(
      'not valid JSON',
    );
    expect((await importFails({ content: 'openapi: 3.0.0\npaths: [a\n  b: }' })).error).toContain(
      'not valid YAML',
    );
    let bomb = 'a0: &a0 [x, x, x, x, x, x, x, x, x]\n';
    for (let i = 1; i < 10; i++)
      bomb += `a${i}: &a${i} [${Array(9)
        .fill(`*a${i - 1}`)
        .join(', ')}]\n`;
    expect((await importFails({ content: bomb })).error).toContain('too many aliases');
    expect(
      (await importFails({ content: '{"name": "a package.json", "version": "1.0.0"}' })).error,
    ).toContain('not a description Quire can import');
    // The server keeps serving.
    expect((await t.get(`/api/module/list?projectId=${w.projectId}`, { token: w.token })).statusCode).toBe(
      200,
    );
  });

  it('imports a 10,000-level schema and circular references without overflowing, cut with markers', async () => {
    const deep = `${'{"type":"object","properties":{"d":'.repeat(10_000)}{"type":"string"}${'}}'.repeat(10_000)}`;
    const content = `{"openapi":"3.0.3","info":{"title":"Deep","version":"1"},"paths":{"/deep":{"post":{"requestBody":{"content":{"application/json":{"schema":${deep}}}},"responses":{}}}}}`;
    const started = await expectOk<ImportStarted>(swagger({ content }));
    expect((await waitForJob(t, w.token, started.jobId)).status).toBe('done');
    const circular = await expectOk<ImportStarted>(
      swagger({ content: example('3.0/json/schema-circular.json') }),
    );
    const job = await waitForJob(t, w.token, circular.jobId);
    expect(job.status).toBe('done');
    expect(await liveDocCount(t, circular.moduleId)).toBe(job.result?.added);
  });

  it('imports Postman and Markdown uploads, and refuses a missing file, two files and a 60 MB file', async () => {
    const collection = JSON.stringify({
      info: { name: 'Shop', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      item: [
        {
          name: 'Users',
          item: [{ name: 'Get user', request: { method: 'GET', url: '{{baseUrl}}/users/:id' } }],
        },
      ],
    });
    const postman = await expectOk<ImportStarted>(
      upload(
        t,
        '/api/module/import/postman',
        w.token,
        multipart({ projectId: w.projectId }, [{ name: 'file', fileName: 'shop.json', content: collection }]),
      ),
    );
    expect((await waitForJob(t, w.token, postman.jobId)).result?.added).toBe(1);
    const md = '# Shop\n\n## Users\n\n### Login\n\n**Path：** /login\n\n**Method：** POST\n';
    const markdown = await expectOk<ImportStarted>(
      upload(
        t,
        '/api/module/import/markdown',
        w.token,
        multipart({ projectId: w.projectId }, [{ name: 'file', fileName: 'yapi.md', content: md }]),
      ),
    );
    expect((await waitForJob(t, w.token, markdown.jobId)).result?.added).toBe(1);

    const none = await upload(
      t,
      '/api/module/import/postman',
      w.token,
      multipart({ projectId: w.projectId }, []),
    );
    expect(envelopeOf(none)).toMatchObject({ code: 'import.file_required', msg: 'Please update file' });
    const two = await upload(
      t,
      '/api/module/import/markdown',
      w.token,
      multipart({ projectId: w.projectId }, [
        { name: 'file', fileName: 'a.md', content: md },
        { name: 'file', fileName: 'b.md', content: md },
      ]),
    );
    expect(envelopeOf(two)).toMatchObject({ code: 'import.one_file', msg: 'Only one file' });
    const before = await t.db
      .selectFrom('modules')
      .select('id')
      .where('projectId', '=', w.projectId)
      .execute();
    const big = await upload(
      t,
      '/api/module/import/postman',
      w.token,
      multipart({ projectId: w.projectId }, [
        { name: 'file', fileName: 'big.json', content: Buffer.alloc(60 * 1024 * 1024, 32) },
      ]),
    );
    expect(big.statusCode).toBe(413);
    expect(envelopeOf(big).msg).toContain('50 MB');
    const after = await t.db
      .selectFrom('modules')
      .select('id')
      .where('projectId', '=', w.projectId)
      .execute();
    expect(after).toHaveLength(before.length);
  });

  it("takes a Swagger file upload, refuses pasted text over 50 MB with 413, and answers a failure in the caller's language", async () => {
    const file = await expectOk<ImportStarted>(
      upload(
        t,
        '/api/module/import/swagger',
        w.token,
        multipart({ projectId: w.projectId }, [
          { name: 'file', fileName: 'petstore.yaml', content: example('2.0/yaml/petstore.yaml') },
        ]),
      ),
    );
    const done = await waitForJob(t, w.token, file.jobId);
    expect(done.status).toBe('done');
    expect(await liveDocCount(t, file.moduleId)).toBe(done.result?.added);

    const big = await swagger({ content: ' '.repeat(51 * 1024 * 1024) });
    expect(big.statusCode).toBe(413);
    expect(envelopeOf(big).msg).toContain('50 MB');

    const failed = await expectOk<ImportStarted>(swagger({ content: 'openapi: [' }));
    await waitForJob(t, w.token, failed.jobId);
    const zh = await expectOk<{ error: string }>(
      t.get(`/api/job/get?id=${failed.jobId}`, { token: w.token, lang: 'zh-CN' }),
    );
    expect(zh.error).toContain('内容不是有效的 YAML');
  });

  it('drops the stored basic-auth password when the URL moves to another origin, unless the save gives a new one', async () => {
    const started = await expectOk<ImportStarted>(
      swagger({ url: `${base}/petstore.json`, authUsername: 'reader', authPassword: 's3cret' }),
    );
    expect((await waitForJob(t, w.token, started.jobId)).status).toBe('done');
    const update = (body: Record<string, unknown>) =>
      expectOk<ModuleSource>(
        t.post('/api/module/source/update', { moduleId: started.moduleId, ...body }, { token: w.token }),
      );
    const storedPassword = async () =>
      (
        await t.db
          .selectFrom('moduleSources')
          .select('authPasswordEnc')
          .where('moduleId', '=', started.moduleId)
          .executeTakeFirstOrThrow()
      ).authPasswordEnc;
    // Another path on the same origin keeps it.
    expect(await update({ url: `${base}/v2/petstore.json` })).toMatchObject({ hasPassword: true });
    // Another origin (here another host name for the same listener) drops it.
    const elsewhere = base.replace('127.0.0.1', 'localhost');
    expect(await update({ url: `${elsewhere}/petstore.json` })).toMatchObject({
      authUsername: 'reader',
      hasPassword: false,
    });
    expect(await storedPassword()).toBe('');
    // Back on the first origin, the password is not restored; a new one given with the move is kept.
    expect(await update({ url: `${base}/petstore.json` })).toMatchObject({ hasPassword: false });
    expect(await update({ url: `${elsewhere}/petstore.json`, authPassword: 'n3w' })).toMatchObject({
      hasPassword: true,
    });
    const refreshed = await expectOk<ImportStarted>(
      t.get(`/api/module/refresh/swagger?moduleId=${started.moduleId}`, { token: w.token }),
    );
    expect(await waitForJob(t, w.token, refreshed.jobId)).toMatchObject({ status: 'done' });
    expect(seenAuth.at(-1)).toBe(`Basic ${Buffer.from('reader:n3w').toString('base64')}`);
  });

  it('updates the swagger source: a refresh interval only for a URL, the password kept when not sent and never answered', async () => {
    const started = await expectOk<ImportStarted>(swagger({ content: example('3.0/yaml/petstore.yaml') }));
    await waitForJob(t, w.token, started.jobId);
    const update = (body: Record<string, unknown>) =>
      expectOk<ModuleSource>(
        t.post('/api/module/source/update', { moduleId: started.moduleId, ...body }, { token: w.token }),
      );
    expect(await update({ refreshMinutes: 60 })).toMatchObject({
      hasContent: true,
      refreshMinutes: 0,
      nextSyncTime: '',
    });
    expect(
      await update({
        url: `${base}/petstore.json`,
        authUsername: 'u',
        authPassword: 'p4ss',
        refreshMinutes: 60,
      }),
    ).toMatchObject({
      hasContent: false,
      url: `${base}/petstore.json`,
      authUsername: 'u',
      hasPassword: true,
      refreshMinutes: 60,
    });
    const kept = await t.post(
      '/api/module/source/update',
      { moduleId: started.moduleId, authUsername: 'v' },
      { token: w.token },
    );
    expect(envelopeOf<ModuleSource>(kept).data).toMatchObject({ authUsername: 'v', hasPassword: true });
    expect(kept.body).not.toContain('p4ss');
    const bad = await t.post(
      '/api/module/source/update',
      { moduleId: started.moduleId, url: 'gopher://x' },
      { token: w.token },
    );
    expect(envelopeOf(bad)).toMatchObject({ code: 'import.url_invalid' });
    const refreshed = await expectOk<ImportStarted>(
      t.get(`/api/module/refresh/swagger?moduleId=${started.moduleId}`, { token: w.token }),
    );
    expect((await waitForJob(t, w.token, refreshed.jobId)).result).toMatchObject({ unchanged: 20 });
  });

  it('lets only project members who may create applications import, and only readers see a job', async () => {
    const outsider = await newUser(t);
    const refused = await swagger({ content: example('3.0/yaml/petstore.yaml') }, outsider.token);
    expect([403, 404]).toContain(refused.statusCode);
    const started = await expectOk<ImportStarted>(swagger({ content: example('3.0/yaml/petstore.yaml') }));
    await waitForJob(t, w.token, started.jobId);
    expect([403, 404]).toContain(
      (await t.get(`/api/job/get?id=${started.jobId}`, { token: outsider.token })).statusCode,
    );
    expect(
      (await t.get(`/api/module/source/get?moduleId=${started.moduleId}`, { token: outsider.token }))
        .statusCode,
    ).not.toBe(200);
  });
});
