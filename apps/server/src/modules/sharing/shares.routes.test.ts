import type { FastifyRequest } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, newProjectGuest, saveDoc } from '../../../test/doc-fixture.ts';
import { expectError, expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, envelopeOf, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { shareDebugScope } from './share-public.service.ts';

interface Share {
  id: string;
  type: number;
  password: string;
  status: number;
  expired: boolean;
}
interface Node {
  id: string;
  label: string;
  children?: Node[];
}

const labels = (nodes: Node[]): string[] =>
  nodes.flatMap((n) => [n.label, ...(n.children ? labels(n.children) : [])]);

describe.each(testDialects())('shares on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  let folderId: string;
  let inFolder: string;
  let outside: string;
  let publicEnv: string;
  let privateEnv: string;

  const doc = (name: string, parentId = '', moduleId = w.moduleId) =>
    saveDoc(t, w.token, { moduleId, parentId, name, url: `/${name}`, httpMethod: 'GET' }).then((d) => d.id);

  beforeEach(async () => {
    t = await createTestApp(dialect);
    w = await createDocWorld(t);
    folderId = (
      await expectOk<{ id: string }>(
        t.post('/api/doc/folder/add', { name: 'Orders', moduleId: w.moduleId }, { token: w.token }),
      )
    ).id;
    inFolder = await doc('listOrders', folderId);
    outside = await doc('secretAdmin');
    const env = (name: string, isPublic: boolean) =>
      expectOk<{ id: string }>(
        t.post(
          '/api/module/environment/add',
          { moduleId: w.moduleId, name, baseUrl: `http://${name}.example`, isPublic },
          { token: w.token },
        ),
      ).then((e) => e.id);
    privateEnv = await env('internal', false);
    publicEnv = await env('public', true);
  });
  afterEach(async () => {
    await t.close();
  });

  const add = (body: Record<string, unknown>) =>
    expectOk<Share>(
      t.post('/api/doc/share/add', { moduleId: w.moduleId, type: 1, ...body }, { token: w.token }),
    );
  const folderShare = (body: Record<string, unknown> = {}) =>
    add({ content: [{ docId: folderId, isShareFolder: true }], ...body });
  const unlock = async (id: string, password: string, ip = '10.0.0.1') =>
    (await expectOk<{ token: string }>(t.post('/api/share/checkPassword', { id, password }, { ip }))).token;
  const visitor = (token: string) => ({ headers: { 'x-share-token': token } });

  it('opens a public share anonymously: only the shared docs, public environments, no password, noindex', async () => {
    const share = await folderShare({ remark: 'for partners' });
    expect(share.password).toBe('');
    const get = await t.get(`/api/share/get?id=${share.id}`);
    expect(get.statusCode).toBe(200);
    expect(get.headers['x-robots-tag']).toContain('noindex');
    const info = envelopeOf<Record<string, unknown> & { environments: Array<{ id: string }> }>(get).data;
    expect(info).not.toHaveProperty('password');
    expect(info.environments.map((e) => e.id)).toEqual([publicEnv]);
    const menu = await expectOk<Node[]>(t.get(`/api/share/menu?id=${share.id}`));
    expect(labels(menu)).toEqual(['Orders', 'listOrders']);
    const view = await expectOk<{ name: string; creatorName: string; environments: unknown[] }>(
      t.get(`/api/doc/share/view?docId=${inFolder}&shareConfigId=${share.id}`),
    );
    expect(view.name).toBe('listOrders');
    expect(view.creatorName).toBe('');
    expect(JSON.stringify(view)).not.toContain(w.nickname);
  });

  it('reaches docs added to a shared folder later, and drops deleted ones', async () => {
    const share = await folderShare();
    const later = await doc('addedLater', folderId);
    await expectOk(t.get(`/api/doc/share/view?docId=${later}&shareConfigId=${share.id}`));
    await expectOk(t.post('/api/doc/delete', { id: later }, { token: w.token }));
    await expectError(
      t.get(`/api/doc/share/view?docId=${later}&shareConfigId=${share.id}`),
      404,
      'share.doc_not_found',
    );
  });

  it('refuses a doc outside the share, a doc of another application and guessed ids', async () => {
    const share = await folderShare();
    await expectError(
      t.get(`/api/doc/share/view?docId=${outside}&shareConfigId=${share.id}`),
      404,
      'share.doc_not_found',
    );
    const other = await expectOk<{ id: string }>(
      t.post('/api/module/add', { name: 'Other', projectId: w.projectId }, { token: w.token }),
    );
    const foreign = await doc('foreign', '', other.id);
    await expectError(
      t.get(`/api/doc/share/view?docId=${foreign}&shareConfigId=${share.id}`),
      404,
      'share.doc_not_found',
    );
    await expectError(t.get('/api/share/get?id=AAAAAAAAAAAAAAAA'), 404, 'share.not_found');
    await expectError(t.get('/api/share/menu?id=nope'), 404, 'share.not_found');
    await expectError(
      t.get(`/api/doc/share/view?docId=nope&shareConfigId=${share.id}`),
      404,
      'share.doc_not_found',
    );
    // A share of a whole application cannot be pointed at the docs of another one either.
    await expectError(
      t.post(
        '/api/doc/share/add',
        { moduleId: w.moduleId, type: 1, content: [{ docId: foreign }] },
        { token: w.token },
      ),
      400,
      'share.content_invalid',
    );
  });

  it('keeps an encrypted share shut until its password, trimmed, buys a session for that share only', async () => {
    const share = await folderShare({ type: 2 });
    expect(share.password).toMatch(/^[A-Za-z0-9]{8}$/);
    for (const url of [
      `/api/share/get?id=${share.id}`,
      `/api/share/menu?id=${share.id}`,
      `/api/doc/share/view?docId=${inFolder}&shareConfigId=${share.id}`,
    ]) {
      const answer = await t.get(url);
      expect([answer.statusCode, envelopeOf(answer).code]).toEqual([401, 'share.password_required']);
      expect(answer.body).not.toContain('listOrders');
      expect(answer.body).not.toContain(share.password);
    }
    expect(
      await expectError(
        t.post('/api/share/checkPassword', { id: share.id, password: '   ' }),
        400,
        'validation.invalid_input',
      ),
    ).toContain('Can not empty');
    await expectError(
      t.post('/api/share/checkPassword', { id: share.id, password: 'wrong' }),
      401,
      'share.password_wrong',
    );
    const token = await unlock(share.id, `  ${share.password} `);
    const info = await expectOk<Record<string, unknown>>(
      t.get(`/api/share/get?id=${share.id}`, visitor(token)),
    );
    expect(JSON.stringify(info)).not.toContain(share.password);
    await expectOk(t.get(`/api/doc/share/view?docId=${inFolder}&shareConfigId=${share.id}`, visitor(token)));
    await expectError(
      t.get(`/api/doc/share/view?docId=${outside}&shareConfigId=${share.id}`, visitor(token)),
      404,
      'share.doc_not_found',
    );
    // The session is for this share only.
    const second = await add({ type: 2, isAll: true });
    await expectError(
      t.get(`/api/share/get?id=${second.id}`, visitor(token)),
      401,
      'share.password_required',
    );
    await expectError(
      t.get(`/api/share/get?id=${second.id}`, visitor('forged-token')),
      401,
      'share.password_required',
    );
  });

  it('regenerating the password kills the old one and its sessions at once', async () => {
    const share = await folderShare({ type: 2 });
    const token = await unlock(share.id, share.password);
    const fresh = await expectOk<{ password: string }>(
      t.post('/api/doc/share/regeneratePassword', { id: share.id }, { token: w.token }),
    );
    expect(fresh.password).not.toBe(share.password);
    await expectError(t.get(`/api/share/get?id=${share.id}`, visitor(token)), 401, 'share.password_required');
    await expectError(
      t.post('/api/share/checkPassword', { id: share.id, password: share.password }),
      401,
      'share.password_wrong',
    );
    await unlock(share.id, fresh.password, '10.0.0.2');
    const listed = await expectOk<{ list: Share[] }>(
      t.post('/api/doc/share/page', { moduleId: w.moduleId }, { token: w.token }),
    );
    expect(listed.list[0]?.password).toBe(fresh.password);
  });

  it('stores the password only as a hash and a sealed copy', async () => {
    const share = await folderShare({ type: 2 });
    const row = await t.db
      .selectFrom('shareConfigs')
      .selectAll()
      .where('id', '=', share.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(share.password);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('throttles wrong passwords per address and per share, never locking out a clean address', async () => {
    const share = await folderShare({ type: 2 });
    for (let i = 0; i < 10; i++)
      await expectError(
        t.post('/api/share/checkPassword', { id: share.id, password: `x${i}` }, { ip: '10.1.1.1' }),
        401,
        'share.password_wrong',
      );
    // Even the right password is refused from that address now.
    await expectError(
      t.post('/api/share/checkPassword', { id: share.id, password: share.password }, { ip: '10.1.1.1' }),
      429,
      'share.password_throttled',
    );
    // Many addresses together put the share under attack: each of them gets only a few guesses more.
    for (let i = 0; i < 25; i++)
      await t.post(
        '/api/share/checkPassword',
        { id: share.id, password: `y${i}` },
        { ip: `10.2.0.${i % 5}` },
      );
    await expectError(
      t.post('/api/share/checkPassword', { id: share.id, password: 'z' }, { ip: '10.2.0.1' }),
      429,
      'share.password_throttled',
    );
    // Its rightful visitor, from an address that has not been failing, still gets in (issue 28, finding 7).
    await expectOk(
      t.post('/api/share/checkPassword', { id: share.id, password: share.password }, { ip: '10.3.0.1' }),
    );
  });

  it('refuses a disabled and an expired share with their own messages, and opens again when re-enabled', async () => {
    const share = await folderShare();
    await expectOk(t.post('/api/doc/share/disable', { id: share.id }, { token: w.token }));
    for (const url of [
      `/api/share/get?id=${share.id}`,
      `/api/share/menu?id=${share.id}`,
      `/api/doc/share/view?docId=${inFolder}&shareConfigId=${share.id}`,
    ])
      expect(await expectError(t.get(url), 403, 'share.disabled')).toBe('This share has been disabled');
    await expectError(
      t.post('/api/share/checkPassword', { id: share.id, password: 'x' }),
      403,
      'share.disabled',
    );
    await expectOk(t.post('/api/doc/share/enable', { id: share.id }, { token: w.token }));
    await expectOk(t.get(`/api/share/get?id=${share.id}`));
    const expired = await folderShare({ expirationTime: '2020-01-01' });
    expect(expired.expired).toBe(true);
    expect(
      await expectError(t.get(`/api/share/menu?id=${expired.id}`, { lang: 'zh-CN' }), 410, 'share.expired'),
    ).toBe('该分享已过期');
    const future = await folderShare({ expirationTime: '2999-12-31' });
    await expectOk(t.get(`/api/share/menu?id=${future.id}`));
  });

  it('shows the chosen environments, or all of them', async () => {
    const chosen = await add({ isAll: true, moduleEnvironmentIdList: [privateEnv] });
    const info = await expectOk<{ environments: Array<{ id: string }> }>(
      t.get(`/api/share/get?id=${chosen.id}`),
    );
    expect(info.environments.map((e) => e.id)).toEqual([privateEnv]);
    const all = await add({ isAll: true, isAllSelectedDebug: true });
    const infoAll = await expectOk<{ environments: Array<{ id: string }> }>(
      t.get(`/api/share/get?id=${all.id}`),
    );
    expect(infoAll.environments.map((e) => e.id)).toEqual([privateEnv, publicEnv]);
    expect(labels(await expectOk<Node[]>(t.get(`/api/share/menu?id=${all.id}`)))).toEqual([
      'Orders',
      'listOrders',
      'secretAdmin',
    ]);
    const envs = await expectOk<Array<{ moduleEnvironmentId: string }>>(
      t.get(`/api/doc/share/listEnvironment?id=${chosen.id}`, { token: w.token }),
    );
    expect(envs.map((e) => e.moduleEnvironmentId)).toEqual([privateEnv]);
  });

  it('lists content and expanded doc ids; only the application devs and admins manage shares', async () => {
    const share = await folderShare();
    expect(await expectOk(t.get(`/api/doc/share/listContent?id=${share.id}`, { token: w.token }))).toEqual([
      { docId: folderId, isShareFolder: true },
    ]);
    expect(
      await expectOk(t.get(`/api/doc/share/listShareDocIds?id=${share.id}`, { token: w.token })),
    ).toEqual([{ docId: inFolder, isShareFolder: false }]);
    const guest = await newProjectGuest(t, w);
    await expectError(
      t.post('/api/doc/share/page', { moduleId: w.moduleId }, { token: guest.token }),
      403,
      'auth.forbidden',
    );
    await expectError(
      t.get(`/api/doc/share/listContent?id=${share.id}`, { token: guest.token }),
      403,
      'auth.forbidden',
    );
    await expectError(
      t.post('/api/doc/share/del', { id: share.id }, { token: guest.token }),
      403,
      'auth.forbidden',
    );
    await expectError(t.post('/api/doc/share/page', { moduleId: w.moduleId }), 401, '1000');
    await expectOk(t.post('/api/doc/share/del', { id: share.id }, { token: w.token }));
    await expectError(t.get(`/api/share/get?id=${share.id}`), 404, 'share.not_found');
  });

  it('turning an encrypted share public drops the password; turning it back makes a new one', async () => {
    const share = await folderShare({ type: 2 });
    const token = await unlock(share.id, share.password);
    const body = { id: share.id, content: [{ docId: folderId, isShareFolder: true }] };
    const open = await expectOk<Share>(
      t.post('/api/doc/share/update', { ...body, type: 1 }, { token: w.token }),
    );
    expect(open.password).toBe('');
    await expectOk(t.get(`/api/share/menu?id=${share.id}`));
    const shut = await expectOk<Share>(
      t.post('/api/doc/share/update', { ...body, type: 2 }, { token: w.token }),
    );
    expect(shut.password).not.toBe(share.password);
    await expectError(
      t.get(`/api/share/menu?id=${share.id}`, visitor(token)),
      401,
      'share.password_required',
    );
  });

  it('tells the debug proxy which docs a request may debug through a share', async () => {
    const asRequest = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;
    const noDebug = await folderShare();
    expect(await shareDebugScope(t.db, asRequest({ 'x-share-id': noDebug.id }))).toBeNull();
    const open = await folderShare({ isShowDebug: true });
    const scope = await shareDebugScope(t.db, asRequest({ 'x-share-id': open.id }));
    expect([...(scope?.docIds ?? [])]).toEqual([inFolder]);
    expect(scope?.environments.map((e) => e.id)).toEqual([publicEnv]);
    const shut = await folderShare({ isShowDebug: true, type: 2 });
    expect(await shareDebugScope(t.db, asRequest({}), shut.id)).toBeNull();
    const token = await unlock(shut.id, shut.password);
    expect((await shareDebugScope(t.db, asRequest({ 'x-share-token': token }), shut.id))?.shareId).toBe(
      shut.id,
    );
    await expectOk(t.post('/api/doc/share/disable', { id: shut.id }, { token: w.token }));
    expect(await shareDebugScope(t.db, asRequest({ 'x-share-token': token }), shut.id)).toBeNull();
  });

  it('also keeps the session in an HttpOnly cookie of that share, for clients that keep cookies', async () => {
    const share = await folderShare({ type: '2' });
    const answer = await t.post('/api/share/checkPassword', { id: share.id, password: share.password });
    const cookie = String(answer.headers['set-cookie']);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Path=/;');
    const pair = cookie.split(';')[0] ?? '';
    await expectOk(t.get(`/api/share/menu?id=${share.id}`, { headers: { cookie: pair } }));
    const other = await folderShare({ type: 2 });
    await expectError(
      t.get(`/api/share/menu?id=${other.id}`, { headers: { cookie: pair.replace(share.id, other.id) } }),
      401,
      'share.password_required',
    );
  });

  it('refuses a malformed expiry and unknown types, creating nothing; reads a date-time or epoch milliseconds', async () => {
    for (const body of [
      { expirationTime: 'tomorrow' },
      { expirationTime: '2026-13-45' },
      { type: 3 },
      { type: 'x' },
    ])
      await expectError(
        t.post(
          '/api/doc/share/add',
          { moduleId: w.moduleId, type: 1, isAll: true, ...body },
          { token: w.token },
        ),
        400,
        'validation.invalid_input',
      );
    const page = await expectOk<{ total: number }>(
      t.post('/api/doc/share/page', { moduleId: w.moduleId }, { token: w.token }),
    );
    expect(page.total).toBe(0);
    const dated = await add({ isAll: true, expirationTime: '2999-01-02 00:00:00' });
    expect((dated as unknown as { expirationTime: string }).expirationTime).toBe('2999-01-02');
    const epoch = await add({ isAll: true, expirationTime: Date.UTC(2020, 0, 1) });
    expect(epoch.expired).toBe(true);
  });
});
