import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, saveDoc } from '../../../test/doc-fixture.ts';
import { expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

interface Share {
  id: string;
  password: string;
}

describe.each(testDialects())('llms.txt of shares and composed projects on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  let folderId: string;
  let shared: string;
  let secret: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await createDocWorld(t);
    folderId = (
      await expectOk<{ id: string }>(
        t.post('/api/doc/folder/add', { name: 'Orders', moduleId: w.moduleId }, { token: w.token }),
      )
    ).id;
    shared = (
      await saveDoc(t, w.token, {
        moduleId: w.moduleId,
        parentId: folderId,
        name: 'List orders',
        url: '/orders',
        httpMethod: 'GET',
        author: 'alice-internal',
        queryParams: [{ name: 'page', type: 'number', example: '2', description: 'page number' }],
      })
    ).id;
    secret = (
      await saveDoc(t, w.token, {
        moduleId: w.moduleId,
        name: 'Secret admin',
        url: '/admin',
        httpMethod: 'POST',
      })
    ).id;
    for (const [name, isPublic] of [
      ['internal', false],
      ['public', true],
    ] as const)
      await expectOk(
        t.post(
          '/api/module/environment/add',
          { moduleId: w.moduleId, name, baseUrl: `http://${name}.example`, isPublic },
          { token: w.token },
        ),
      );
  });
  afterAll(async () => {
    await t.close();
  });

  const addShare = (type: 1 | 2) =>
    expectOk<Share>(
      t.post(
        '/api/doc/share/add',
        {
          moduleId: w.moduleId,
          type,
          remark: 'for partners',
          content: [{ docId: folderId, isShareFolder: true }],
        },
        { token: w.token },
      ),
    );

  it('a public share: an index with links and every shared doc as Markdown, nothing more', async () => {
    const share = await addShare(1);
    const index = await t.get(`/share/${share.id}/llms.txt`);
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('text/plain');
    expect(index.headers['x-robots-tag']).toContain('noindex');
    expect(index.body).toContain('> for partners');
    expect(index.body).toContain('## Orders');
    expect(index.body).toContain(`- [List orders](/share/${share.id}/${shared}): \`GET\` /orders`);
    expect(index.body).toContain(`[llms-full.txt](/share/${share.id}/llms-full.txt)`);
    expect(index.body).not.toContain('Secret admin');

    const full = await t.get(`/share/${share.id}/llms-full.txt`);
    expect(full.statusCode).toBe(200);
    expect(full.body).toContain('### List orders');
    expect(full.body).toContain('- public: `GET` http://public.example/orders');
    expect(full.body).toContain('- `page` (number, required) — page number. Example: `2`');
    // Only what the share shows: not the other doc, not a private environment, nobody's name.
    expect(full.body).not.toContain('Secret admin');
    expect(full.body).not.toContain('internal.example');
    expect(full.body).not.toContain('alice-internal');
    expect(secret).toBeTruthy();
  });

  it('a password share answers only with its visitor session (header or cookie)', async () => {
    const share = await addShare(2);
    for (const file of ['llms.txt', 'llms-full.txt']) {
      const refused = await t.get(`/share/${share.id}/${file}`);
      expect(refused.statusCode).toBe(401);
      expect(refused.body).not.toContain('List orders');
    }
    const unlocked = await t.app.inject({
      method: 'POST',
      url: '/api/share/checkPassword',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ id: share.id, password: share.password }),
    });
    const token = (unlocked.json() as { data: { token: string } }).data.token;
    const withHeader = await t.get(`/share/${share.id}/llms.txt`, { headers: { 'x-share-token': token } });
    expect(withHeader.statusCode).toBe(200);
    expect(withHeader.body).toContain('List orders');
    const cookie = String(unlocked.headers['set-cookie']).split(';')[0] ?? '';
    const withCookie = await t.get(`/share/${share.id}/llms-full.txt`, { headers: { cookie } });
    expect(withCookie.statusCode).toBe(200);
    expect(withCookie.body).toContain('### List orders');
    // Another share's session opens nothing here.
    const other = await addShare(2);
    const wrong = await t.get(`/share/${other.id}/llms.txt`, { headers: { 'x-share-token': token } });
    expect(wrong.statusCode).toBe(401);
    const unknown = await t.get('/share/doesNotExist0000/llms.txt');
    expect(unknown.statusCode).toBe(404);
  });

  it('a composed project: the same under /show/{id}/, with its password rule', async () => {
    const composeSpace = (
      await expectOk<{ id: string }>(
        t.post('/api/space/add', { name: `Portal ${dialect}`, isCompose: true }, { token: w.token }),
      )
    ).id;
    const create = (type: number) =>
      expectOk<{ id: string; password: string }>(
        t.post(
          '/api/compose/project/add',
          { spaceId: composeSpace, name: `Partner portal ${type}`, type },
          { token: w.token },
        ),
      );
    const fill = async (projectId: string) => {
      const folder = await expectOk<{ id: string }>(
        t.post('/api/compose/doc/folder/add', { projectId, name: 'Users' }, { token: w.token }),
      );
      await expectOk(
        t.post(
          '/api/compose/doc/add',
          { projectId, parentId: folder.id, docList: [{ docId: shared }] },
          { token: w.token },
        ),
      );
    };
    const open = await create(1);
    await fill(open.id);
    const index = await t.get(`/show/${open.id}/llms.txt`);
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('# Partner portal 1');
    expect(index.body).toContain('## Users');
    expect(index.body).toContain(`- [List orders](/show/${open.id}/${shared}): \`GET\` /orders`);
    const full = await t.get(`/show/${open.id}/llms-full.txt`);
    expect(full.body).toContain('- public: `GET` http://public.example/orders');
    expect(full.body).not.toContain('internal.example');

    const locked = await create(2);
    await fill(locked.id);
    expect((await t.get(`/show/${locked.id}/llms-full.txt`)).statusCode).toBe(401);
    const session = await expectOk<{ token: string }>(
      t.post('/api/compose/project/checkPassword', { id: locked.id, password: locked.password }),
    );
    const unlocked = await t.get(`/show/${locked.id}/llms-full.txt`, {
      headers: { 'x-share-token': session.token },
    });
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.body).toContain('### List orders');
  });
});
