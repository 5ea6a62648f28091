import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, newProjectGuest, saveDoc } from '../../../test/doc-fixture.ts';
import { expectOk, newUser, uniqueName } from '../../../test/org-fixture.ts';
import { envelopeOf, type TestApp, createTestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { sha256 } from '../../lib/ids.ts';

interface Created {
  id: string;
  token: string;
  prefix: string;
  scope: string;
  status: string;
  projects: Array<{ id: string; name: string }> | null;
}
interface Listed {
  id: string;
  name: string;
  prefix: string;
  status: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

const addToken = (t: TestApp, login: string, body: Record<string, unknown>) =>
  expectOk<Created>(t.post('/api/user/token/add', body, { token: login }));

describe.each(testDialects())('personal access tokens on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  let otherProjectId: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await createDocWorld(t);
    const other = await expectOk<{ id: string }>(
      t.post('/api/project/add', { name: uniqueName('project'), spaceId: w.spaceId }, { token: w.token }),
    );
    otherProjectId = other.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows the secret once, stores only its hash, lists and revokes', async () => {
    const created = await addToken(t, w.token, { name: 'laptop', scope: 'read', expiresInDays: 30 });
    expect(created.token.startsWith('qpat_')).toBe(true);
    expect(created.token.length).toBeGreaterThan(40);
    expect(created).toMatchObject({ scope: 'read', status: 'active', projects: null });
    const row = await t.db
      .selectFrom('personalTokens')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.tokenHash).toBe(sha256(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token.slice(10));

    const listed = await expectOk<Listed[]>(t.get('/api/user/token/list', { token: w.token }));
    const mine = listed.find((item) => item.id === created.id);
    expect(mine).toMatchObject({ name: 'laptop', status: 'active', lastUsedAt: null });
    expect(JSON.stringify(listed)).not.toContain(created.token);

    // It works on the web API, and its use is recorded.
    const profile = await t.get('/api/user/get', { token: created.token });
    expect(envelopeOf<{ id: string }>(profile).data.id).toBe(w.userId);
    await expect
      .poll(async () => {
        const again = await expectOk<Listed[]>(t.get('/api/user/token/list', { token: w.token }));
        return again.find((item) => item.id === created.id)?.lastUsedAt;
      })
      .not.toBeNull();

    await expectOk(t.post('/api/user/token/revoke', { id: created.id }, { token: w.token }));
    const after = await t.get('/api/user/get', { token: created.token });
    expect([after.statusCode, envelopeOf(after).code]).toEqual([401, '1000']);
    const relisted = await expectOk<Listed[]>(t.get('/api/user/token/list', { token: w.token }));
    expect(relisted.find((item) => item.id === created.id)?.status).toBe('revoked');
  });

  it('cannot revoke another user’s token, nor manage tokens with a token', async () => {
    const created = await addToken(t, w.token, { name: 'ci', scope: 'write' });
    const stranger = await newUser(t);
    const foreign = await t.post('/api/user/token/revoke', { id: created.id }, { token: stranger.token });
    expect([foreign.statusCode, envelopeOf(foreign).code]).toEqual([404, 'token.not_found']);
    for (const [method, url] of [
      ['GET', '/api/user/token/list'],
      ['POST', '/api/user/token/add'],
      ['POST', '/api/user/token/revoke'],
      ['POST', '/api/user/password/update'],
      ['POST', '/api/user/logout'],
      ['GET', '/api/admin/setting/get'],
    ] as const) {
      const answer =
        method === 'GET'
          ? await t.get(url, { token: created.token })
          : await t.post(url, { id: created.id, name: 'x', scope: 'read' }, { token: created.token });
      expect([url, answer.statusCode, envelopeOf(answer).code]).toEqual([url, 403, 'token.not_allowed']);
    }
    // Still alive: the refusals changed nothing.
    expect(envelopeOf(await t.get('/api/user/get', { token: created.token })).code).toBe('0');
  });

  it('a read-only token reads and is refused every write; a read-write one writes as its owner', async () => {
    const reader = await addToken(t, w.token, { name: 'reader', scope: 'read' });
    const writer = await addToken(t, w.token, { name: 'writer', scope: 'write' });
    const doc = await saveDoc(t, w.token, {
      moduleId: w.moduleId,
      name: 'Get pet',
      url: '/pet',
      httpMethod: 'GET',
    });
    const detail = await t.get(`/api/doc/detail?id=${doc.id}`, { token: reader.token });
    expect(envelopeOf(detail).code).toBe('0');
    const refused = await t.post(
      '/api/doc/save',
      {
        moduleId: w.moduleId,
        id: doc.id,
        name: 'Renamed',
        url: '/pet',
        httpMethod: 'GET',
        revision: doc.revision,
      },
      { token: reader.token },
    );
    expect([refused.statusCode, envelopeOf(refused).code]).toEqual([403, 'token.read_only']);
    const search = await t.post('/api/user/search', { username: 'x' }, { token: reader.token });
    expect(envelopeOf(search).code).not.toBe('token.read_only');

    const saved = await t.post(
      '/api/doc/save',
      {
        moduleId: w.moduleId,
        id: doc.id,
        name: 'Renamed',
        url: '/pet',
        httpMethod: 'GET',
        revision: doc.revision,
      },
      { token: writer.token },
    );
    expect(envelopeOf(saved).code).toBe('0');
    const revisions = await expectOk<Array<{ creatorName?: string; modifierName?: string }>>(
      t.get(`/api/doc/revision/list?docId=${doc.id}`, { token: w.token }),
    );
    expect(JSON.stringify(revisions[0])).toContain(w.nickname);
  });

  it('a project-limited token sees only its projects, and a disabled owner ends it', async () => {
    const limited = await addToken(t, w.token, {
      name: 'one project',
      scope: 'read',
      projectIds: [w.projectId],
    });
    expect(limited.projects?.map((p) => p.id)).toEqual([w.projectId]);
    const list = await expectOk<Array<{ id: string }>>(
      t.get(`/api/project/list?spaceId=${w.spaceId}`, { token: limited.token }),
    );
    expect(list.map((p) => p.id)).toEqual([w.projectId]);
    const other = await t.get(`/api/project/info?projectId=${otherProjectId}`, { token: limited.token });
    expect(other.statusCode).toBe(403);
    const perms = await expectOk<{ isSuperAdmin: boolean; abilities: Record<string, string[]> }>(
      t.get('/api/user/perm/get', { token: limited.token }),
    );
    expect(Object.keys(perms.abilities).sort()).toEqual(
      [`project:${w.projectId}`, `space:${w.spaceId}`].sort(),
    );
    expect(perms.abilities[`project:${w.projectId}`]).toContain('doc.read');
    expect(perms.abilities[`project:${w.projectId}`]).not.toContain('doc.write');
    expect(perms.abilities[`space:${w.spaceId}`]).not.toContain('space.update');
    const newSpace = await t.post('/api/space/add', { name: uniqueName('space') }, { token: limited.token });
    expect([newSpace.statusCode, envelopeOf(newSpace).code]).toEqual([403, 'token.not_allowed']);
    const all = await expectOk<Array<{ id: string }>>(
      t.get(`/api/project/list?spaceId=${w.spaceId}`, { token: w.token }),
    );
    expect(all.map((p) => p.id).sort()).toEqual([w.projectId, otherProjectId].sort());

    // A project the user cannot read is refused at creation.
    const stranger = await newUser(t);
    const bad = await t.post(
      '/api/user/token/add',
      { name: 'x', scope: 'read', projectIds: [w.projectId] },
      { token: stranger.token },
    );
    expect([bad.statusCode, envelopeOf(bad).code]).toEqual([400, 'token.project_invalid']);

    // The owner's current roles count: a guest's token loses the project with the membership.
    const guest = await newProjectGuest(t, w);
    const guestToken = await addToken(t, guest.token, { name: 'g', scope: 'write' });
    const docs = await t.get(`/api/project/info?projectId=${w.projectId}`, { token: guestToken.token });
    expect(envelopeOf(docs).code).toBe('0');
    await t.db.updateTable('users').set({ status: 0 }).where('id', '=', guest.id).execute();
    const disabled = await t.get('/api/user/get', { token: guestToken.token });
    expect([disabled.statusCode, envelopeOf(disabled).code]).toEqual([401, '1000']);
  });

  it('an expired token is refused at once; bad input changes nothing', async () => {
    const created = await addToken(t, w.token, { name: 'short', scope: 'read', expiresInDays: 1 });
    await t.db
      .updateTable('personalTokens')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', created.id)
      .execute();
    const answer = await t.get('/api/user/get', { token: created.token });
    expect([answer.statusCode, envelopeOf(answer).code]).toEqual([401, '1000']);
    const before = await t.db.selectFrom('personalTokens').select('id').execute();
    for (const body of [
      { name: '', scope: 'read' },
      { name: 'x', scope: 'admin' },
      { name: 'x', scope: 'read', expiresInDays: 0 },
      { name: 'x'.repeat(65), scope: 'read' },
    ]) {
      const bad = await t.post('/api/user/token/add', body, { token: w.token, lang: 'zh-CN' });
      expect([bad.statusCode, envelopeOf(bad).code]).toEqual([400, 'validation.invalid_input']);
    }
    expect(await t.db.selectFrom('personalTokens').select('id').execute()).toHaveLength(before.length);
    const forged = await t.get('/api/user/get', { token: `qpat_${'A'.repeat(43)}` });
    expect(forged.statusCode).toBe(401);
  });
});
