import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, newProjectGuest, saveDoc } from '../../../test/doc-fixture.ts';
import { expectError, expectOk, grantInternalAccess } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

interface Msg {
  message: string;
  type: number;
  sourceId: string;
}

interface Received {
  path: string;
  body: string;
}

/** Robot messages of releases (docs/messages.md, "Release robots"): the bell and the release's own robots. */
describe.each(testDialects())('release followers and robots on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  let server: Server;
  let base: string;
  const received: Received[] = [];
  /** Status the receiver answers, per path. */
  const statusOf = new Map<string, number>();
  let users: { id: string; revision: number };
  let orders: { id: string; revision: number };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ path: req.url ?? '', body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(statusOf.get((req.url ?? '').split('?')[0] ?? '') ?? 200, {
          'content-type': 'application/json',
        });
        res.end('{"errcode":0}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Loopback is refused unless allowed, as in production.
    t = await createTestApp(dialect, { QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(async () => {
    w = await createDocWorld(t);
    await grantInternalAccess(t, w.spaceId);
    // The release maker reads English: the robots speak the language of the person who made the release.
    await t.db.updateTable('users').set({ lang: 'en' }).where('id', '=', w.userId).execute();
    received.length = 0;
    statusOf.clear();
    users = await saveDoc(t, w.token, {
      moduleId: w.moduleId,
      name: 'Get user',
      url: '/users/{id}',
      httpMethod: 'GET',
      pathParams: [{ name: 'id', type: 'string' }],
      responseParams: [
        { name: 'id', type: 'string', required: true },
        { name: 'age', type: 'number', required: true },
      ],
    });
    orders = await saveDoc(t, w.token, {
      moduleId: w.moduleId,
      name: 'Orders',
      url: '/orders',
      httpMethod: 'GET',
    });
  });

  const settle = () => t.app.notifyWorker.settle();
  const addRelease = (body: Record<string, unknown>) =>
    expectOk<{ id: string }>(
      t.post('/api/project/release/add', { projectId: w.projectId, ...body }, { token: w.token }),
    );
  const followRelease = (token: string, releaseId: string) =>
    expectOk(t.post('/api/project/release/doc/subscribe', { sourceId: releaseId }, { token }));
  const releaseMessagesOf = async (token: string, lang = 'en'): Promise<Msg[]> => {
    const page = await expectOk<{ list: Msg[] }>(
      t.post('/api/user/message/page', { pageIndex: 1, pageSize: 100 }, { token, lang }),
    );
    return page.list.filter((m) => m.type === 4);
  };
  const englishGuest = async (prefix: string) => {
    const guest = await newProjectGuest(t, w, prefix);
    await t.db.updateTable('users').set({ lang: 'en' }).where('id', '=', guest.id).execute();
    return guest;
  };
  /** The planned deliveries of a release's robots, oldest first. */
  const robotDeliveries = (releaseId: string) =>
    t.db
      .selectFrom('webhookDeliveries')
      .innerJoin('webhooks', 'webhooks.id', 'webhookDeliveries.webhookId')
      .select(['webhookDeliveries.id', 'webhooks.kind', 'webhookDeliveries.event', 'webhookDeliveries.body'])
      .select('webhookDeliveries.status')
      .where('webhooks.scopeType', '=', 'release')
      .where('webhooks.scopeId', '=', releaseId)
      .orderBy('webhookDeliveries.createdAt')
      .orderBy('webhooks.kind')
      .execute();
  /** Users' change: a required query param added and a response field removed (both breaking). */
  const breakUsers = async () => {
    users = await saveDoc(t, w.token, {
      id: users.id,
      moduleId: w.moduleId,
      revision: users.revision,
      name: 'Get user',
      url: '/users/{id}',
      httpMethod: 'GET',
      pathParams: [{ name: 'id', type: 'string' }],
      queryParams: [{ name: 'fields', type: 'string', required: true }],
      responseParams: [{ name: 'id', type: 'string', required: true }],
    });
  };

  it("tells a valid release's followers and robots that its doc changed since, breaking first", async () => {
    const release = await addRelease({
      releaseNo: '1.0',
      moduleSourceIdMap: { [w.moduleId]: [users.id] },
      dingdingWebhook: `${base}/ding?access_token=tok`,
      weComWebhook: `${base}/wecom?key=k`,
    });
    // Hears nothing: an invalid release holding the doc, and a valid one holding it that nobody follows.
    const invalid = await addRelease({
      releaseNo: '0.9',
      status: 0,
      moduleSourceIdMap: { [w.moduleId]: [users.id, orders.id] },
      dingdingWebhook: `${base}/invalid`,
    });
    const unfollowed = await addRelease({
      releaseNo: '1.1',
      moduleSourceIdMap: { [w.moduleId]: [users.id] },
      dingdingWebhook: `${base}/unfollowed`,
    });
    // Followed only by someone who loses access: as good as nobody.
    const lost = await addRelease({
      releaseNo: '1.2',
      moduleSourceIdMap: { [w.moduleId]: [users.id] },
      weComWebhook: `${base}/lost`,
    });
    const alice = await englishGuest('alice');
    const bob = await englishGuest('bob');
    await followRelease(bob.token, lost.id);
    await followRelease(alice.token, release.id);
    await followRelease(alice.token, invalid.id);
    await followRelease(bob.token, release.id);
    await followRelease(w.token, release.id); // the maker follows too, and makes the change
    // Bob loses his membership: he hears nothing and the robots do not name him.
    await expectOk(
      t.post('/api/project/member/remove', { projectId: w.projectId, userId: bob.id }, { token: w.token }),
    );

    await breakUsers();
    await settle();

    const aliceMessages = await releaseMessagesOf(alice.token);
    expect(aliceMessages).toHaveLength(1);
    expect(aliceMessages[0]?.sourceId).toBe(users.id);
    expect(aliceMessages[0]?.message).toMatch(
      /^BREAKING: Release 1\.0 of .+ changed since it was made: .+ updated "Get user"/,
    );
    expect(aliceMessages[0]?.message).toContain('request-param-added-required');
    expect(await releaseMessagesOf(bob.token)).toEqual([]);
    expect(await releaseMessagesOf(w.token)).toEqual([]); // the person who made the change knows

    const rows = await robotDeliveries(release.id);
    expect(rows.map((r) => [r.kind, r.event, r.status])).toEqual([
      ['dingtalk', 'doc.update', 'success'],
      ['wecom', 'doc.update', 'success'],
    ]);
    for (const row of rows) {
      const body = JSON.parse(row.body) as { msgtype: string; text: { content: string } };
      expect(body.msgtype).toBe('text');
      expect(body.text.content).toMatch(/^BREAKING: \[Release doc updated\]\nRelease: 1\.0 of /);
      expect(body.text.content).toContain('Doc: Get user');
      expect(body.text.content).toContain(`/view/${users.id}`);
      // The followers who may read the project are named (inert: a zero-width space after any @).
      expect(body.text.content).toContain(`Followers: ${alice.username}`);
      expect(body.text.content).toContain(w.nickname);
      expect(body.text.content).not.toContain(bob.username);
      expect(body.text.content).toMatch(/\(.*response-field-removed.*\)$/);
    }
    // What each robot received is what was planned (a retry sends the same body).
    const byPath = new Map(received.map((r) => [r.path.split('?')[0], r]));
    expect([...byPath.keys()].sort()).toEqual(['/ding', '/wecom']);
    expect(byPath.get('/ding')?.path).toBe('/ding?access_token=tok');
    expect(byPath.get('/ding')?.body).toBe(rows.find((r) => r.kind === 'dingtalk')?.body);
    expect(byPath.get('/wecom')?.body).toBe(rows.find((r) => r.kind === 'wecom')?.body);
    expect(await robotDeliveries(invalid.id)).toEqual([]);
    expect(await robotDeliveries(unfollowed.id)).toEqual([]);
    expect(await robotDeliveries(lost.id)).toEqual([]);

    // A release's robots are not an application's or a project's hooks: no list shows them, no call reaches them.
    expect(
      await expectOk<unknown[]>(
        t.get(`/api/module/webhook/list?projectId=${w.projectId}`, { token: w.token }),
      ),
    ).toEqual([]);
    await expectError(
      t.get(`/api/module/webhook/deliveries?id=${release.id}-dingtalk`, { token: w.token }),
      404,
      'webhook.not_found',
    );
    // Removing the release removes its robots and their log.
    await expectOk(t.post('/api/project/release/remove', { id: release.id }, { token: w.token }));
    expect(await robotDeliveries(release.id)).toEqual([]);
    expect(
      await t.db.selectFrom('webhooks').select('id').where('scopeId', '=', release.id).execute(),
    ).toEqual([]);
  });

  it('says nothing of docs a release does not hold; a plain change is not breaking; a deletion is', async () => {
    const release = await addRelease({
      releaseNo: '2.0',
      moduleSourceIdMap: { [w.moduleId]: [users.id] },
      dingdingWebhook: `${base}/ding2`,
    });
    const alice = await englishGuest('alice');
    await followRelease(alice.token, release.id);

    // Orders is not in the release.
    await saveDoc(t, w.token, {
      id: orders.id,
      moduleId: w.moduleId,
      revision: orders.revision,
      name: 'Orders',
      url: '/orders',
      httpMethod: 'GET',
      description: 'all orders',
    });
    await settle();
    expect(await releaseMessagesOf(alice.token)).toEqual([]);
    expect(await robotDeliveries(release.id)).toEqual([]);

    // A description is not breaking: the message says what changed and nothing of "breaking".
    users = await saveDoc(t, w.token, {
      id: users.id,
      moduleId: w.moduleId,
      revision: users.revision,
      name: 'Get user',
      url: '/users/{id}',
      httpMethod: 'GET',
      description: 'one user',
      pathParams: [{ name: 'id', type: 'string' }],
      responseParams: [
        { name: 'id', type: 'string', required: true },
        { name: 'age', type: 'number', required: true },
      ],
    });
    await settle();
    let messages = await releaseMessagesOf(alice.token);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.message).toMatch(
      /^Release 2\.0 of .+ changed since it was made: .+ updated "Get user"/,
    );
    expect(messages[0]?.message).not.toMatch(/BREAKING/i);
    let rows = await robotDeliveries(release.id);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]?.body ?? '{}').text.content).toMatch(/^\[Release doc updated\]/);

    // Deleting a doc the release holds is breaking, in the bell and in the group; Chinese readers read Chinese.
    await t.db.updateTable('users').set({ lang: 'zh-CN' }).where('id', '=', alice.id).execute();
    await expectOk(t.post('/api/doc/delete', { id: users.id }, { token: w.token }));
    await settle();
    messages = await releaseMessagesOf(alice.token);
    expect(messages).toHaveLength(2);
    const deleted = messages.find((m) => m.message.includes('删除了'));
    expect(deleted?.message).toMatch(/^破坏性变更：版本 2\.0（.+）发布后有变更：.+ 删除了【Get user】/);
    rows = await robotDeliveries(release.id);
    expect(rows.map((r) => r.event)).toEqual(['doc.update', 'doc.delete']);
    expect(JSON.parse(rows[1]?.body ?? '{}').text.content).toMatch(
      /^BREAKING: \[Release doc deleted\][\s\S]*\(operation-removed\)$/,
    );
  });

  it("retries a robot at the release's URL as it is then: a cleared URL fails the delivery", async () => {
    const release = await addRelease({
      releaseNo: '4.0',
      moduleSourceIdMap: { [w.moduleId]: [users.id] },
      dingdingWebhook: `${base}/down`,
    });
    const alice = await englishGuest('alice');
    await followRelease(alice.token, release.id);
    statusOf.set('/down', 503);
    await breakUsers();
    await settle();
    let rows = await robotDeliveries(release.id);
    expect(rows.map((r) => r.status)).toEqual(['queued']); // to be retried after a backoff
    const planned = rows[0]?.body;
    // The robot is back: the retry sends the very message planned.
    statusOf.delete('/down');
    const due = () =>
      t.db
        .updateTable('webhookDeliveries')
        .set({ nextAttemptAt: new Date(0).toISOString() })
        .execute();
    await due();
    await settle();
    rows = await robotDeliveries(release.id);
    expect(rows.map((r) => r.status)).toEqual(['success']);
    expect(received.map((r) => r.body)).toEqual([planned, planned]);

    // A second change while the robot is down, then the release drops its URL: the retry gives up at once.
    statusOf.set('/down', 503);
    users = await saveDoc(t, w.token, {
      id: users.id,
      moduleId: w.moduleId,
      revision: users.revision,
      name: 'Get user',
      url: '/users/{id}',
      httpMethod: 'GET',
      description: 'now with a description',
      pathParams: [{ name: 'id', type: 'string' }],
      queryParams: [{ name: 'fields', type: 'string', required: true }],
      responseParams: [{ name: 'id', type: 'string', required: true }],
    });
    await settle();
    expect((await robotDeliveries(release.id)).map((r) => r.status)).toEqual(['success', 'queued']);
    await expectOk(
      t.post('/api/project/release/update', { id: release.id, dingdingWebhook: '' }, { token: w.token }),
    );
    await due();
    await settle();
    const last = await t.db
      .selectFrom('webhookDeliveries')
      .select(['status', 'error'])
      .where('webhookId', '=', `${release.id}-dingtalk`)
      .orderBy('createdAt', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toEqual({ status: 'failed', error: 'the release has no such robot URL any more' });
    expect(received).toHaveLength(3);
  });

  it('refuses a robot URL that is not http(s) on add and update, as for an application robot', async () => {
    const release = await addRelease({ releaseNo: '3.0' });
    for (const url of ['ftp://robot.example/hook', 'javascript:alert(1)', 'not a url']) {
      await expectError(
        t.post(
          '/api/project/release/add',
          { projectId: w.projectId, releaseNo: 'x', dingdingWebhook: url },
          { token: w.token },
        ),
        400,
        'validation.invalid_input',
      );
      await expectError(
        t.post('/api/project/release/update', { id: release.id, weComWebhook: url }, { token: w.token }),
        400,
        'validation.invalid_input',
      );
    }
  });
});
