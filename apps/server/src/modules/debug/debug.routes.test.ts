import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, newProjectGuest, saveDoc } from '../../../test/doc-fixture.ts';
import { expectError, expectOk, newUser } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

interface ScriptAnswer {
  id: string;
  name: string;
  type: number;
  scope: number;
  enabled: boolean;
  refId: string;
  content: string;
}

describe.each(testDialects())('debug panel routes on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  let docId: string;
  let otherDocId: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await createDocWorld(t);
    docId = (await saveDoc(t, w.token, { moduleId: w.moduleId, name: 'A', url: '/a', httpMethod: 'GET' })).id;
    otherDocId = (
      await saveDoc(t, w.token, { moduleId: w.moduleId, name: 'B', url: '/b', httpMethod: 'GET' })
    ).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the panel settings of a doc to readers only', async () => {
    const config = await expectOk<{ allowDebug: boolean; maxBytes: number }>(
      t.get(`/api/doc/debug/config?docId=${docId}`, { token: w.token }),
    );
    expect(config).toMatchObject({ allowDebug: true, maxBytes: 10 * 1024 * 1024 });
    await expectError(t.get(`/api/doc/debug/config?docId=${docId}`), 401, '1000');
    const stranger = await newUser(t);
    await expectError(
      t.get(`/api/doc/debug/config?docId=${docId}`, { token: stranger.token }),
      403,
      'auth.forbidden',
    );
  });

  it('remembers the last values per user and doc, newest first, without duplicates, at most 10', async () => {
    const save = (token: string, url: string, doc = docId) =>
      expectOk<{ last: { url: string } | null; history: Array<{ url: string }> }>(
        t.post('/api/doc/debug/value/save', { docId: doc, value: { method: 'GET', url } }, { token }),
      );
    for (let i = 0; i < 12; i++) await save(w.token, `http://x/${i}`);
    const again = await save(w.token, 'http://x/5');
    expect(again.history.map((h) => h.url).slice(0, 3)).toEqual(['http://x/5', 'http://x/11', 'http://x/10']);
    expect(again.history).toHaveLength(10);
    const guest = await newProjectGuest(t, w);
    expect(await expectOk(t.get(`/api/doc/debug/value?docId=${docId}`, { token: guest.token }))).toEqual({
      last: null,
      history: [],
    });
    await save(guest.token, 'http://guest');
    const mine = await expectOk<{ last: { url: string } }>(
      t.get(`/api/doc/debug/value?docId=${docId}`, { token: w.token }),
    );
    expect(mine.last.url).toBe('http://x/5');
    const other = await expectOk<{ last: null }>(
      t.get(`/api/doc/debug/value?docId=${otherDocId}`, { token: w.token }),
    );
    expect(other.last).toBeNull();
    const stranger = await newUser(t);
    await expectError(
      t.post('/api/doc/debug/value/save', { docId, value: { url: 'x' } }, { token: stranger.token }),
      403,
      'auth.forbidden',
    );
  });

  it("keeps Torna's script calls: scopes merged per doc, switchable, editable by devs only", async () => {
    const add = (body: Record<string, unknown>, token = w.token) =>
      expectOk<ScriptAnswer>(t.post('/api/doc/debugscript/add', { docId, ...body }, { token }));
    const docScript = await add({ name: 'sign', type: 0, scope: 0, content: 'req.headers.a = 1' });
    const moduleScript = await add({
      name: 'login',
      type: 1,
      scope: 1,
      content: 'vars.token = resp.json.token',
    });
    const projectScript = await add({ name: 'trace', type: 0, scope: 2, enabled: 0 });
    expect([docScript.refId, moduleScript.refId, projectScript.refId]).toEqual([
      docId,
      w.moduleId,
      w.projectId,
    ]);

    const list = (doc = docId, token = w.token) =>
      expectOk<ScriptAnswer[]>(t.get(`/api/doc/debugscript/list?docId=${doc}`, { token }));
    expect((await list()).map((s) => [s.name, s.scope, s.enabled])).toEqual([
      ['trace', 2, false],
      ['login', 1, true],
      ['sign', 0, true],
    ]);
    // Another doc of the application sees the application and project scripts, not this doc's.
    expect((await list(otherDocId)).map((s) => s.name)).toEqual(['trace', 'login']);

    await expectOk(
      t.post('/api/doc/debugscript/update-v2', { id: projectScript.id, enabled: true }, { token: w.token }),
    );
    await expectOk(
      t.post(
        '/api/doc/debugscript/update',
        { id: docScript.id, docId: otherDocId, name: 'sign2', type: 0, scope: 0, content: 'x' },
        { token: w.token },
      ),
    );
    expect((await list(otherDocId)).map((s) => [s.name, s.enabled])).toEqual([
      ['trace', true],
      ['login', true],
      ['sign2', true],
    ]);

    const guest = await newProjectGuest(t, w);
    expect(await list(docId, guest.token)).toHaveLength(2);
    await expectError(
      t.post('/api/doc/debugscript/add', { docId, name: 'x', type: 0, scope: 0 }, { token: guest.token }),
      403,
      'auth.forbidden',
    );
    await expectError(
      t.post('/api/doc/debugscript/delete', { id: moduleScript.id }, { token: guest.token }),
      403,
      'auth.forbidden',
    );
    await expectError(
      t.post('/api/doc/debugscript/add', { docId, name: 'x', type: 3, scope: 0 }, { token: w.token }),
      400,
      'validation.invalid_input',
    );
    await expectOk(t.post('/api/doc/debugscript/delete', { id: moduleScript.id }, { token: w.token }));
    await expectError(
      t.post('/api/doc/debugscript/delete', { id: moduleScript.id }, { token: w.token }),
      404,
      'debug.script_not_found',
    );
    expect((await list(otherDocId)).map((s) => s.name)).toEqual(['trace', 'sign2']);
  });

  it('lets only a super admin widen the proxy to listed hosts', async () => {
    const admin = await newUser(t, { isSuperAdmin: true });
    await expectError(t.get('/api/admin/setting/debugProxy', { token: w.token }), 403, 'auth.forbidden');
    const saved = await expectOk<{ hosts: string[] }>(
      t.post(
        '/api/admin/setting/debugProxy',
        { hosts: ['API.example.com', '*.corp.example'] },
        { token: admin.token },
      ),
    );
    expect(saved.hosts).toEqual(['api.example.com', '*.corp.example']);
    await expectError(
      t.post('/api/admin/setting/debugProxy', { hosts: ['bad host/'] }, { token: admin.token }),
      400,
      'validation.invalid_input',
    );
  });
});
