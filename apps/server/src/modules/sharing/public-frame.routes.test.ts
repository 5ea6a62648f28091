import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, saveDoc } from '../../../test/doc-fixture.ts';
import { expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

/**
 * Issue 28, finding 1: a visitor only ever sees the globals of environments the share (or composed project)
 * shows. Before `public-frame.ts`, a share showing none of the application's environments fell back to the
 * application's first environment, private or not, and handed its global headers to anonymous visitors.
 */
const READER =
  '<!doctype html><html><head><title>Quire</title><script>window.boot = 1;</script></head>' +
  '<body><div id="root"></div></body></html>';
const SECRET = 'Bearer sk_live_private_7f3a';
const PARAM_SECRET = 'apikey_private_99c1';

interface Doc {
  globalHeaders: Array<{ name: string; example: string }>;
  globalParams: Array<{ name: string; example: string }>;
  environments: Array<{ id: string }>;
}

describe.each(testDialects())('public answers hold only what their frame shows, on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  let docId: string;
  let privateEnv: string;

  beforeEach(async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'quire-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'reader.html'), READER);
    t = await createTestApp(dialect, { QUIRE_WEB_DIST: dist });
    w = await createDocWorld(t);
    docId = (
      await saveDoc(t, w.token, { moduleId: w.moduleId, name: 'getOrder', url: '/o', httpMethod: 'GET' })
    ).id;
    // The application's first and only environment is private, and its globals hold secrets.
    privateEnv = (
      await expectOk<{ id: string }>(
        t.post(
          '/api/module/environment/add',
          { moduleId: w.moduleId, name: 'internal', baseUrl: 'http://internal.example', isPublic: false },
          { token: w.token },
        ),
      )
    ).id;
    await expectOk(
      t.post(
        '/api/module/environment/globals/save',
        {
          environmentId: privateEnv,
          globalHeaders: [{ name: 'Authorization', example: SECRET }],
          globalParams: [{ name: 'apiKey', example: PARAM_SECRET }],
        },
        { token: w.token },
      ),
    );
  });
  afterEach(async () => {
    await t.close();
  });

  const share = (body: Record<string, unknown> = {}) =>
    expectOk<{ id: string }>(
      t.post(
        '/api/doc/share/add',
        { moduleId: w.moduleId, type: 1, isAll: true, ...body },
        { token: w.token },
      ),
    );

  it('a share that shows no environment answers no globals, in the doc answer and the prefilled page', async () => {
    const { id } = await share();
    const res = await t.get(`/api/doc/share/view?docId=${docId}&shareConfigId=${id}`);
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toContain(PARAM_SECRET);
    const doc = JSON.parse(res.body).data as Doc;
    expect(doc.environments).toEqual([]);
    expect(doc.globalHeaders).toEqual([]);
    expect(doc.globalParams).toEqual([]);
    const page = await t.app.inject({ method: 'GET', url: `/share/${id}/${docId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('getOrder');
    expect(page.body).not.toContain(SECRET);
    expect(page.body).not.toContain(PARAM_SECRET);
  });

  it('a share that shows the environment answers its globals: the frame decides', async () => {
    const { id } = await share({ moduleEnvironmentIdList: [privateEnv] });
    const doc = await expectOk<Doc>(t.get(`/api/doc/share/view?docId=${docId}&shareConfigId=${id}`));
    expect(doc.environments.map((e) => e.id)).toEqual([privateEnv]);
    expect(doc.globalHeaders.map((h) => h.example)).toEqual([SECRET]);
  });

  it('a composed project without a gateway shows only public environments and their globals', async () => {
    const space = await expectOk<{ id: string }>(
      t.post('/api/space/add', { name: 'Portal', isCompose: true }, { token: w.token }),
    );
    const project = await expectOk<{ id: string }>(
      t.post('/api/compose/project/add', { spaceId: space.id, name: 'Partners' }, { token: w.token }),
    );
    await expectOk(
      t.post('/api/compose/doc/add', { projectId: project.id, docList: [{ docId }] }, { token: w.token }),
    );
    const res = await t.get(`/api/compose/doc/view?projectId=${project.id}&docId=${docId}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toContain(PARAM_SECRET);
    expect((JSON.parse(res.body).data as Doc).environments).toEqual([]);
  });
});
