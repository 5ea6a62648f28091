import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ImportStarted } from '@quire/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, saveDoc } from '../../../test/doc-fixture.ts';
import { waitForJob } from '../../../test/import-fixture.ts';
import { expectError, expectOk, newUser } from '../../../test/org-fixture.ts';
import { createTestApp, envelopeOf, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { queueDueRefreshes } from '../imports/refresh-scheduler.ts';

// An "internal" service on loopback, which QUIRE_FETCH_ALLOW_HOSTS opens: a space reaches it only once a
// super admin has granted that space internal access.
let server: Server;
let base = '';
const hits: string[] = [];
const SPEC = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Internal', version: '1' },
  paths: { '/orders': { get: { summary: 'Orders', responses: { 200: { description: 'ok' } } } } },
});

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    res.setHeader('content-type', 'application/json');
    res.end(req.url === '/spec.json' ? SPEC : '{"errcode":0}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

interface SpaceAnswer {
  id: string;
  name: string;
  internalAccess?: boolean;
}

describe.each(testDialects())('internal access per space on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  let root: { id: string; token: string };
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1',
      QUIRE_FETCH_TIMEOUT_MS: '3000',
    });
    root = await newUser(t, { isSuperAdmin: true, prefix: 'root' });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    // A self-registered stranger's own space, project and application.
    w = await createDocWorld(t);
    hits.length = 0;
  });

  const setAccess = (spaceId: string, internalAccess: boolean, token = root.token) =>
    t.post('/api/space/internal-access', { spaceId, internalAccess }, { token });
  const stored = async () =>
    (
      await t.db
        .selectFrom('spaces')
        .select(['internalAccess', 'name'])
        .where('id', '=', w.spaceId)
        .executeTakeFirstOrThrow()
    ).internalAccess;

  it('is a setting only super admins see and change, off by default, recorded in the audit log', async () => {
    const info = await expectOk<SpaceAnswer>(
      t.get(`/api/space/info?spaceId=${w.spaceId}`, { token: w.token }),
    );
    expect(info).not.toHaveProperty('internalAccess');
    const listed = await expectOk<SpaceAnswer[]>(t.get('/api/space/list', { token: w.token }));
    expect(listed.find((s) => s.id === w.spaceId)).not.toHaveProperty('internalAccess');
    // The space's own admin may not grant it, by either call; nothing changes.
    await expectError(setAccess(w.spaceId, true, w.token), 403, 'auth.forbidden');
    const viaUpdate = await t.post(
      '/api/space/update',
      { id: w.spaceId, name: 'renamed', internalAccess: true },
      { token: w.token },
    );
    expect(viaUpdate.statusCode).toBe(403);
    expect(envelopeOf(viaUpdate)).toMatchObject({
      code: 'space.internal_access_super_admin',
      msg: "Only a super admin may change a space's internal network access",
    });
    const zh = await t.post(
      '/api/space/update',
      { id: w.spaceId, name: 'renamed', internalAccess: 1 },
      { token: w.token, lang: 'zh-CN' },
    );
    expect(envelopeOf(zh).msg).toBe('只有超级管理员可以修改空间的内网访问权限');
    expect(await stored()).toBe(0);
    const unchanged = await expectOk<SpaceAnswer>(
      t.get(`/api/space/info?spaceId=${w.spaceId}`, { token: w.token }),
    );
    expect(unchanged.name).not.toBe('renamed');

    // A super admin sees it (off), grants it, and the audit log says who did.
    const asRoot = await expectOk<SpaceAnswer>(
      t.get(`/api/space/info?spaceId=${w.spaceId}`, { token: root.token }),
    );
    expect(asRoot.internalAccess).toBe(false);
    expect(await expectOk<SpaceAnswer>(setAccess(w.spaceId, true))).toMatchObject({ internalAccess: true });
    expect(await stored()).toBe(1);
    const rootList = await expectOk<SpaceAnswer[]>(t.get('/api/space/list', { token: root.token }));
    expect(rootList.find((s) => s.id === w.spaceId)?.internalAccess).toBe(true);
    expect(
      (await expectOk<SpaceAnswer>(t.get(`/api/space/info?spaceId=${w.spaceId}`, { token: w.token })))
        .internalAccess,
    ).toBeUndefined();
    const audit = await t.db
      .selectFrom('auditLog')
      .select(['actorId', 'action', 'targetType', 'targetId', 'detail'])
      .where('action', '=', 'space.internalAccess')
      .where('targetId', '=', w.spaceId)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: root.id, targetType: 'space' });
    expect(JSON.parse(audit[0]?.detail ?? '{}')).toMatchObject({ enabled: true });
    // A super admin may also set it with the rename call.
    await expectOk(
      t.post(
        '/api/space/update',
        { id: w.spaceId, name: 'renamed', internalAccess: false },
        { token: root.token },
      ),
    );
    expect(await stored()).toBe(0);
  });

  it('refuses internal hosts to the debug proxy of a space without it, as if the variable were unset', async () => {
    const docId = (
      await saveDoc(t, w.token, { moduleId: w.moduleId, name: 'O', url: '/orders', httpMethod: 'GET' })
    ).id;
    await expectOk(
      t.post(
        '/api/module/environment/add',
        { moduleId: w.moduleId, name: 'in', baseUrl: base },
        { token: w.token },
      ),
    );
    const proxy = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/doc/debug/v1',
        headers: {
          authorization: `Bearer ${w.token}`,
          'accept-language': 'en',
          'target-doc-id': docId,
          'target-url': `${base}/orders`,
        },
      });
    const refused = await proxy();
    expect(envelopeOf(refused).code).toBe('debug.address_refused');
    expect(hits).toEqual([]);
    await expectOk(setAccess(w.spaceId, true));
    expect((await proxy()).statusCode).toBe(200);
    expect(hits).toEqual(['GET /orders']);
    await expectOk(setAccess(w.spaceId, false));
    expect(envelopeOf(await proxy()).code).toBe('debug.address_refused');
    expect(hits).toHaveLength(1);
  });

  it('refuses internal hosts to swagger URL imports and scheduled re-imports of a space without it', async () => {
    const importUrl = async () => {
      const started = await expectOk<ImportStarted>(
        t.post(
          '/api/module/import/swagger',
          { projectId: w.projectId, url: `${base}/spec.json` },
          { token: w.token },
        ),
      );
      return { started, job: await waitForJob(t, w.token, started.jobId) };
    };
    const first = await importUrl();
    expect(first.job.status).toBe('failed');
    expect(first.job.error).toContain('loopback');
    expect(hits).toEqual([]);

    await expectOk(setAccess(w.spaceId, true));
    const granted = await importUrl();
    expect(granted.job.status).toBe('done');
    expect(hits).toEqual(['GET /spec.json']);

    // Withdrawn: the application's scheduled re-import no longer reaches the host.
    await expectOk(setAccess(w.spaceId, false));
    await expectOk(
      t.post(
        '/api/module/source/update',
        { moduleId: granted.started.moduleId, refreshMinutes: 60 },
        { token: w.token },
      ),
    );
    await t.db
      .updateTable('moduleSources')
      .set({ nextSyncAt: new Date(Date.now() - 60_000).toISOString() })
      .where('moduleId', '=', granted.started.moduleId)
      .execute();
    await queueDueRefreshes(t.db, t.app.jobRunner);
    const refresh = await t.db
      .selectFrom('jobs')
      .select('id')
      .where('moduleId', '=', granted.started.moduleId)
      .where('kind', '=', 'refresh')
      .executeTakeFirstOrThrow();
    const job = await waitForJob(t, w.token, refresh.id);
    expect(job.status).toBe('failed');
    expect(job.error).toContain('loopback');
    expect(hits).toHaveLength(1);
  });

  it("refuses internal hosts to a project's and an application's webhooks in a space without it", async () => {
    interface Delivery {
      status: string;
      error: string;
    }
    const hook = async (scope: Record<string, string>, path: string) =>
      (
        await expectOk<{ id: string }>(
          t.post(
            '/api/module/webhook/add',
            { ...scope, kind: 'generic', url: `${base}${path}`, events: ['doc.update'] },
            { token: w.token },
          ),
        )
      ).id;
    const send = async (id: string) => {
      await expectOk(t.post('/api/module/webhook/test', { id }, { token: w.token }));
      await t.app.notifyWorker.settle();
      const rows = await expectOk<Delivery[]>(
        t.get(`/api/module/webhook/deliveries?id=${id}`, { token: w.token }),
      );
      return rows[0];
    };
    const ofProject = await hook({ projectId: w.projectId }, '/project-hook');
    const ofModule = await hook({ moduleId: w.moduleId }, '/module-hook');
    for (const id of [ofProject, ofModule]) {
      const refused = await send(id);
      expect(refused?.status).toBe('failed');
      expect(refused?.error).toContain('address_refused');
    }
    expect(hits).toEqual([]);
    await expectOk(setAccess(w.spaceId, true));
    for (const id of [ofProject, ofModule]) expect((await send(id))?.status).toBe('success');
    expect(hits.sort()).toEqual(['POST /module-hook', 'POST /project-hook']);
  });
});
