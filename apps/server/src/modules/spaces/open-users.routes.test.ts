import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError, expectOk, newUser } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { sha256 } from '../../lib/ids.ts';

interface OpenUserAnswer {
  id: string;
  appKey: string;
  status: number;
  applicant: string;
  secret?: string;
}

describe.each(testDialects())('open user routes on %s', (dialect) => {
  let t: TestApp;
  let admin: { id: string; token: string };
  let spaceId: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    admin = await newUser(t);
    spaceId = (
      await expectOk<{ id: string }>(t.post('/api/space/add', { name: 'Team' }, { token: admin.token }))
    ).id;
  });
  afterEach(async () => {
    await t.close();
  });

  it('shows the secret once at creation, stores only its hash, and never lists it', async () => {
    const created = await expectOk<OpenUserAnswer>(
      t.post('/api/space/openuser/add', { spaceId, applicant: 'CI bot' }, { token: admin.token }),
    );
    expect(created.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.appKey).toMatch(/^\d{8}[0-9A-Za-z]{16}$/);
    const row = await t.db
      .selectFrom('openUsers')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.secretHash).toBe(sha256(created.secret ?? ''));
    const list = await expectOk<OpenUserAnswer[]>(
      t.get(`/api/space/openuser/list?spaceId=${spaceId}`, { token: admin.token }),
    );
    expect(list).toEqual([expect.objectContaining({ id: created.id, applicant: 'CI bot', status: 1 })]);
    expect(list[0]).not.toHaveProperty('secret');
    expect(list[0]).not.toHaveProperty('secretHash');
  });

  it('resets the secret (old hash gone), disables and enables, and audits each', async () => {
    const created = await expectOk<OpenUserAnswer>(
      t.post('/api/space/openuser/add', { spaceId }, { token: admin.token }),
    );
    const reset = await expectOk<OpenUserAnswer>(
      t.post('/api/space/openuser/resetSecret', { id: created.id }, { token: admin.token }),
    );
    expect(reset.secret).not.toBe(created.secret);
    const row = await t.db
      .selectFrom('openUsers')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.secretHash).toBe(sha256(reset.secret ?? ''));
    await expectOk(t.post('/api/space/openuser/disable', { id: created.id }, { token: admin.token }));
    let list = await expectOk<OpenUserAnswer[]>(
      t.get(`/api/space/openuser/list?spaceId=${spaceId}`, { token: admin.token }),
    );
    expect(list[0]?.status).toBe(0);
    await expectOk(t.post('/api/space/openuser/enable', { id: created.id }, { token: admin.token }));
    list = await expectOk<OpenUserAnswer[]>(
      t.get(`/api/space/openuser/list?spaceId=${spaceId}`, { token: admin.token }),
    );
    expect(list[0]?.status).toBe(1);
    const actions = await t.db.selectFrom('auditLog').select('action').execute();
    expect(actions.map((a) => a.action).sort()).toEqual([
      'openUser.create',
      'openUser.disable',
      'openUser.enable',
      'openUser.secretReset',
    ]);
  });

  it('refuses the admin of another space, changing nothing', async () => {
    const created = await expectOk<OpenUserAnswer>(
      t.post('/api/space/openuser/add', { spaceId }, { token: admin.token }),
    );
    const other = await newUser(t);
    await expectOk(t.post('/api/space/add', { name: 'Other' }, { token: other.token }));
    await expectError(
      t.post('/api/space/openuser/disable', { id: created.id }, { token: other.token }),
      403,
      'auth.forbidden',
    );
    await expectError(
      t.post('/api/space/openuser/resetSecret', { id: created.id }, { token: other.token }),
      403,
      'auth.forbidden',
    );
    const row = await t.db
      .selectFrom('openUsers')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(1);
    expect(row.secretHash).toBe(sha256(created.secret ?? ''));
    await expectError(
      t.post('/api/space/openuser/enable', { id: 'missing' }, { token: admin.token }),
      404,
      'open_user.not_found',
    );
  });
});
