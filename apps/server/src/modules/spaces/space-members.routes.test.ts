import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError, expectOk, newUser } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

interface MemberAnswer {
  id: string;
  username: string;
  roleCode: string;
  joinTime: string;
}

describe.each(testDialects())('space member routes on %s', (dialect) => {
  let t: TestApp;
  let admin: { id: string; token: string; username: string };
  let spaceId: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    admin = await newUser(t, { prefix: 'admin' });
    spaceId = (
      await expectOk<{ id: string }>(t.post('/api/space/add', { name: 'Team' }, { token: admin.token }))
    ).id;
  });
  afterEach(async () => {
    await t.close();
  });

  const members = () =>
    expectOk<MemberAnswer[]>(t.get(`/api/space/member/all?spaceId=${spaceId}`, { token: admin.token }));

  it('adds members with a role, pages and searches them; existing members keep their role', async () => {
    const dev = await newUser(t, { prefix: 'dev' });
    const guest = await newUser(t, { prefix: 'guest' });
    await expectOk(
      t.post(
        '/api/space/member/add',
        { spaceId, userIds: [dev.id], roleCode: 'dev' },
        { token: admin.token },
      ),
    );
    await expectOk(
      t.post(
        '/api/space/member/add',
        { spaceId, userIds: [guest.id, dev.id], roleCode: 'guest' },
        { token: admin.token },
      ),
    );
    const all = await members();
    expect(all.map((m) => [m.id, m.roleCode]).sort()).toEqual(
      [
        [admin.id, 'admin'],
        [dev.id, 'dev'],
        [guest.id, 'guest'],
      ].sort(),
    );
    const page = await expectOk<{ list: MemberAnswer[]; total: number }>(
      t.post(
        '/api/space/member/page',
        { spaceId, username: 'DEV', pageIndex: 1, pageSize: 5 },
        { token: admin.token },
      ),
    );
    expect(page.total).toBe(1);
    expect(page.list[0]?.id).toBe(dev.id);
    const audit = await t.db
      .selectFrom('auditLog')
      .select('detail')
      .where('action', '=', 'space.member.add')
      .execute();
    expect(audit).toHaveLength(2);
  });

  it('changes a role and records who changed what', async () => {
    const dev = await newUser(t);
    await expectOk(
      t.post(
        '/api/space/member/add',
        { spaceId, userIds: [dev.id], roleCode: 'dev' },
        { token: admin.token },
      ),
    );
    await expectOk(
      t.post(
        '/api/space/member/updateRole',
        { spaceId, userId: dev.id, roleCode: 'admin' },
        { token: admin.token },
      ),
    );
    expect((await members()).find((m) => m.id === dev.id)?.roleCode).toBe('admin');
    const rows = await t.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'space.member.role')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.actorId).toBe(admin.id);
    expect(JSON.parse(rows[0]?.detail ?? '{}')).toEqual({ userId: dev.id, from: 'dev', to: 'admin' });
  });

  it('refuses to demote or remove the last admin, changing nothing', async () => {
    const demote = await expectError(
      t.post(
        '/api/space/member/updateRole',
        { spaceId, userId: admin.id, roleCode: 'dev' },
        { token: admin.token },
      ),
      409,
      'space.last_admin',
    );
    expect(demote).toContain('at least one admin');
    await expectError(
      t.post('/api/space/member/remove', { spaceId, userId: admin.id }, { token: admin.token }),
      409,
      'space.last_admin',
    );
    expect(await members()).toEqual([expect.objectContaining({ id: admin.id, roleCode: 'admin' })]);
    // With a second admin the first may step down.
    const other = await newUser(t);
    await expectOk(
      t.post(
        '/api/space/member/add',
        { spaceId, userIds: [other.id], roleCode: 'admin' },
        { token: admin.token },
      ),
    );
    await expectOk(t.post('/api/space/member/remove', { spaceId, userId: admin.id }, { token: other.token }));
  });

  it('refuses role values outside guest/dev/admin with a clear message', async () => {
    const user = await newUser(t);
    for (const roleCode of ['owner', 'ADMIN', '', 3]) {
      const msg = await expectError(
        t.post('/api/space/member/add', { spaceId, userIds: [user.id], roleCode }, { token: admin.token }),
        400,
        'validation.invalid_input',
      );
      expect(msg).toBe('body.roleCode: Role must be one of guest, dev, admin');
    }
    expect(await members()).toHaveLength(1);
  });

  it('refuses unknown users and non-members without changing anything', async () => {
    const user = await newUser(t);
    await expectError(
      t.post(
        '/api/space/member/add',
        { spaceId, userIds: [user.id, 'missing'], roleCode: 'dev' },
        { token: admin.token },
      ),
      404,
      'user.not_found',
    );
    expect(await members()).toHaveLength(1);
    await expectError(
      t.post(
        '/api/space/member/updateRole',
        { spaceId, userId: user.id, roleCode: 'dev' },
        { token: admin.token },
      ),
      404,
      'space.member_not_found',
    );
    await expectError(
      t.post('/api/space/member/remove', { spaceId, userId: user.id }, { token: admin.token }),
      404,
      'space.member_not_found',
    );
  });

  it('removing a member from the space also removes their project roles in it', async () => {
    const dev = await newUser(t);
    await expectOk(
      t.post(
        '/api/space/member/add',
        { spaceId, userIds: [dev.id], roleCode: 'dev' },
        { token: admin.token },
      ),
    );
    const project = await expectOk<{ id: string }>(
      t.post(
        '/api/project/add',
        { name: 'P', spaceId, isPrivate: true, adminIds: [dev.id] },
        { token: admin.token },
      ),
    );
    expect(
      (
        await expectOk<{ id: string }>(
          t.get(`/api/project/info?projectId=${project.id}`, { token: dev.token }),
        )
      ).id,
    ).toBe(project.id);
    await expectOk(t.post('/api/space/member/remove', { spaceId, userId: dev.id }, { token: admin.token }));
    await expectError(
      t.get(`/api/project/info?projectId=${project.id}`, { token: dev.token }),
      403,
      'auth.forbidden',
    );
    const rows = await t.db.selectFrom('projectMembers').selectAll().where('userId', '=', dev.id).execute();
    expect(rows).toEqual([]);
  });

  it('a space admin of another space cannot manage this one', async () => {
    const stranger = await newUser(t);
    await expectOk(t.post('/api/space/add', { name: 'Elsewhere' }, { token: stranger.token }));
    await expectError(
      t.post(
        '/api/space/member/add',
        { spaceId, userIds: [stranger.id], roleCode: 'admin' },
        { token: stranger.token },
      ),
      403,
      'auth.forbidden',
    );
    expect(await members()).toHaveLength(1);
  });

  it('searches users by account, nickname or email; empty text finds nobody; wildcards are literal', async () => {
    const found = await newUser(t, { prefix: 'Zed_x' });
    await t.db.updateTable('users').set({ email: 'zed@corp.example' }).where('id', '=', found.id).execute();
    const search = (username: string) =>
      expectOk<Array<{ id: string }>>(t.post('/api/user/search', { username }, { token: admin.token }));
    expect(await search('')).toEqual([]);
    expect((await search('zed_X')).map((u) => u.id)).toEqual([found.id]);
    // The email is searched only where the caller may read it: once the user is a member of the admin's space.
    expect(await search('corp.example')).toEqual([]);
    await expectOk(
      t.post(
        '/api/space/member/add',
        { spaceId, userIds: [found.id], roleCode: 'guest' },
        { token: admin.token },
      ),
    );
    expect((await search('corp.example')).map((u) => u.id)).toEqual([found.id]);
    expect(await search('%')).toEqual([]);
    const disabled = await newUser(t, { prefix: 'Zed_x' });
    await t.db.updateTable('users').set({ status: 0 }).where('id', '=', disabled.id).execute();
    expect((await search('zed_x')).map((u) => u.id)).toEqual([found.id]);
  });

  it('answers emails only to super admins and to admins of a space the user belongs to', async () => {
    const found = await newUser(t, { prefix: 'Mailer' });
    await t.db
      .updateTable('users')
      .set({ email: 'mailer@corp.example' })
      .where('id', '=', found.id)
      .execute();
    const stranger = await newUser(t, { prefix: 'stranger' });
    const colleague = await newUser(t, { prefix: 'colleague' });
    const root = await newUser(t, { prefix: 'root', isSuperAdmin: true });
    await expectOk(
      t.post(
        '/api/space/member/add',
        { spaceId, userIds: [found.id, colleague.id], roleCode: 'dev' },
        { token: admin.token },
      ),
    );
    const emailsFor = async (token: string, text = found.username) =>
      (
        await expectOk<Array<{ id: string; email: string }>>(
          t.post('/api/user/search', { username: text }, { token }),
        )
      ).map((u) => [u.id, u.email]);
    // Any signed-in user finds the account by name, without its email, and cannot probe the email.
    expect(await emailsFor(stranger.token)).toEqual([[found.id, '']]);
    expect(await emailsFor(stranger.token, 'mailer@corp')).toEqual([]);
    // A member (not admin) of the same space: no email either.
    expect(await emailsFor(colleague.token)).toEqual([[found.id, '']]);
    // The admin of a space the user belongs to, and a super admin, see it.
    expect(await emailsFor(admin.token)).toEqual([[found.id, 'mailer@corp.example']]);
    expect(await emailsFor(root.token)).toEqual([[found.id, 'mailer@corp.example']]);
    expect(await emailsFor(root.token, 'mailer@corp')).toEqual([[found.id, 'mailer@corp.example']]);
    // An admin of another space only: no email.
    await expectOk(t.post('/api/space/add', { name: 'Elsewhere' }, { token: stranger.token }));
    expect(await emailsFor(stranger.token)).toEqual([[found.id, '']]);
  });
});
