import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError, expectOk, newUser } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

interface ModuleAnswer {
  id: string;
  name: string;
  projectId: string;
  orderIndex: number;
}

describe.each(testDialects())('module routes on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let projectId: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    token = (await newUser(t)).token;
    const space = await expectOk<{ id: string }>(t.post('/api/space/add', { name: 'Team' }, { token }));
    projectId = (
      await expectOk<{ id: string }>(t.post('/api/project/add', { name: 'P', spaceId: space.id }, { token }))
    ).id;
  });
  afterEach(async () => {
    await t.close();
  });

  const list = () => expectOk<ModuleAnswer[]>(t.get(`/api/module/list?projectId=${projectId}`, { token }));

  it('creates, lists in order, reads and renames applications; names are free text', async () => {
    const a = await expectOk<ModuleAnswer>(
      t.post('/api/module/add', { name: '用户服务 (users)', projectId }, { token }),
    );
    const b = await expectOk<ModuleAnswer>(
      t.post('/api/module/add', { name: 'Order API v2', projectId }, { token }),
    );
    expect(b.orderIndex).toBeGreaterThan(a.orderIndex);
    expect((await list()).map((m) => m.name)).toEqual(['用户服务 (users)', 'Order API v2']);
    await expectOk(t.post('/api/module/update', { id: a.id, name: 'Users' }, { token }));
    expect((await expectOk<ModuleAnswer>(t.get(`/api/module/info?moduleId=${a.id}`, { token }))).name).toBe(
      'Users',
    );
  });

  it('refuses duplicate names in a project (add and rename) and bad names, changing nothing', async () => {
    const a = await expectOk<ModuleAnswer>(
      t.post('/api/module/add', { name: 'Users', projectId }, { token }),
    );
    await expectOk(t.post('/api/module/add', { name: 'Orders', projectId }, { token }));
    const msg = await expectError(
      t.post('/api/module/add', { name: 'Users', projectId }, { token }),
      409,
      'module.name_taken',
    );
    expect(msg).toBe('An application named "Users" already exists in this project');
    await expectError(
      t.post('/api/module/update', { id: a.id, name: 'Orders' }, { token }),
      409,
      'module.name_taken',
    );
    for (const name of ['', 'x'.repeat(65), 'tab\there']) {
      await expectError(
        t.post('/api/module/add', { name, projectId }, { token }),
        400,
        'validation.invalid_input',
      );
    }
    expect((await list()).map((m) => m.name)).toEqual(['Users', 'Orders']);
  });

  it('soft-deletes an application and audits it; the name is free again', async () => {
    const a = await expectOk<ModuleAnswer>(
      t.post('/api/module/add', { name: 'Users', projectId }, { token }),
    );
    await expectOk(t.post('/api/module/delete', { id: a.id }, { token }));
    expect(await list()).toEqual([]);
    await expectError(t.get(`/api/module/info?moduleId=${a.id}`, { token }), 404, 'module.not_found');
    await expectError(t.post('/api/module/delete', { id: a.id }, { token }), 404, 'module.not_found');
    expect(await t.db.selectFrom('auditLog').select('action').where('targetId', '=', a.id).execute()).toEqual(
      [{ action: 'module.delete' }],
    );
    await expectOk(t.post('/api/module/add', { name: 'Users', projectId }, { token }));
  });

  it('stores settings under Torna keys, answers defaults, and updates only the fields sent', async () => {
    const a = await expectOk<ModuleAnswer>(
      t.post('/api/module/add', { name: 'Users', projectId }, { token }),
    );
    expect(await expectOk(t.get(`/api/module/setting/get?moduleId=${a.id}`, { token }))).toEqual({
      moduleId: a.id,
      printPushContent: false,
      pushOverride: false,
      requireSignature: false,
      allowDebug: true,
      swaggerSetting: { allowMethods: ['POST'] },
      commonHeader: [],
      commonRequest: [],
      commonResponse: [],
    });
    const updated = await expectOk<Record<string, unknown>>(
      t.post(
        '/api/module/setting/update',
        {
          moduleId: a.id,
          pushOverride: 1,
          requireSignature: true,
          swaggerSetting: { allowMethods: ['GET', 'POST'] },
        },
        { token },
      ),
    );
    expect(updated).toMatchObject({
      pushOverride: true,
      requireSignature: true,
      printPushContent: false,
      swaggerSetting: { allowMethods: ['GET', 'POST'] },
    });
    const row = await t.db
      .selectFrom('modules')
      .select('settings')
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.settings)).toMatchObject({
      'torna.push.override': true,
      'torna.push.print-content': false,
      'quire.push.require-sign': true,
    });
    await expectError(
      t.post(
        '/api/module/setting/update',
        { moduleId: a.id, swaggerSetting: { allowMethods: ['FETCH'] } },
        { token },
      ),
      400,
      'validation.invalid_input',
    );
    await expectError(
      t.post(
        '/api/module/setting/update',
        { moduleId: a.id, swaggerSetting: { allowMethods: [] } },
        { token },
      ),
      400,
      'validation.invalid_input',
    );
  });

  it('refuses to add an application to a project of another space the caller does not belong to', async () => {
    const stranger = await newUser(t);
    await expectError(
      t.post('/api/module/add', { name: 'Intruder', projectId }, { token: stranger.token }),
      403,
      'auth.forbidden',
    );
    expect(await list()).toEqual([]);
  });
});
