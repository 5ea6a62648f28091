import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError, expectOk, newUser } from '../../../test/org-fixture.ts';
import { createTestApp, envelopeOf, TEST_PASSWORD, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

interface UserPage {
  list: Array<{ id: string; username: string; status: number; source: string }>;
  total: number;
}

describe.each(testDialects())('admin user routes on %s', (dialect) => {
  let t: TestApp;
  let root: { id: string; token: string };
  beforeEach(async () => {
    t = await createTestApp(dialect);
    root = await newUser(t, { isSuperAdmin: true, prefix: 'root' });
  });
  afterEach(async () => {
    await t.close();
  });

  const page = (body: Record<string, unknown>) =>
    expectOk<UserPage>(t.post('/api/admin/user/page', body, { token: root.token }));

  it('pages users with the page sizes 5/10/20/50/100 and searches account, nickname and status', async () => {
    for (let i = 0; i < 6; i++) await t.createUser({ username: `member${i}` });
    await t.createUser({ username: 'sleeper', status: 0 });
    const first = await page({ pageIndex: 1, pageSize: 5 });
    expect(first.list).toHaveLength(5);
    expect(first.total).toBe(8);
    expect((await page({ pageIndex: 2, pageSize: 5 })).list).toHaveLength(3);
    expect((await page({ username: 'MEMBER' })).total).toBe(6);
    expect((await page({ status: 0 })).list.map((u) => u.username)).toEqual(['sleeper']);
    for (const pageSize of [7, 0, 101]) {
      const msg = await expectError(
        t.post('/api/admin/user/page', { pageSize }, { token: root.token }),
        400,
        'validation.invalid_input',
      );
      expect(msg).toBe('body.pageSize: Page size must be one of 5, 10, 20, 50, 100');
    }
  });

  it('creates a user with an initial password shown once; the first login must set a new one', async () => {
    const created = await expectOk<{ username: string; password: string }>(
      t.post(
        '/api/admin/user/create',
        { username: 'newbie@example.com', nickname: 'Newbie', isSuperAdmin: false },
        { token: root.token },
      ),
    );
    expect(created.username).toBe('newbie@example.com');
    expect(created.password).toMatch(/^[0-9A-Za-z]{16}$/);
    const row = await t.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'newbie@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 2, source: 'backend', email: 'newbie@example.com', isSuperAdmin: 0 });
    expect(row.passwordHash).not.toContain(created.password);
    const login = envelopeOf<{ status: number }>(
      await t.post('/api/system/login', { username: 'newbie@example.com', password: created.password }),
    );
    expect(login.data.status).toBe(2);
    await expectError(
      t.post(
        '/api/admin/user/create',
        { username: 'NEWBIE@example.com', nickname: 'Dup' },
        { token: root.token },
      ),
      409,
      'user.username_taken',
    );
  });

  it('resets a password: status 2, every session ended, the old password stops working', async () => {
    const userId = await t.createUser({ username: 'forgetful' });
    const token = await t.login('forgetful');
    const reset = await expectOk<{ password: string }>(
      t.post('/api/admin/user/password/reset', { id: userId }, { token: root.token }),
    );
    expect(envelopeOf(await t.get('/api/user/info', { token })).code).toBe('1000');
    await expectError(
      t.post('/api/system/login', { username: 'forgetful', password: TEST_PASSWORD }),
      401,
      'auth.bad_credentials',
    );
    const login = envelopeOf<{ status: number }>(
      await t.post('/api/system/login', { username: 'forgetful', password: reset.password }),
    );
    expect(login.data.status).toBe(2);
    const oauthId = await t.createUser({ username: 'sso-user', source: 'oauth' });
    await expectError(
      t.post('/api/admin/user/password/reset', { id: oauthId }, { token: root.token }),
      400,
      'auth.third_party_password',
    );
  });

  it('disables a user (their token stops at once, login refused) and enables them again', async () => {
    const userId = await t.createUser({ username: 'leaver' });
    const token = await t.login('leaver');
    await expectOk(t.post('/api/admin/user/disable', { id: userId }, { token: root.token }));
    const after = await t.get('/api/user/perm/get', { token });
    expect([after.statusCode, envelopeOf(after).code]).toEqual([401, '1000']);
    expect(await t.db.selectFrom('sessions').select('id').where('userId', '=', userId).execute()).toEqual([]);
    await expectError(
      t.post('/api/system/login', { username: 'leaver', password: TEST_PASSWORD }),
      403,
      'auth.account_disabled',
    );
    await expectOk(t.post('/api/admin/user/enable', { id: userId }, { token: root.token }));
    await t.login('leaver');
    await expectError(
      t.post('/api/admin/user/disable', { id: root.id }, { token: root.token }),
      400,
      'admin.self_change',
    );
    await expectError(
      t.post('/api/admin/user/disable', { id: 'missing' }, { token: root.token }),
      404,
      'user.not_found',
    );
    const actions = (await t.db.selectFrom('auditLog').select('action').execute())
      .map((a) => a.action)
      .sort();
    expect(actions).toEqual(['user.disable', 'user.enable']);
  });

  it('keeps a reset password pending through a disable and enable', async () => {
    const userId = await t.createUser({ username: 'pending' });
    const reset = await expectOk<{ password: string }>(
      t.post('/api/admin/user/password/reset', { id: userId }, { token: root.token }),
    );
    await expectOk(t.post('/api/admin/user/disable', { id: userId }, { token: root.token }));
    await expectOk(t.post('/api/admin/user/enable', { id: userId }, { token: root.token }));
    const login = envelopeOf<{ token: string; status: number }>(
      await t.post('/api/system/login', { username: 'pending', password: reset.password }),
    );
    expect(login.data.status).toBe(2);
    await expectOk(
      t.post(
        '/api/system/password/updateByFirstLogin',
        { password: 'chosen-pass' },
        { token: login.data.token },
      ),
    );
    await expectOk(t.post('/api/admin/user/disable', { id: userId }, { token: root.token }));
    await expectOk(t.post('/api/admin/user/enable', { id: userId }, { token: root.token }));
    const again = envelopeOf<{ status: number }>(
      await t.post('/api/system/login', { username: 'pending', password: 'chosen-pass' }),
    );
    expect(again.data.status).toBe(1);
  });

  it('allocates projects with a role (joining spaces as guest) and answers them back', async () => {
    const owner = await newUser(t);
    const worker = await newUser(t);
    const space = await expectOk<{ id: string }>(
      t.post('/api/space/add', { name: 'S' }, { token: owner.token }),
    );
    const p1 = await expectOk<{ id: string }>(
      t.post('/api/project/add', { name: 'P1', spaceId: space.id }, { token: owner.token }),
    );
    const p2 = await expectOk<{ id: string }>(
      t.post('/api/project/add', { name: 'P2', spaceId: space.id }, { token: owner.token }),
    );
    await expectOk(
      t.post(
        '/api/admin/user/allocateProject',
        { userId: worker.id, role: 'dev', projectIds: [p1.id, p2.id] },
        { token: root.token },
      ),
    );
    const ids = await expectOk<string[]>(
      t.get(`/api/admin/user/getUserProjectIds?userId=${worker.id}`, { token: root.token }),
    );
    expect(ids.sort()).toEqual([p1.id, p2.id].sort());
    const perms = await expectOk<{ roleData: Record<string, string>; abilities: Record<string, string[]> }>(
      t.get('/api/user/perm/get', { token: worker.token }),
    );
    expect(perms.roleData).toEqual({
      [`space:${space.id}`]: 'guest',
      [`project:${p1.id}`]: 'dev',
      [`project:${p2.id}`]: 'dev',
    });
    // The abilities ride along per entry, from the server's role table: the web app never maps roles itself.
    expect(perms.abilities[`project:${p1.id}`]).toContain('doc.write');
    expect(perms.abilities[`project:${p1.id}`]).not.toContain('project.delete');
    expect(perms.abilities[`space:${space.id}`]).toEqual(['space.read', 'space.member.read']);
    await expectOk(
      t.post(
        '/api/admin/user/allocateProject',
        { userId: worker.id, role: 'guest', projectIds: [p2.id] },
        { token: root.token },
      ),
    );
    expect(
      await expectOk(t.get(`/api/admin/user/getUserProjectIds?userId=${worker.id}`, { token: root.token })),
    ).toEqual([p2.id]);
    await expectError(
      t.post(
        '/api/admin/user/allocateProject',
        { userId: worker.id, role: 'root', projectIds: [] },
        { token: root.token },
      ),
      400,
      'validation.invalid_input',
    );
    await expectError(
      t.post(
        '/api/admin/user/allocateProject',
        { userId: worker.id, role: 'dev', projectIds: ['nope'] },
        { token: root.token },
      ),
      404,
      'project.not_found',
    );
    expect(
      await expectOk(t.get(`/api/admin/user/getUserProjectIds?userId=${worker.id}`, { token: root.token })),
    ).toEqual([p2.id]);
    const tree = await expectOk<
      Array<{ id: string; label: string; children: Array<{ id: string; parentId: string }> }>
    >(t.get('/api/admin/project/tree', { token: root.token }));
    expect(tree).toEqual([
      {
        id: `S_${space.id}`,
        label: 'S',
        parentId: '',
        children: expect.arrayContaining([
          { id: p1.id, label: 'P1', parentId: `S_${space.id}` },
          { id: p2.id, label: 'P2', parentId: `S_${space.id}` },
        ]),
      },
    ]);
    expect(tree[0]?.children).toHaveLength(2);
  });

  it('refuses every admin call to a user who is not a super admin', async () => {
    const user = await newUser(t);
    for (const [url, body] of [
      ['/api/admin/user/page', {}],
      ['/api/admin/user/create', { username: 'x', nickname: 'x' }],
      ['/api/admin/user/disable', { id: root.id }],
      ['/api/admin/user/password/reset', { id: root.id }],
    ] as const) {
      await expectError(t.post(url, body, { token: user.token }), 403, 'auth.forbidden');
    }
    expect(await t.db.selectFrom('users').select('id').where('username', '=', 'x').execute()).toEqual([]);
  });
});
