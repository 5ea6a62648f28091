import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError, expectOk, newUser } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

interface ProjectAnswer {
  id: string;
  name: string;
  description: string;
  isPrivate: boolean;
  roleCode: string;
  abilities: string[];
  spaceName?: string;
  admins?: Array<{ id: string }>;
}
type User = { id: string; token: string; username: string };

describe.each(testDialects())('project routes on %s', (dialect) => {
  let t: TestApp;
  let owner: User;
  let dev: User;
  let spaceId: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    owner = await newUser(t, { prefix: 'owner' });
    dev = await newUser(t, { prefix: 'dev' });
    spaceId = (
      await expectOk<{ id: string }>(t.post('/api/space/add', { name: 'Team' }, { token: owner.token }))
    ).id;
    await expectOk(
      t.post(
        '/api/space/member/add',
        { spaceId, userIds: [dev.id], roleCode: 'dev' },
        { token: owner.token },
      ),
    );
  });
  afterEach(async () => {
    await t.close();
  });

  async function projectCount(): Promise<number> {
    const row = await t.db
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('creates a project (creator and named admins become admins) and answers info and space', async () => {
    const project = await expectOk<ProjectAnswer>(
      t.post(
        '/api/project/add',
        { name: 'Orders', description: 'Order API', spaceId, isPrivate: 1, adminIds: [owner.id] },
        { token: dev.token },
      ),
    );
    expect(project).toMatchObject({
      name: 'Orders',
      description: 'Order API',
      isPrivate: true,
      roleCode: 'admin',
    });
    expect(project.abilities).toContain('project.delete');
    const info = await expectOk<ProjectAnswer>(
      t.get(`/api/project/info?projectId=${project.id}`, { token: dev.token }),
    );
    expect(info.spaceName).toBe('Team');
    expect(info.admins?.map((a) => a.id).sort()).toEqual([owner.id, dev.id].sort());
    expect(await expectOk(t.get(`/api/project/space?projectId=${project.id}`, { token: dev.token }))).toEqual(
      {
        spaceId,
        spaceName: 'Team',
        projectId: project.id,
        projectName: 'Orders',
      },
    );
  });

  it('lists only the projects the caller can read', async () => {
    const guest = await newUser(t);
    await expectOk(
      t.post(
        '/api/space/member/add',
        { spaceId, userIds: [guest.id], roleCode: 'guest' },
        { token: owner.token },
      ),
    );
    await expectOk(
      t.post('/api/project/add', { name: 'Secret', spaceId, isPrivate: true }, { token: dev.token }),
    );
    await expectOk(
      t.post('/api/project/add', { name: 'Open', spaceId, isPrivate: false }, { token: dev.token }),
    );
    const names = async (token: string) =>
      (await expectOk<ProjectAnswer[]>(t.get(`/api/project/list?spaceId=${spaceId}`, { token }))).map(
        (p) => p.name,
      );
    expect(await names(guest.token)).toEqual(['Open']);
    expect((await names(owner.token)).sort()).toEqual(['Open', 'Secret']);
    const open = await expectOk<ProjectAnswer[]>(
      t.get(`/api/project/list?spaceId=${spaceId}`, { token: guest.token }),
    );
    expect(open[0]?.roleCode).toBe('guest');
    expect(open[0]?.abilities.sort()).toEqual([
      'doc.read',
      'environment.read',
      'project.member.read',
      'project.read',
    ]);
  });

  it('refuses a duplicate name in the same space but allows it in another', async () => {
    await expectOk(t.post('/api/project/add', { name: 'Orders', spaceId }, { token: owner.token }));
    const msg = await expectError(
      t.post('/api/project/add', { name: 'Orders', spaceId }, { token: dev.token }),
      409,
      'project.name_taken',
    );
    expect(msg).toBe('A project named "Orders" already exists in this space');
    expect(await projectCount()).toBe(1);
    const other = await expectOk<{ id: string }>(
      t.post('/api/space/add', { name: 'Other' }, { token: owner.token }),
    );
    await expectOk(t.post('/api/project/add', { name: 'Orders', spaceId: other.id }, { token: owner.token }));
  });

  it('validates name and description lengths', async () => {
    await expectError(
      t.post('/api/project/add', { name: '', spaceId }, { token: owner.token }),
      400,
      'validation.invalid_input',
    );
    await expectError(
      t.post('/api/project/add', { name: 'x'.repeat(101), spaceId }, { token: owner.token }),
      400,
      'validation.invalid_input',
    );
    await expectError(
      t.post(
        '/api/project/add',
        { name: 'ok', description: 'd'.repeat(256), spaceId },
        { token: owner.token },
      ),
      400,
      'validation.invalid_input',
    );
    expect(await projectCount()).toBe(0);
  });

  it('refuses admins and members who are not members of the space, changing nothing', async () => {
    const outsider = await newUser(t, { prefix: 'outsider' });
    const msg = await expectError(
      t.post('/api/project/add', { name: 'P', spaceId, adminIds: [outsider.id] }, { token: owner.token }),
      400,
      'project.member_not_in_space',
    );
    expect(msg).toContain(outsider.username);
    expect(await projectCount()).toBe(0);
    const project = await expectOk<{ id: string }>(
      t.post('/api/project/add', { name: 'P', spaceId }, { token: owner.token }),
    );
    await expectError(
      t.post(
        '/api/project/member/add',
        { projectId: project.id, userIds: [dev.id, outsider.id], roleCode: 'dev' },
        { token: owner.token },
      ),
      400,
      'project.member_not_in_space',
    );
    const members = await expectOk<Array<{ id: string }>>(
      t.get(`/api/project/member/list?projectId=${project.id}`, { token: owner.token }),
    );
    expect(members.map((m) => m.id)).toEqual([owner.id]);
  });

  it('manages members: add, filter, change role, remove; audits role changes', async () => {
    const project = await expectOk<{ id: string }>(
      t.post('/api/project/add', { name: 'P', spaceId }, { token: owner.token }),
    );
    await expectOk(
      t.post(
        '/api/project/member/add',
        { projectId: project.id, userIds: [dev.id], roleCode: 'guest' },
        { token: owner.token },
      ),
    );
    const list = (query: string) =>
      expectOk<Array<{ id: string; roleCode: string; email: string; joinTime: string }>>(
        t.get(`/api/project/member/list?projectId=${project.id}${query}`, { token: owner.token }),
      );
    expect((await list('&roleCode=guest')).map((m) => m.id)).toEqual([dev.id]);
    await expectOk(
      t.post(
        '/api/project/member/updateRole',
        { projectId: project.id, userId: dev.id, roleCode: 'dev' },
        { token: owner.token },
      ),
    );
    expect((await list(`&username=${dev.username}`))[0]?.roleCode).toBe('dev');
    await expectError(
      t.post(
        '/api/project/member/updateRole',
        { projectId: project.id, userId: dev.id, roleCode: 'boss' },
        { token: owner.token },
      ),
      400,
      'validation.invalid_input',
    );
    await expectOk(
      t.post('/api/project/member/remove', { projectId: project.id, userId: dev.id }, { token: owner.token }),
    );
    expect((await list('')).map((m) => m.id)).toEqual([owner.id]);
    await expectError(
      t.post('/api/project/member/remove', { projectId: project.id, userId: dev.id }, { token: owner.token }),
      404,
      'project.member_not_found',
    );
    const actions = (
      await t.db.selectFrom('auditLog').select('action').where('targetType', '=', 'project').execute()
    )
      .map((a) => a.action)
      .sort();
    expect(actions).toEqual(['project.member.add', 'project.member.remove', 'project.member.role']);
  });

  it('update replaces the admins when adminIds is sent (former admins become devs)', async () => {
    const project = await expectOk<{ id: string }>(
      t.post('/api/project/add', { name: 'P', spaceId }, { token: owner.token }),
    );
    await expectOk(
      t.post(
        '/api/project/update',
        { id: project.id, name: 'P2', description: 'new', isPrivate: false, adminIds: [dev.id] },
        { token: owner.token },
      ),
    );
    const info = await expectOk<ProjectAnswer>(
      t.get(`/api/project/info?projectId=${project.id}`, { token: dev.token }),
    );
    expect(info).toMatchObject({ name: 'P2', description: 'new', isPrivate: false });
    expect(info.admins?.map((a) => a.id)).toEqual([dev.id]);
    const members = await expectOk<Array<{ id: string; roleCode: string }>>(
      t.get(`/api/project/member/list?projectId=${project.id}`, { token: owner.token }),
    );
    expect(members.find((m) => m.id === owner.id)?.roleCode).toBe('dev');
  });

  it('refuses projects in a composed space', async () => {
    const composed = await expectOk<{ id: string }>(
      t.post('/api/space/add', { name: 'Agg', isCompose: true }, { token: owner.token }),
    );
    await expectError(
      t.post('/api/project/add', { name: 'P', spaceId: composed.id }, { token: owner.token }),
      400,
      'space.is_compose',
    );
  });

  it('soft-deletes a project: hidden from list, info, modules; audited', async () => {
    const project = await expectOk<{ id: string }>(
      t.post('/api/project/add', { name: 'P', spaceId }, { token: owner.token }),
    );
    const module = await expectOk<{ id: string }>(
      t.post('/api/module/add', { name: 'M', projectId: project.id }, { token: owner.token }),
    );
    await expectOk(t.post('/api/project/delete', { id: project.id }, { token: owner.token }));
    expect(await expectOk(t.get(`/api/project/list?spaceId=${spaceId}`, { token: owner.token }))).toEqual([]);
    await expectError(
      t.get(`/api/project/info?projectId=${project.id}`, { token: owner.token }),
      404,
      'project.not_found',
    );
    await expectError(
      t.get(`/api/module/info?moduleId=${module.id}`, { token: owner.token }),
      404,
      'module.not_found',
    );
    await expectError(
      t.get(`/api/module/environment/list?moduleId=${module.id}`, { token: owner.token }),
      404,
      'module.not_found',
    );
    const audit = await t.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'project.delete')
      .execute();
    expect(audit).toEqual([expect.objectContaining({ actorId: owner.id, targetId: project.id })]);
    // The name is free again.
    await expectOk(t.post('/api/project/add', { name: 'P', spaceId }, { token: owner.token }));
  });
});
