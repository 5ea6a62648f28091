import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, newProjectGuest, saveDoc } from '../../../test/doc-fixture.ts';
import { expectError, expectOk, grantInternalAccess } from '../../../test/org-fixture.ts';
import { openCall, openOk, refreshPushToken } from '../../../test/push-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Hook {
  id: string;
  urlHint: string;
  hasSecret: boolean;
  secret?: string;
}

interface Delivery {
  id: string;
  event: string;
  status: string;
  attempts: number;
  responseCode: number | null;
}

function pushBody(names: string[], variant: string) {
  return {
    author: 'ci-bot',
    apis: names.map((name, i) => ({
      name,
      url: `/items/${i}`,
      httpMethod: 'GET',
      isFolder: 0,
      description: variant,
    })),
  };
}

describe.each(testDialects())('webhooks on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  let server: Server;
  let base: string;
  const received: Received[] = [];
  /** Status the receiver answers, per path. */
  const statusOf = new Map<string, number>();

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = req.url ?? '';
        received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(statusOf.get(path.split('?')[0] ?? '') ?? 200, { 'content-type': 'application/json' });
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
    received.length = 0;
    statusOf.clear();
  });

  const settle = () => t.app.notifyWorker.settle();
  const addHook = (body: Record<string, unknown>) =>
    expectOk<Hook>(t.post('/api/module/webhook/add', body, { token: w.token }));
  const deliveriesOf = (id: string) =>
    expectOk<Delivery[]>(t.get(`/api/module/webhook/deliveries?id=${id}`, { token: w.token }));

  it('names breaking changes first: the level of each doc and the breaking rules in the payload and the text', async () => {
    await addHook({
      moduleId: w.moduleId,
      kind: 'generic',
      url: `${base}/levels`,
      secret: '',
      events: ['doc.update', 'doc.delete'],
    });
    const token = await refreshPushToken(t, w.token, w.moduleId);
    const doc = (name: string, url: string, responseParams: unknown[]) => ({
      name,
      url,
      httpMethod: 'GET',
      isFolder: 0,
      responseParams,
    });
    await openOk(
      openCall(
        t,
        'doc.push',
        {
          author: 'ci-bot',
          apis: [doc('Item', '/item', [{ name: 'price', type: 'number' }]), doc('Gone', '/gone', [])],
        },
        token,
      ),
    );
    await settle();
    received.length = 0;
    // The price goes (breaking) and /gone is removed (breaking).
    await openOk(openCall(t, 'doc.push', { author: 'ci-bot', apis: [doc('Item', '/item', [])] }, token));
    await settle();
    const bodies = received.map((call) => JSON.parse(call.body));
    const updated = bodies.find((body) => body.event === 'doc.update');
    expect(updated.docs[0]).toMatchObject({
      level: 'breaking',
      breaking: ['response-field-removed response price'],
    });
    expect(updated.levels).toEqual({ breaking: 1, 'non-breaking': 0, docs: 0 });
    // The hook's language is its creator's (zh-CN by default).
    expect(updated.text).toMatch(/^破坏性变更：/);
    const deleted = bodies.find((body) => body.event === 'doc.delete');
    expect(deleted.docs[0]).toMatchObject({ level: 'breaking', breaking: ['operation-removed'] });
  });

  it('posts signed generic deliveries for pushed changes, and nothing for an identical re-push', async () => {
    const hook = await addHook({
      moduleId: w.moduleId,
      kind: 'generic',
      url: `${base}/generic?token=abc`,
      secret: '',
      events: ['doc.add', 'doc.update', 'doc.delete', 'sync.success'],
    });
    // The generated secret is answered once; lists show neither it nor the URL's query.
    expect(hook.secret).toMatch(/.{20,}/);
    expect(hook.urlHint).toBe(`${base}/generic?…`);
    const listed = await expectOk<Hook[]>(
      t.get(`/api/module/webhook/list?moduleId=${w.moduleId}`, { token: w.token }),
    );
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty('secret');
    const stored = await t.db
      .selectFrom('webhooks')
      .select(['urlEnc', 'secretEnc'])
      .executeTakeFirstOrThrow();
    expect(stored.urlEnc).not.toContain('abc');
    expect(stored.secretEnc).not.toContain(hook.secret as string);

    const token = await refreshPushToken(t, w.token, w.moduleId);
    await openOk(openCall(t, 'doc.push', pushBody(['A', 'B'], 'one'), token));
    await settle();
    // Two doc.add deliveries and the push's outcome.
    expect(received).toHaveLength(3);
    for (const call of received) {
      const expected = `sha256=${createHmac('sha256', hook.secret as string)
        .update(call.body)
        .digest('hex')}`;
      expect(call.headers['x-quire-signature']).toBe(expected);
      expect(call.headers['x-quire-delivery']).toBe(JSON.parse(call.body).id);
      expect(call.path).toBe('/generic?token=abc');
    }
    const events = received.map((call) => JSON.parse(call.body).event).sort();
    expect(events).toEqual(['doc.add', 'doc.add', 'sync.success']);
    const added = received.map((call) => JSON.parse(call.body)).find((body) => body.event === 'doc.add');
    expect(added.docs[0]).toMatchObject({ httpMethod: 'GET', change: 'add' });
    expect(added.docs[0].viewUrl).toMatch(/^http:\/\/localhost:7700\/view\//);

    await openOk(openCall(t, 'doc.push', pushBody(['A', 'B'], 'one'), token));
    await settle();
    expect(received).toHaveLength(3);

    const log = await deliveriesOf(hook.id);
    expect(log).toHaveLength(3);
    expect(log.every((d) => d.status === 'success' && d.responseCode === 200 && d.attempts === 1)).toBe(true);
  });

  it("fills a DingTalk template with Torna's placeholders and signs the URL", async () => {
    await addHook({
      moduleId: w.moduleId,
      kind: 'dingtalk',
      url: `${base}/robot/send?access_token=t1`,
      secret: 'SECabc',
      events: ['doc.update'],
      template: '{modifyType}|{docName}|{modifier}|{remark}|{summary}|{docViewUrl}',
    });
    const doc = await saveDoc(t, w.token, {
      moduleId: w.moduleId,
      name: 'Pay',
      url: '/pay',
      httpMethod: 'POST',
      remark: '',
    });
    await settle();
    expect(received).toHaveLength(0); // a new doc: doc.add is not among the hook's events
    await t.db.updateTable('users').set({ lang: 'en' }).where('id', '=', w.userId).execute();
    await saveDoc(t, w.token, {
      id: doc.id,
      revision: doc.revision,
      moduleId: w.moduleId,
      name: 'Pay',
      url: '/pay/v2',
      httpMethod: 'POST',
      remark: 'v2',
    });
    await settle();
    expect(received).toHaveLength(1);
    const call = received[0] as Received;
    const url = new URL(call.path, base);
    expect(url.searchParams.get('access_token')).toBe('t1');
    const timestamp = url.searchParams.get('timestamp') as string;
    expect(url.searchParams.get('sign')).toBe(
      createHmac('sha256', 'SECabc').update(`${timestamp}\nSECabc`).digest('base64'),
    );
    const body = JSON.parse(call.body);
    expect(body.msgtype).toBe('text');
    expect(body.text.content).toBe(
      `updated|Pay|${w.nickname}|v2|changed URL|http://localhost:7700/view/${doc.id}`,
    );
  });

  it('makes doc names inert for each kind: no Slack ping or disguised link, no Feishu or DingTalk mention', async () => {
    const hookOf = (kind: string, path: string, template = '') =>
      addHook({ moduleId: w.moduleId, kind, url: `${base}${path}`, events: ['doc.add'], template });
    await hookOf('slack', '/slack', '{docName} {remark} <!here>');
    await hookOf('feishu', '/feishu');
    await hookOf('dingtalk', '/ding');
    await hookOf('wecom', '/wecom');
    await hookOf('generic', '/generic');
    const name =
      '<!channel> <https://evil.test|https://quire.corp/reset> <at user_id="all">x</at> @all [a](https://evil.test)';
    await saveDoc(t, w.token, {
      moduleId: w.moduleId,
      name,
      url: '/n',
      httpMethod: 'GET',
      remark: '<@U123>',
    });
    await settle();
    const textAt = (path: string) => {
      const body = JSON.parse(received.find((call) => call.path.startsWith(path))?.body ?? '{}');
      return String(body.text?.content ?? body.content?.text ?? body.text ?? '');
    };
    const slack = textAt('/slack');
    // The template's own mention stays; the doc's text is escaped the way Slack reads `&<>`.
    expect(slack).toBe(
      '&lt;!channel&gt; &lt;https://evil.test|https://quire.corp/reset&gt; &lt;at user_id="all"&gt;x&lt;/at&gt; @all [a](https://evil.test) &lt;@U123&gt; <!here>',
    );
    for (const path of ['/feishu', '/ding', '/wecom']) {
      const text = textAt(path);
      expect(text).not.toContain('<at user_id');
      expect(text).not.toContain('@all');
      expect(text).not.toContain('](');
      // Shown as written once the invisible breaks are taken out.
      expect(text.replaceAll('\u200b', '')).toContain(name);
    }
    // The generic hook gets the data as it is.
    expect(JSON.parse(received.find((call) => call.path === '/generic')?.body ?? '{}').docs[0].name).toBe(
      name,
    );
  });

  it('retries a failing hook with backoff and logs each answer; a test message reaches the hook', async () => {
    statusOf.set('/down', 503);
    const hook = await addHook({
      projectId: w.projectId,
      kind: 'slack',
      url: `${base}/down`,
      events: ['doc.add'],
    });
    await saveDoc(t, w.token, { moduleId: w.moduleId, name: 'X', url: '/x', httpMethod: 'GET', remark: '' });
    await settle();
    let [delivery] = await deliveriesOf(hook.id);
    expect(delivery).toMatchObject({ status: 'queued', attempts: 1, responseCode: 503 });
    expect(received).toHaveLength(1);

    // Due again (as if the backoff had passed): the hook is back.
    statusOf.delete('/down');
    await t.db
      .updateTable('webhookDeliveries')
      .set({ nextAttemptAt: new Date(0).toISOString() })
      .execute();
    await settle();
    [delivery] = await deliveriesOf(hook.id);
    expect(delivery).toMatchObject({ status: 'success', attempts: 2, responseCode: 200 });

    await expectOk(t.post('/api/module/webhook/test', { id: hook.id }, { token: w.token }));
    await settle();
    expect(received).toHaveLength(3);
    expect(JSON.parse(received[2]?.body ?? '{}').text).toContain('Test');
  });

  it("shows Slack's and Feishu's URLs with their path tokens masked, and still posts to the whole URL", async () => {
    const slackPath = '/services/T0ABCDEF12/B0ABCDEF34/abcdefghijklmnopqrstuvwx';
    const slack = await addHook({
      moduleId: w.moduleId,
      kind: 'slack',
      url: `${base}${slackPath}`,
      events: ['doc.add'],
    });
    expect(slack.urlHint).toBe(`${base}/services/…/…/…`);
    const feishuPath = '/open-apis/bot/v2/hook/0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0';
    const feishu = await addHook({
      moduleId: w.moduleId,
      kind: 'feishu',
      url: `${base}${feishuPath}`,
      events: ['doc.add'],
    });
    expect(feishu.urlHint).toBe(`${base}/open-apis/bot/v2/hook/…`);
    // A hint stored in full before the masking is shown masked.
    await t.db
      .updateTable('webhooks')
      .set({ urlHint: `${base}${slackPath}` })
      .where('id', '=', slack.id)
      .execute();
    const listed = await expectOk<Hook[]>(
      t.get(`/api/module/webhook/list?moduleId=${w.moduleId}`, { token: w.token }),
    );
    const text = JSON.stringify(listed);
    expect(text).not.toContain('abcdefghijklmnopqrstuvwx');
    expect(text).not.toContain('0f1e2d3c');
    await expectOk(t.post('/api/module/webhook/test', { id: slack.id }, { token: w.token }));
    await settle();
    expect(received.map((call) => call.path)).toEqual([slackPath]);
  });

  it('refuses private addresses unless allowed, and keeps hooks to those who manage the application', async () => {
    const hook = await addHook({
      moduleId: w.moduleId,
      kind: 'slack',
      url: 'http://10.0.0.1/hook',
      events: ['doc.add'],
    });
    await expectOk(t.post('/api/module/webhook/test', { id: hook.id }, { token: w.token }));
    await settle();
    const [delivery] = await deliveriesOf(hook.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, responseCode: null });

    const guest = await newProjectGuest(t, w);
    await expectError(
      t.get(`/api/module/webhook/list?moduleId=${w.moduleId}`, { token: guest.token }),
      403,
      'auth.forbidden',
    );
    await expectError(
      t.get(`/api/module/webhook/deliveries?id=${hook.id}`, { token: guest.token }),
      404,
      'webhook.not_found',
    );
    await expectError(
      t.post('/api/module/webhook/delete', { id: hook.id }, { token: guest.token }),
      404,
      'webhook.not_found',
    );
    await expectError(
      t.post(
        '/api/module/webhook/add',
        { moduleId: w.moduleId, kind: 'ftp', url: 'ftp://x', events: [] },
        { token: w.token },
      ),
      400,
      'validation.invalid_input',
    );
    await expectOk(t.post('/api/module/webhook/delete', { id: hook.id }, { token: w.token }));
    expect(
      await t.db.selectFrom('webhookDeliveries').select('id').where('webhookId', '=', hook.id).execute(),
    ).toHaveLength(0);
  });
});
