import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError, expectOk, newUser } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

interface TrashAnswer {
  type: string;
  id: string;
  name: string;
  parentName: string;
  deletedByName: string;
}

describe.each(testDialects())('trash and audit on %s', (dialect) => {
  let t: TestApp;
  let root: { id: string; token: string; username: string };
  let owner: { id: string; token: string; username: string };
  let spaceId: string;
  let projectId: string;
  let moduleId: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    root = await newUser(t, { isSuperAdmin: true });
    owner = await newUser(t);
    spaceId = (
      await expectOk<{ id: string }>(t.post('/api/space/add', { name: 'S' }, { token: owner.token }))
    ).id;
    projectId = (
      await expectOk<{ id: string }>(
        t.post('/api/project/add', { name: 'P', spaceId }, { token: owner.token }),
      )
    ).id;
    moduleId = (
      await expectOk<{ id: string }>(
        t.post('/api/module/add', { name: 'M', projectId }, { token: owner.token }),
      )
    ).id;
  });
  afterEach(async () => {
    await t.close();
  });

  const trash = () => expectOk<TrashAnswer[]>(t.get('/api/admin/trash/list', { token: root.token }));

  it('lists deleted items and restores a project with its applications', async () => {
    await expectOk(t.post('/api/project/delete', { id: projectId }, { token: owner.token }));
    expect(await trash()).toEqual([
      expect.objectContaining({
        type: 'project',
        id: projectId,
        name: 'P',
        parentName: 'S',
        deletedByName: owner.username,
      }),
    ]);
    await expectOk(
      t.post('/api/admin/trash/restore', { type: 'project', id: projectId }, { token: root.token }),
    );
    expect(await trash()).toEqual([]);
    const modules = await expectOk<Array<{ id: string }>>(
      t.get(`/api/module/list?projectId=${projectId}`, { token: owner.token }),
    );
    expect(modules.map((m) => m.id)).toEqual([moduleId]);
  });

  it('restores a space with everything in it; a child of a deleted parent waits for the parent', async () => {
    await expectOk(t.post('/api/module/delete', { id: moduleId }, { token: owner.token }));
    await expectOk(t.post('/api/space/delete', { id: spaceId }, { token: owner.token }));
    await expectError(
      t.post('/api/admin/trash/restore', { type: 'project', id: projectId }, { token: root.token }),
      404,
      'trash.not_found',
    );
    // Hidden with its space: nothing under it can be reached or changed.
    await expectError(
      t.post('/api/project/delete', { id: projectId }, { token: root.token }),
      404,
      'project.not_found',
    );
    await expectOk(t.post('/api/admin/trash/restore', { type: 'space', id: spaceId }, { token: root.token }));
    expect(
      (await expectOk<Array<{ id: string }>>(t.get('/api/space/list', { token: owner.token }))).map(
        (s) => s.id,
      ),
    ).toEqual([spaceId]);
    await expectOk(
      t.post('/api/admin/trash/restore', { type: 'module', id: moduleId }, { token: root.token }),
    );
    expect(
      (
        await expectOk<Array<{ id: string }>>(
          t.get(`/api/module/list?projectId=${projectId}`, { token: owner.token }),
        )
      ).length,
    ).toBe(1);
  });

  it('refuses a restore into a deleted project, or under a name taken since', async () => {
    await expectOk(t.post('/api/module/delete', { id: moduleId }, { token: owner.token }));
    await expectOk(t.post('/api/project/delete', { id: projectId }, { token: owner.token }));
    await expectError(
      t.post('/api/admin/trash/restore', { type: 'module', id: moduleId }, { token: root.token }),
      409,
      'trash.parent_deleted',
    );
    await expectOk(t.post('/api/project/add', { name: 'P', spaceId }, { token: owner.token }));
    const msg = await expectError(
      t.post('/api/admin/trash/restore', { type: 'project', id: projectId }, { token: root.token }),
      409,
      'project.name_taken',
    );
    expect(msg).toContain('"P"');
    expect((await trash()).map((i) => i.id).sort()).toEqual([moduleId, projectId].sort());
  });

  it('keeps deletions restorable for 30 days only', async () => {
    await expectOk(t.post('/api/module/delete', { id: moduleId }, { token: owner.token }));
    const old = new Date(Date.now() - 31 * 24 * 3600_000).toISOString();
    await t.db.updateTable('modules').set({ deletedAt: old }).where('id', '=', moduleId).execute();
    expect(await trash()).toEqual([]);
    await expectError(
      t.post('/api/admin/trash/restore', { type: 'module', id: moduleId }, { token: root.token }),
      404,
      'trash.not_found',
    );
    await expectError(
      t.post('/api/admin/trash/restore', { type: 'module', id: projectId }, { token: root.token }),
      404,
      'trash.not_found',
    );
    await expectError(
      t.post('/api/admin/trash/restore', { type: 'folder', id: moduleId }, { token: root.token }),
      400,
      'validation.invalid_input',
    );
  });

  it('lets the super admin read the audit log: who did what, when, filterable', async () => {
    await expectOk(t.post('/api/module/delete', { id: moduleId }, { token: owner.token }));
    await expectOk(
      t.post('/api/admin/trash/restore', { type: 'module', id: moduleId }, { token: root.token }),
    );
    const page = await expectOk<{ list: Array<Record<string, unknown>>; total: number }>(
      t.post('/api/admin/audit/page', { pageSize: 5 }, { token: root.token }),
    );
    expect(page.total).toBe(2);
    expect(page.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'module.delete',
          actorId: owner.id,
          actorName: owner.username,
          targetId: moduleId,
          detail: { name: 'M', projectId },
        }),
        expect.objectContaining({
          action: 'trash.restore',
          actorId: root.id,
          targetType: 'module',
          targetId: moduleId,
        }),
      ]),
    );
    expect(Date.parse(String(page.list[0]?.createTime))).not.toBeNaN();
    const filtered = await expectOk<{ total: number }>(
      t.post('/api/admin/audit/page', { action: 'trash.restore' }, { token: root.token }),
    );
    expect(filtered.total).toBe(1);
    await expectError(t.post('/api/admin/audit/page', {}, { token: owner.token }), 403, 'auth.forbidden');
  });
});
