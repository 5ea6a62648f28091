import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, envelopeOf, TEST_PASSWORD, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

describe.each(testDialects())('login throttling on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    await t.createUser({ username: 'target' });
  });
  afterEach(async () => {
    await t.close();
  });

  async function fail(username: string, ip: string) {
    return t.post('/api/system/login', { username, password: 'wrong-password' }, { ip });
  }

  it('refuses an account with 429 after 10 failures, even with the right password and from another address', async () => {
    for (let i = 0; i < 10; i++) expect((await fail('target', `10.0.0.${i + 1}`)).statusCode).toBe(401);
    const right = await t.post(
      '/api/system/login',
      { username: 'target', password: TEST_PASSWORD },
      { ip: '10.0.1.1' },
    );
    expect(right.statusCode).toBe(429);
    expect(envelopeOf(right).code).toBe('auth.login_throttled');
    expect(envelopeOf(right).msg).toContain('10 minutes');
  });

  it('refuses an address with 429 after 10 failures across accounts, while other addresses still log in', async () => {
    for (let i = 0; i < 10; i++) await fail(`guess${i}`, '10.9.9.9');
    expect((await fail('someone', '10.9.9.9')).statusCode).toBe(429);
    const elsewhere = await t.post(
      '/api/system/login',
      { username: 'target', password: TEST_PASSWORD },
      { ip: '10.8.8.8' },
    );
    expect(envelopeOf(elsewhere).code).toBe('0');
  });

  it("a correct password does not reset another address's counter", async () => {
    for (let i = 0; i < 9; i++) await fail('target', '10.1.1.1');
    expect(
      envelopeOf(
        await t.post(
          '/api/system/login',
          { username: 'target', password: TEST_PASSWORD },
          { ip: '10.2.2.2' },
        ),
      ).code,
    ).toBe('0');
    expect((await fail('target', '10.1.1.1')).statusCode).toBe(401);
    expect((await fail('target', '10.1.1.1')).statusCode).toBe(429);
  });

  it('failures older than the window no longer count', async () => {
    for (let i = 0; i < 10; i++) await fail('target', '10.3.3.3');
    const old = new Date(Date.now() - 11 * 60_000).toISOString();
    await t.db.updateTable('loginAttempts').set({ createdAt: old }).execute();
    expect(
      envelopeOf(
        await t.post(
          '/api/system/login',
          { username: 'target', password: TEST_PASSWORD },
          { ip: '10.3.3.3' },
        ),
      ).code,
    ).toBe('0');
  });
});
