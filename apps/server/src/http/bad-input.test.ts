import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, envelopeOf, TEST_PASSWORD, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';

describe.each(testDialects())('bad input on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { QUIRE_BODY_LIMIT: '4096' });
  });
  afterEach(async () => {
    await t.close();
  });

  async function userCount(): Promise<number> {
    const row = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('answers malformed JSON with 400 in the envelope and changes nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/system/reg',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"username": "x", ',
    });
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response)).toEqual({
      code: 'http.malformed_json',
      msg: 'The request body is not valid JSON',
      data: null,
    });
    expect(await userCount()).toBe(0);
  });

  it('answers wrong types with 400 naming the field', async () => {
    const response = await t.post('/api/system/reg', { username: 42, password: ['a'], nickname: null });
    expect(response.statusCode).toBe(400);
    const body = envelopeOf<{ issues: Array<{ path: string }> }>(response);
    expect(body.code).toBe('validation.invalid_input');
    expect([...new Set(body.data.issues.map((i) => i.path))].sort()).toEqual([
      'body.nickname',
      'body.password',
      'body.username',
    ]);
    expect(await userCount()).toBe(0);
  });

  it('answers an oversize body with 413 and changes nothing', async () => {
    const response = await t.post('/api/system/reg', {
      username: 'big',
      password: 'big-pass',
      nickname: 'x'.repeat(10_000),
    });
    expect(response.statusCode).toBe(413);
    expect(envelopeOf(response).code).toBe('http.payload_too_large');
    expect(await userCount()).toBe(0);
  });

  it('answers unknown /api routes with an envelope 404, never the web app', async () => {
    for (const url of ['/api/no/such/thing', '/api', '/api/']) {
      const response = await t.get(url);
      expect(response.statusCode).toBe(404);
      expect(envelopeOf(response)).toEqual({ code: 'http.not_found', msg: 'No such API', data: null });
    }
    const post = await t.post('/api/user/nothing', {});
    expect(post.statusCode).toBe(404);
  });

  it('answers expired, forged and foreign tokens with 1000', async () => {
    const aliceId = await t.createUser({ username: 'alice' });
    const bobId = await t.createUser({ username: 'bob' });
    const token = await t.login('alice');
    const secret = token.split(':')[1];
    const forged = [
      'garbage',
      `${aliceId}:`,
      `:${secret}`,
      `${aliceId}:${'A'.repeat(43)}`,
      `${bobId}:${secret}`, // alice's secret presented as bob
      `${aliceId}:${secret}x`,
    ];
    for (const bad of forged) {
      const response = await t.get('/api/user/info', { token: bad });
      expect(response.statusCode, bad).toBe(401);
      expect(envelopeOf(response).code).toBe('1000');
    }
    await t.db
      .updateTable('sessions')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const expired = await t.get('/api/user/info', { token });
    expect(envelopeOf(expired).code).toBe('1000');
  });

  it('keeps SQL metacharacters as plain text in every text field', async () => {
    const nasty = `x'); DROP TABLE users; --`;
    const reg = await t.post('/api/system/reg', {
      username: `a'"\\;--`,
      password: `p' OR '1'='1`,
      nickname: nasty,
    });
    expect(envelopeOf(reg).code).toBe('0');
    const user = await t.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(user.username).toBe(`a'"\\;--`);
    expect(user.nickname).toBe(nasty);
    expect(
      envelopeOf(await t.post('/api/system/login', { username: `a'"\\;--`, password: `p' OR '1'='1` })).code,
    ).toBe('0');
    expect(
      envelopeOf(await t.post('/api/system/login', { username: `' OR 1=1 --`, password: `' OR '1'='1` }))
        .code,
    ).toBe('auth.bad_credentials');
    const token = await t.login(`a'"\\;--`, `p' OR '1'='1`);
    const update = await t.post(
      '/api/user/update',
      { nickname: `'; DELETE FROM sessions; --`, email: `e'@x.com` },
      { token },
    );
    expect(envelopeOf(update).code).toBe('0');
    const profile = envelopeOf<{ nickname: string; email: string }>(await t.get('/api/user/get', { token }));
    expect(profile.data.nickname).toBe(`'; DELETE FROM sessions; --`);
    expect(profile.data.email).toBe(`e'@x.com`);
    expect(await userCount()).toBe(1);
  });

  it('rejects a query parameter of the wrong shape', async () => {
    await t.createUser({ username: 'carol' });
    const token = await t.login('carol', TEST_PASSWORD);
    const response = await t.get('/api/user/message/unread?limit=abc', { token });
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response).code).toBe('validation.invalid_input');
  });
});
