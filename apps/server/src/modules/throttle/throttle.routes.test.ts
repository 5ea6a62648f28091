import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, envelopeOf, TEST_PASSWORD, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

/**
 * The throttles of logins and registrations through the HTTP API (issue 28, findings 4 and 8): a guessing
 * address is slowed, a correct password from a clean address always signs in, and parallel attempts cannot
 * overshoot the limit. The share and composed-project passwords follow the same rule (`shares.routes.test.ts`,
 * `compose.routes.test.ts`).
 */
describe.each(testDialects())('throttles on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    await t.createUser({ username: 'target' });
  });
  afterEach(async () => {
    await t.close();
  });

  const attempt = (username: string, password: string, ip: string) =>
    t.post('/api/system/login', { username, password }, { ip });
  const fail = (username: string, ip: string) => attempt(username, 'wrong-password', ip);

  it('ten wrong passwords from many addresses never lock the owner out of a clean address', async () => {
    for (let round = 0; round < 3; round++)
      for (let i = 0; i < 10; i++) await fail('target', `10.0.${round}.${i % 4}`);
    const right = await attempt('target', TEST_PASSWORD, '10.0.9.9');
    expect(envelopeOf(right).code).toBe('0');
  });

  it('slows the guessing address: refused with 429 after 10 failures, even with the right password', async () => {
    for (let i = 0; i < 10; i++) expect((await fail(`guess${i}`, '10.9.9.9')).statusCode).toBe(401);
    const right = await attempt('target', TEST_PASSWORD, '10.9.9.9');
    expect(right.statusCode).toBe(429);
    expect(envelopeOf(right).code).toBe('auth.login_throttled');
    expect(envelopeOf(right).msg).toContain('10 minutes');
    expect(envelopeOf(await attempt('target', TEST_PASSWORD, '10.8.8.8')).code).toBe('0');
  });

  it('under attack from many addresses, each guessing address gets only a few tries on that account', async () => {
    for (let i = 0; i < 12; i++) await fail('target', `10.5.0.${i}`);
    // 10.6.0.1 is new: three failures on the account are let through, the fourth is refused.
    for (let i = 0; i < 3; i++) expect((await fail('target', '10.6.0.1')).statusCode).toBe(401);
    expect((await fail('target', '10.6.0.1')).statusCode).toBe(429);
    // That address may still try other accounts: it is the account that is protected.
    expect((await fail('someone-else', '10.6.0.1')).statusCode).toBe(401);
  });

  it('counts atomically: 60 parallel wrong logins from one address check at most 10 passwords', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, () => fail('target', '10.7.7.7')));
    const checked = answers.filter((a) => a.statusCode === 401).length;
    const refused = answers.filter((a) => a.statusCode === 429).length;
    expect(checked).toBeLessThanOrEqual(10);
    expect(checked + refused).toBe(60);
  });

  it('a correct password forgets its own address’s failures on that account only', async () => {
    for (let i = 0; i < 9; i++) await fail('target', '10.1.1.1');
    expect(envelopeOf(await attempt('target', TEST_PASSWORD, '10.2.2.2')).code).toBe('0');
    expect((await fail('target', '10.1.1.1')).statusCode).toBe(401);
    expect((await fail('target', '10.1.1.1')).statusCode).toBe(429);
    expect(envelopeOf(await attempt('target', TEST_PASSWORD, '10.2.2.2')).code).toBe('0');
  });

  it('failures older than the window no longer count', async () => {
    for (let i = 0; i < 10; i++) await fail('target', '10.3.3.3');
    const old = new Date(Date.now() - 11 * 60_000).toISOString();
    await t.db.updateTable('throttleEvents').set({ createdAt: old }).execute();
    expect(envelopeOf(await attempt('target', TEST_PASSWORD, '10.3.3.3')).code).toBe('0');
  });

  it('refuses an eleventh registration from one address within the hour, never another address', async () => {
    const register = (i: number, ip: string) =>
      t.post(
        '/api/system/reg',
        { username: `reg${ip}-${i}`, nickname: 'N', password: 'Passw0rd-long' },
        { ip },
      );
    for (let i = 0; i < 10; i++) expect(envelopeOf(await register(i, '10.4.4.4')).code).toBe('0');
    const eleventh = await register(10, '10.4.4.4');
    expect(eleventh.statusCode).toBe(429);
    expect(envelopeOf(eleventh).code).toBe('auth.register_throttled');
    expect(envelopeOf(await register(0, '10.4.4.5')).code).toBe('0');
  });
});

describe('behind a trusted proxy (QUIRE_TRUST_PROXY)', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  /** A wrong login arriving from the proxy at 127.0.0.1, which appended `client` to what the client wrote. */
  const failVia = (forged: string, client: string) =>
    t.post(
      '/api/system/login',
      { username: 'target', password: 'wrong-password' },
      { ip: '127.0.0.1', headers: { 'x-forwarded-for': `${forged}, ${client}` } },
    );

  for (const setting of ['true', '1', '127.0.0.1']) {
    it(`takes the address the proxy added, not a forged left-most entry (${setting}; finding 17)`, async () => {
      t = await createTestApp('sqlite', { QUIRE_TRUST_PROXY: setting });
      await t.createUser({ username: 'target' });
      for (let i = 0; i < 10; i++) expect((await failVia(`203.0.113.${i}`, '10.0.0.5')).statusCode).toBe(401);
      // A new forged entry per request does not make a new address: the real client is still refused.
      expect((await failVia('203.0.113.99', '10.0.0.5')).statusCode).toBe(429);
      // Another real client behind the same proxy is not.
      expect((await failVia('203.0.113.99', '10.0.0.6')).statusCode).toBe(401);
    });
  }
});
