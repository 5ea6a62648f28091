import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, envelopeOf, TEST_PASSWORD, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { setRegistrationEnabled } from '../system/settings.service.ts';

describe.each(testDialects())('auth routes on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  it('logs in with the password as typed and answers a <userId>:<secret> token', async () => {
    const userId = await t.createUser({ username: 'alice' });
    const response = await t.post('/api/system/login', { username: 'alice', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = envelopeOf<{ token: string; status: number }>(response);
    expect(body.code).toBe('0');
    expect(body.data.status).toBe(1);
    expect(body.data.token.split(':')[0]).toBe(userId);
    const perms = envelopeOf(await t.get('/api/user/perm/get', { token: body.data.token }));
    expect(perms).toEqual({ code: '0', msg: '', data: { isSuperAdmin: false, roleData: {}, abilities: {} } });
  });

  it('serves the second client path /api/user/login the same way', async () => {
    await t.createUser({ username: 'bob' });
    const body = envelopeOf<{ token: string }>(
      await t.post('/api/user/login', { username: 'BOB', password: TEST_PASSWORD }),
    );
    expect(body.code).toBe('0');
    expect(body.data.token).toContain(':');
  });

  it('stores only a hash of the token secret', async () => {
    await t.createUser({ username: 'carol' });
    const token = await t.login('carol');
    const secret = token.split(':')[1] ?? '';
    const rows = await t.db.selectFrom('sessions').select('secretHash').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.secretHash).not.toContain(secret);
    expect(rows[0]?.secretHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a wrong password and an unknown account alike, in the caller language', async () => {
    await t.createUser({ username: 'dave' });
    const wrong = await t.post(
      '/api/system/login',
      { username: 'dave', password: 'nope-nope' },
      { lang: 'zh-CN' },
    );
    const unknown = await t.post(
      '/api/system/login',
      { username: 'nobody', password: 'nope-nope' },
      { lang: 'en' },
    );
    expect(wrong.statusCode).toBe(401);
    expect(envelopeOf(wrong)).toEqual({ code: 'auth.bad_credentials', msg: '账号或密码错误', data: null });
    expect(envelopeOf(unknown)).toEqual({
      code: 'auth.bad_credentials',
      msg: 'Wrong account or password',
      data: null,
    });
  });

  it('refuses a disabled account', async () => {
    await t.createUser({ username: 'erin', status: 0 });
    const response = await t.post('/api/system/login', { username: 'erin', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(envelopeOf(response).code).toBe('auth.account_disabled');
  });

  it('sends a status-2 account to set a password (2000) until it does', async () => {
    await t.createUser({ username: 'frank', status: 2 });
    const login = envelopeOf<{ token: string; status: number }>(
      await t.post('/api/system/login', { username: 'frank', password: TEST_PASSWORD }),
    );
    expect(login.data.status).toBe(2);
    const token = login.data.token;
    const blocked = await t.get('/api/user/perm/get', { token });
    expect(blocked.statusCode).toBe(403);
    expect(envelopeOf(blocked).code).toBe('2000');

    const set = await t.post(
      '/api/system/password/updateByFirstLogin',
      { password: 'brand-new-pass' },
      { token },
    );
    expect(envelopeOf(set).code).toBe('0');
    expect(envelopeOf(await t.get('/api/user/perm/get', { token })).code).toBe('0');
    expect(
      envelopeOf(await t.post('/api/system/login', { username: 'frank', password: TEST_PASSWORD })).code,
    ).toBe('auth.bad_credentials');
    expect(
      envelopeOf(await t.post('/api/system/login', { username: 'frank', password: 'brand-new-pass' })).code,
    ).toBe('0');
    // Once set, the first-login call cannot be used to skip the old-password check.
    const again = await t.post(
      '/api/system/password/updateByFirstLogin',
      { password: 'another-pass' },
      { token },
    );
    expect(envelopeOf(again).code).toBe('auth.password_not_required');
  });

  it('registers a user who can then log in; duplicate names differ only in case are refused', async () => {
    const reg = await t.post('/api/system/reg', {
      username: 'Grace@example.com',
      password: 'grace-pass',
      nickname: 'Grace',
    });
    expect(envelopeOf(reg).code).toBe('0');
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'Grace@example.com')
      .executeTakeFirstOrThrow();
    expect(user.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(user.email).toBe('Grace@example.com');
    expect(user.source).toBe('register');
    expect(
      envelopeOf(await t.post('/api/system/login', { username: 'grace@example.com', password: 'grace-pass' }))
        .code,
    ).toBe('0');

    const dup = await t.post('/api/system/reg', {
      username: 'grace@EXAMPLE.com',
      password: 'other-pass',
      nickname: 'G2',
    });
    expect(dup.statusCode).toBe(409);
    expect(envelopeOf(dup).code).toBe('user.username_taken');
    const count = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('validates registration with the spec messages', async () => {
    const response = await t.post('/api/system/reg', {
      username: '',
      password: '123',
      nickname: 'x'.repeat(65),
    });
    expect(response.statusCode).toBe(400);
    const body = envelopeOf<{ issues: Array<{ path: string; message: string }> }>(response);
    expect(body.code).toBe('validation.invalid_input');
    expect(body.data.issues).toEqual(
      expect.arrayContaining([
        { path: 'body.username', message: 'Can not empty and max-length is 100' },
        { path: 'body.password', message: 'Min length is 6' },
        { path: 'body.nickname', message: 'Can not empty and max-length is 64' },
      ]),
    );
    const zh = envelopeOf(
      await t.post('/api/system/reg', { username: '', password: 'abcdef', nickname: 'n' }, { lang: 'zh-CN' }),
    );
    expect(zh.msg).toBe('body.username: 不能为空且长度不能超过100');
  });

  it('refuses registration when an admin closed it', async () => {
    await setRegistrationEnabled(t.db, false);
    const response = await t.post('/api/system/reg', {
      username: 'henry',
      password: 'henry-pass',
      nickname: 'Henry',
    });
    expect(response.statusCode).toBe(403);
    expect(envelopeOf(response).code).toBe('auth.registration_closed');
    expect(envelopeOf<{ enableReg: boolean }>(await t.get('/api/system/viewConfig')).data.enableReg).toBe(
      false,
    );
  });

  it('logout revokes the token at once, also when sent as X-Token', async () => {
    await t.createUser({ username: 'ivan' });
    const token = await t.login('ivan');
    const out = await t.post('/api/user/logout', {}, { headers: { 'x-token': token } });
    expect(envelopeOf(out).code).toBe('0');
    const after = await t.get('/api/user/info', { token });
    expect(after.statusCode).toBe(401);
    expect(envelopeOf(after).code).toBe('1000');
  });

  it('changing the password checks the old one and revokes every session', async () => {
    await t.createUser({ username: 'judy' });
    const first = await t.login('judy');
    const second = await t.login('judy');
    const wrong = await t.post(
      '/api/user/password/update',
      { oldPassword: 'not-it', password: 'judy-new-pass' },
      { token: first },
    );
    expect(envelopeOf(wrong).code).toBe('auth.old_password_wrong');
    expect(envelopeOf(await t.get('/api/user/info', { token: second })).code).toBe('0');

    const changed = await t.post(
      '/api/user/password/update',
      { oldPassword: TEST_PASSWORD, password: 'judy-new-pass' },
      { token: first },
    );
    expect(envelopeOf(changed).code).toBe('0');
    expect(envelopeOf(await t.get('/api/user/info', { token: first })).code).toBe('1000');
    expect(envelopeOf(await t.get('/api/user/info', { token: second })).code).toBe('1000');
    expect(
      envelopeOf(await t.post('/api/system/login', { username: 'judy', password: 'judy-new-pass' })).code,
    ).toBe('0');
  });

  it('a disabled user loses access on the next request', async () => {
    const id = await t.createUser({ username: 'kim' });
    const token = await t.login('kim');
    // Used once first: on SQLite the lookup is then kept (HotReader.memo), and the change must still show.
    expect(envelopeOf(await t.get('/api/user/perm/get', { token })).code).toBe('0');
    await t.db.updateTable('users').set({ status: 0 }).where('id', '=', id).execute();
    expect(envelopeOf(await t.get('/api/user/perm/get', { token })).code).toBe('1000');
  });

  it('a new membership shows in the next perm/get of a session already in use', async () => {
    const leeId = await t.createUser({ username: 'lee' });
    const token = await t.login('lee');
    expect(envelopeOf(await t.get('/api/user/perm/get', { token })).data).toEqual({
      isSuperAdmin: false,
      roleData: {},
      abilities: {},
    });
    await t.createUser({ username: 'boss', isSuperAdmin: true });
    const boss = await t.login('boss');
    const space = envelopeOf<{ id: string }>(
      await t.post('/api/space/add', { name: 'Team' }, { token: boss }),
    );
    const added = await t.post(
      '/api/space/member/add',
      { spaceId: space.data.id, userIds: [leeId], roleCode: 'dev' },
      { token: boss },
    );
    expect(envelopeOf(added).code).toBe('0');
    expect(envelopeOf(await t.get('/api/user/perm/get', { token })).data).toEqual({
      isSuperAdmin: false,
      roleData: { [`space:${space.data.id}`]: 'dev' },
      abilities: { [`space:${space.data.id}`]: ['space.read', 'space.member.read', 'space.project.create'] },
    });
  });

  it('answers an invalid OAuth login key with a clear error', async () => {
    const response = await t.get('/api/system/oauth/token/get?loginKey=abc', {
      headers: { cookie: 'quire_oidc_bind=some-binding' },
    });
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response).code).toBe('auth.login_key_invalid');
    // Without the binding cookie of a sign-in started in this browser, it says so.
    const foreign = await t.get('/api/system/oauth/token/get?loginKey=abc');
    expect(foreign.statusCode).toBe(400);
    expect(envelopeOf(foreign).code).toBe('auth.login_key_foreign');
  });
});
