import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, envelopeOf, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { ensureSuperAdmin } from './users.service.ts';

describe.each(testDialects())('user routes and bootstrap on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  it('creates admin with a random password and status 2 on an empty database, once', async () => {
    const first = await ensureSuperAdmin(t.db, undefined);
    expect(first.created).toBe(true);
    expect(first.printedPassword).toMatch(/^[0-9A-Za-z]{16}$/);
    const admin = await t.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(admin).toMatchObject({ status: 2, isSuperAdmin: 1, source: 'backend' });
    expect(await verifyPassword(admin.passwordHash, first.printedPassword ?? '')).toBe(true);
    expect(await ensureSuperAdmin(t.db, undefined)).toEqual({ created: false });

    const login = envelopeOf<{ token: string; status: number }>(
      await t.post('/api/system/login', { username: 'admin', password: first.printedPassword }),
    );
    expect(login.data.status).toBe(2);
    const blocked = await t.get('/api/user/perm/get', { token: login.data.token });
    expect(envelopeOf(blocked).code).toBe('2000');
  });

  it('uses QUIRE_ADMIN_PASSWORD when given, ready to use', async () => {
    expect(await ensureSuperAdmin(t.db, 'configured-pass')).toEqual({ created: true });
    const token = await t.login('admin', 'configured-pass');
    const perms = envelopeOf<{ isSuperAdmin: boolean }>(await t.get('/api/user/perm/get', { token }));
    expect(perms.data.isSuperAdmin).toBe(true);
  });

  it('answers the user info, profile and updates', async () => {
    await t.createUser({ username: 'mia' });
    const token = await t.login('mia');
    expect(envelopeOf(await t.get('/api/user/info', { token })).data).toEqual({ name: 'mia', avatar: '' });
    const update = await t.post(
      '/api/user/update',
      { nickname: 'Mia W', email: 'mia@example.com' },
      { token },
    );
    expect(envelopeOf(update).code).toBe('0');
    const profile = envelopeOf<Record<string, unknown>>(await t.get('/api/user/get', { token }));
    expect(profile.data).toMatchObject({
      username: 'mia',
      nickname: 'Mia W',
      email: 'mia@example.com',
      source: 'register',
      status: 1,
    });
    expect(profile.data).not.toHaveProperty('passwordHash');
  });
});
