import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld } from '../../../test/doc-fixture.ts';
import { expectError, expectOk, newUser } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { expectInert, XSS_PAYLOADS } from '../../../test/xss-payloads.ts';

interface CodeAnswer {
  id: string;
  code: string;
  description: string;
  solution: string;
}

describe.each(testDialects())('constants and error codes on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    w = await createDocWorld(t);
  });

  it('writes and reads the pages of a project and an application, sanitized', async () => {
    expect(
      await expectOk(t.get(`/api/constant/project/get?projectId=${w.projectId}`, { token: w.token })),
    ).toBe('');
    const stored = await expectOk<string>(
      t.post(
        '/api/constant/project/save',
        { id: w.projectId, content: `<h3>Codes</h3>${XSS_PAYLOADS.join('')}` },
        { token: w.token },
      ),
    );
    expectInert(stored);
    expect(stored.startsWith('<h3>Codes</h3>')).toBe(true);
    await expectOk(
      t.post('/api/constant/module/save', { id: w.moduleId, content: '<p>module</p>' }, { token: w.token }),
    );
    await expectOk(
      t.post(
        '/api/constant/module/save',
        { id: w.moduleId, content: '<p>module v2</p>' },
        { token: w.token },
      ),
    );
    expect(await expectOk(t.get(`/api/constant/module/get?moduleId=${w.moduleId}`, { token: w.token }))).toBe(
      '<p>module v2</p>',
    );
    expect(
      await expectOk(t.get(`/api/constant/module/all?moduleId=${w.moduleId}`, { token: w.token })),
    ).toEqual({
      constantModule: '<p>module v2</p>',
      constantProject: stored,
    });
  });

  it('replaces the error-code tables of a project and an application; codes are unique', async () => {
    const codes = [
      { code: '10001', description: 'token <b>expired</b><script>x</script>', solution: 'log in again' },
      { name: '10002', msg: 'no access', example: 'ask an admin' },
    ];
    const saved = await expectOk<CodeAnswer[]>(
      t.post('/api/code/project/save', { projectId: w.projectId, codes }, { token: w.token }),
    );
    expect(saved.map((c) => [c.code, c.description, c.solution])).toEqual([
      ['10001', 'token <b>expired</b>', 'log in again'],
      ['10002', 'no access', 'ask an admin'],
    ]);
    expect(saved.every((c) => c.id.length > 0)).toBe(true);
    expect(
      await expectOk(t.get(`/api/code/project/list?projectId=${w.projectId}`, { token: w.token })),
    ).toEqual(saved);
    await expectOk(
      t.post('/api/code/module/save', { moduleId: w.moduleId, codes: [{ code: 'E1' }] }, { token: w.token }),
    );
    // The page and the table of a scope are kept apart.
    await expectOk(
      t.post('/api/constant/module/save', { id: w.moduleId, content: '<p>x</p>' }, { token: w.token }),
    );
    expect(
      await expectOk<CodeAnswer[]>(t.get(`/api/code/module/list?moduleId=${w.moduleId}`, { token: w.token })),
    ).toEqual([expect.objectContaining({ code: 'E1', description: '', solution: '' })]);
    const msg = await expectError(
      t.post(
        '/api/code/module/save',
        { moduleId: w.moduleId, codes: [{ code: 'A' }, { code: 'A' }] },
        { token: w.token },
      ),
      400,
      'code.duplicate',
    );
    expect(msg).toBe('Error code "A" is listed twice');
    expect(
      await expectOk<CodeAnswer[]>(t.get(`/api/code/module/list?moduleId=${w.moduleId}`, { token: w.token })),
    ).toHaveLength(1);
  });

  it('lets project admins and devs manage, guests read, others nothing', async () => {
    const join = async (role: string) => {
      const user = await newUser(t);
      await expectOk(
        t.post(
          '/api/space/member/add',
          { spaceId: w.spaceId, userIds: [user.id], roleCode: 'guest' },
          { token: w.token },
        ),
      );
      await expectOk(
        t.post(
          '/api/project/member/add',
          { projectId: w.projectId, userIds: [user.id], roleCode: role },
          { token: w.token },
        ),
      );
      return user.token;
    };
    const dev = await join('dev');
    const guest = await join('guest');
    const stranger = (await newUser(t)).token;
    await expectOk(t.post('/api/code/project/save', { projectId: w.projectId, codes: [] }, { token: dev }));
    await expectOk(t.post('/api/constant/project/save', { id: w.projectId, content: 'x' }, { token: dev }));
    await expectOk(t.get(`/api/constant/project/get?projectId=${w.projectId}`, { token: guest }));
    await expectError(
      t.post('/api/constant/project/save', { id: w.projectId, content: 'x' }, { token: guest }),
      403,
      'auth.forbidden',
    );
    await expectError(
      t.post('/api/code/module/save', { moduleId: w.moduleId, codes: [] }, { token: guest }),
      403,
      'auth.forbidden',
    );
    await expectError(
      t.get(`/api/code/project/list?projectId=${w.projectId}`, { token: stranger }),
      403,
      'auth.forbidden',
    );
    await expectError(
      t.get(`/api/constant/module/all?moduleId=${w.moduleId}`, { token: stranger }),
      403,
      'auth.forbidden',
    );
  });
});
