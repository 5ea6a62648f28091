import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError, expectOk, newUser } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

interface SpaceAnswer {
  id: string;
  name: string;
  isCompose: boolean;
  creatorName: string;
  roleCode: string;
  abilities: string[];
  createTime: string;
}

describe.each(testDialects())('space routes on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  async function spaceCount(): Promise<number> {
    const row = await t.db
      .selectFrom('spaces')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('creates a space whose creator is its admin and lists it with role, creator and time', async () => {
    const alice = await newUser(t);
    const space = await expectOk<SpaceAnswer>(
      t.post('/api/space/add', { name: 'Payments', isCompose: false }, { token: alice.token }),
    );
    expect(space).toMatchObject({
      name: 'Payments',
      isCompose: false,
      roleCode: 'admin',
      creatorName: alice.username,
    });
    expect(space.abilities).toContain('space.delete');
    expect(Date.parse(space.createTime)).not.toBeNaN();
    const list = await expectOk<SpaceAnswer[]>(t.get('/api/space/list', { token: alice.token }));
    expect(list.map((s) => s.id)).toEqual([space.id]);
    const info = await expectOk<SpaceAnswer & { leaders: Array<{ id: string }> }>(
      t.get(`/api/space/info?spaceId=${space.id}`, { token: alice.token }),
    );
    expect(info.leaders.map((l) => l.id)).toEqual([alice.id]);
  });

  it('lists composed spaces in list but not in listNormal; Torna 0/1 flags are accepted', async () => {
    const bob = await newUser(t);
    await expectOk(t.post('/api/space/add', { name: 'Normal', isCompose: 0 }, { token: bob.token }));
    await expectOk(t.post('/api/space/add', { name: 'Composed', isCompose: 1 }, { token: bob.token }));
    const all = await expectOk<SpaceAnswer[]>(t.get('/api/space/list', { token: bob.token }));
    const normal = await expectOk<SpaceAnswer[]>(t.get('/api/space/listNormal', { token: bob.token }));
    expect(all.map((s) => s.name).sort()).toEqual(['Composed', 'Normal']);
    expect(normal.map((s) => s.name)).toEqual(['Normal']);
  });

  it('shows a user only their spaces and a super admin all of them', async () => {
    const a = await newUser(t);
    const b = await newUser(t);
    const root = await newUser(t, { isSuperAdmin: true });
    await expectOk(t.post('/api/space/add', { name: 'A' }, { token: a.token }));
    await expectOk(t.post('/api/space/add', { name: 'B' }, { token: b.token }));
    expect(
      (await expectOk<SpaceAnswer[]>(t.get('/api/space/list', { token: a.token }))).map((s) => s.name),
    ).toEqual(['A']);
    const all = await expectOk<SpaceAnswer[]>(t.get('/api/space/list', { token: root.token }));
    expect(all.map((s) => s.name).sort()).toEqual(['A', 'B']);
    expect(all.every((s) => s.roleCode === 'admin')).toBe(true);
  });

  it('refuses a duplicate space name with a clear message and creates nothing', async () => {
    const a = await newUser(t);
    const b = await newUser(t);
    await expectOk(t.post('/api/space/add', { name: 'Shared' }, { token: a.token }));
    const msg = await expectError(
      t.post('/api/space/add', { name: ' Shared ' }, { token: b.token }),
      409,
      'space.name_taken',
    );
    expect(msg).toBe('A space named "Shared" already exists');
    expect(await spaceCount()).toBe(1);
    const other = await expectOk<SpaceAnswer>(
      t.post('/api/space/add', { name: 'Other' }, { token: a.token }),
    );
    await expectError(
      t.post('/api/space/update', { id: other.id, name: 'Shared' }, { token: a.token }),
      409,
      'space.name_taken',
    );
  });

  it('validates names: required, at most 50 characters, no control characters; any language is fine', async () => {
    const a = await newUser(t);
    for (const name of ['', '   ', 'x'.repeat(51), 'line\nbreak']) {
      await expectError(
        t.post('/api/space/add', { name }, { token: a.token }),
        400,
        'validation.invalid_input',
      );
    }
    expect(await spaceCount()).toBe(0);
    await expectOk(t.post('/api/space/add', { name: '支付 团队 / Payments' }, { token: a.token }));
  });

  it('ignores adminIds from a normal user and honours them for a super admin', async () => {
    const a = await newUser(t);
    const b = await newUser(t);
    const root = await newUser(t, { isSuperAdmin: true });
    const own = await expectOk<SpaceAnswer>(
      t.post('/api/space/add', { name: 'Own', adminIds: [b.id] }, { token: a.token }),
    );
    const members = await expectOk<Array<{ id: string; roleCode: string }>>(
      t.get(`/api/space/member/all?spaceId=${own.id}`, { token: a.token }),
    );
    expect(members).toEqual([expect.objectContaining({ id: a.id, roleCode: 'admin' })]);
    const managed = await expectOk<SpaceAnswer>(
      t.post('/api/space/add', { name: 'Managed', adminIds: [b.id] }, { token: root.token }),
    );
    const info = await expectOk<{ leaders: Array<{ id: string }> }>(
      t.get(`/api/space/info?spaceId=${managed.id}`, { token: b.token }),
    );
    expect(info.leaders.map((l) => l.id).sort()).toEqual([root.id, b.id].sort());
    await expectError(
      t.post('/api/space/add', { name: 'Ghost', adminIds: ['no-such-user'] }, { token: root.token }),
      404,
      'user.not_found',
    );
    expect(await spaceCount()).toBe(2);
  });

  it('soft-deletes a space: hidden from lists and info, its projects too, and audited', async () => {
    const a = await newUser(t);
    const space = await expectOk<SpaceAnswer>(t.post('/api/space/add', { name: 'Temp' }, { token: a.token }));
    const project = await expectOk<{ id: string }>(
      t.post('/api/project/add', { name: 'P', spaceId: space.id }, { token: a.token }),
    );
    await expectOk(t.post('/api/space/delete', { id: space.id }, { token: a.token }));
    expect(await expectOk<SpaceAnswer[]>(t.get('/api/space/list', { token: a.token }))).toEqual([]);
    await expectError(
      t.get(`/api/space/info?spaceId=${space.id}`, { token: a.token }),
      404,
      'space.not_found',
    );
    await expectError(
      t.get(`/api/project/info?projectId=${project.id}`, { token: a.token }),
      404,
      'project.not_found',
    );
    const perms = await expectOk<{ roleData: Record<string, string> }>(
      t.get('/api/user/perm/get', { token: a.token }),
    );
    expect(perms.roleData).toEqual({});
    const row = await t.db
      .selectFrom('spaces')
      .selectAll()
      .where('id', '=', space.id)
      .executeTakeFirstOrThrow();
    expect(row.deletedBy).toBe(a.id);
    const audit = await t.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'space.delete')
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({ actorId: a.id, targetType: 'space', targetId: space.id }),
    ]);
    // The name is free again for a new space.
    await expectOk(t.post('/api/space/add', { name: 'Temp' }, { token: a.token }));
  });

  it('answers 404 for an unknown space and 403 for a space of which the caller is no member', async () => {
    const a = await newUser(t);
    const b = await newUser(t);
    const space = await expectOk<SpaceAnswer>(t.post('/api/space/add', { name: 'Mine' }, { token: a.token }));
    await expectError(t.get('/api/space/info?spaceId=nope', { token: a.token }), 404, 'space.not_found');
    await expectError(
      t.get(`/api/space/info?spaceId=${space.id}`, { token: b.token }),
      403,
      'auth.forbidden',
    );
    await expectError(
      t.post('/api/space/delete', { id: space.id }, { token: b.token }),
      403,
      'auth.forbidden',
    );
    expect(await spaceCount()).toBe(1);
  });
});
