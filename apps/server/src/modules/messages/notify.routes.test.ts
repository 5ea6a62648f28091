import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, newProjectGuest, saveDoc } from '../../../test/doc-fixture.ts';
import { multipart, upload, waitForJob } from '../../../test/import-fixture.ts';
import { expectOk } from '../../../test/org-fixture.ts';
import { openCall, openOk, refreshPushToken } from '../../../test/push-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

interface Msg {
  id: string;
  message: string;
  type: number;
  sourceId: string;
  isRead: number;
}

/** A push of `count` docs under one folder; `variant` changes every doc's description and first param. */
function pushBody(count: number, variant: string, extra: Record<string, unknown> = {}) {
  return {
    author: 'ci-bot',
    isReplace: 1,
    apis: [
      {
        name: 'Orders',
        isFolder: 1,
        items: Array.from({ length: count }, (_, i) => ({
          name: `Doc ${i}`,
          url: `/orders/${i}`,
          httpMethod: 'GET',
          isFolder: 0,
          description: `description ${variant}`,
          queryParams: [{ name: variant === 'v1' ? 'id' : 'orderId', type: 'string', required: 1 }],
        })),
      },
    ],
    ...extra,
  };
}

describe.each(testDialects())('messages to followers on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    w = await createDocWorld(t);
    token = await refreshPushToken(t, w.token, w.moduleId);
  });

  const settle = () => t.app.notifyWorker.settle();
  const messagesOf = async (userToken: string, lang = 'en'): Promise<Msg[]> => {
    const page = await expectOk<{ list: Msg[] }>(
      t.post('/api/user/message/page', { pageIndex: 1, pageSize: 100 }, { token: userToken, lang }),
    );
    return page.list;
  };
  const docIdsByName = async (): Promise<Map<string, string>> => {
    const rows = await t.db
      .selectFrom('docs')
      .select(['id', 'name'])
      .where('moduleId', '=', w.moduleId)
      .where('isFolder', '=', 0)
      .execute();
    return new Map(rows.map((r) => [r.name, r.id]));
  };
  /** A follower reading English (users without a language read zh-CN, the default). */
  const englishGuest = async (prefix: string) => {
    const guest = await newProjectGuest(t, w, prefix);
    await t.db.updateTable('users').set({ lang: 'en' }).where('id', '=', guest.id).execute();
    return guest;
  };
  const follow = (userToken: string, docId: string) =>
    expectOk(t.post('/api/user/subscribe/doc/subscribe', { sourceId: docId }, { token: userToken }));

  it('tells each follower of a pushed doc once, with a summary, and an identical re-push tells nobody', async () => {
    await openOk(openCall(t, 'doc.push', pushBody(3, 'v1'), token));
    await settle();
    const ids = await docIdsByName();
    const alice = await englishGuest('alice');
    const bob = await englishGuest('bob');
    await follow(alice.token, ids.get('Doc 0') as string);
    await follow(alice.token, ids.get('Doc 1') as string);
    await follow(bob.token, ids.get('Doc 2') as string);

    await openOk(openCall(t, 'doc.push', pushBody(3, 'v2'), token));
    await settle();
    const aliceMessages = await messagesOf(alice.token);
    expect(aliceMessages).toHaveLength(2);
    expect(aliceMessages.every((m) => m.type === 1)).toBe(true);
    expect(new Set(aliceMessages.map((m) => m.sourceId))).toEqual(
      new Set([ids.get('Doc 0'), ids.get('Doc 1')]),
    );
    expect(aliceMessages[0]?.message).toContain('(push)');
    expect(aliceMessages[0]?.message).toMatch(/description/);
    expect(aliceMessages[0]?.message).toMatch(/params? (added|removed|changed)/);
    expect(await messagesOf(bob.token)).toHaveLength(1);

    // The same payload again changes nothing and tells nobody.
    await openOk(openCall(t, 'doc.push', pushBody(3, 'v2'), token));
    await settle();
    expect(await messagesOf(alice.token)).toHaveLength(2);
    expect(await messagesOf(bob.token)).toHaveLength(1);
    const outbox = await t.db
      .selectFrom('changeOutbox')
      .select('status')
      .where('status', '!=', 'done')
      .execute();
    expect(outbox).toEqual([]);
  });

  it('keeps a change to tell in the outbox until a worker writes it (a process that stops loses nothing)', async () => {
    await openOk(openCall(t, 'doc.push', pushBody(1, 'v1'), token));
    await settle();
    const ids = await docIdsByName();
    const hank = await englishGuest('hank');
    await follow(hank.token, ids.get('Doc 0') as string);
    await t.app.notifyWorker.stop(); // as if the process died right after the push's commit
    try {
      await openOk(openCall(t, 'doc.push', pushBody(1, 'v2'), token));
      expect(await messagesOf(hank.token)).toHaveLength(0);
      const waiting = await t.db
        .selectFrom('changeOutbox')
        .select('status')
        .where('status', '=', 'queued')
        .execute();
      expect(waiting).toHaveLength(1);
    } finally {
      t.app.notifyWorker.start();
    }
    await settle();
    expect(await messagesOf(hank.token)).toHaveLength(1);
  });

  it("writes in the recipient's language", async () => {
    await openOk(openCall(t, 'doc.push', pushBody(1, 'v1'), token));
    const ids = await docIdsByName();
    const carol = await newProjectGuest(t, w, 'carol');
    await t.db.updateTable('users').set({ lang: 'zh-CN' }).where('id', '=', carol.id).execute();
    await follow(carol.token, ids.get('Doc 0') as string);
    await openOk(openCall(t, 'doc.push', pushBody(1, 'v2'), token));
    await settle();
    const [message] = await messagesOf(carol.token);
    expect(message?.message).toContain('更新了【Doc 0】');
  });

  it('tells followers of web edits with the remark, not the editor, and nothing for a save that changes nothing', async () => {
    const doc = await saveDoc(t, w.token, {
      moduleId: w.moduleId,
      name: 'Get order',
      url: '/order',
      httpMethod: 'GET',
      remark: '',
    });
    const dave = await englishGuest('dave');
    await follow(dave.token, doc.id);
    await follow(w.token, doc.id); // the editor follows too, and still hears nothing of their own edits
    const saved = await saveDoc(t, w.token, {
      id: doc.id,
      revision: doc.revision,
      moduleId: w.moduleId,
      name: 'Get order',
      url: '/order/{id}',
      httpMethod: 'GET',
      remark: 'path has the id',
    });
    await settle();
    let messages = await messagesOf(dave.token);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.message).toContain('path has the id');
    expect(messages[0]?.message).toContain('URL');
    expect(await messagesOf(w.token)).toHaveLength(0);

    // Saving the same document again is no change.
    await saveDoc(t, w.token, {
      id: doc.id,
      revision: saved.revision,
      moduleId: w.moduleId,
      name: 'Get order',
      url: '/order/{id}',
      httpMethod: 'GET',
      remark: 'again',
    });
    // Lock, unlock, restore and delete each tell the follower once.
    await expectOk(t.post('/api/doc/lock', { id: doc.id }, { token: w.token }));
    await expectOk(t.post('/api/doc/lock', { id: doc.id }, { token: w.token })); // already locked: silence
    await expectOk(t.post('/api/doc/unlock', { id: doc.id }, { token: w.token }));
    await expectOk(t.post('/api/doc/revision/restore', { docId: doc.id, revision: 1 }, { token: w.token }));
    await expectOk(t.post('/api/doc/delete', { id: doc.id }, { token: w.token }));
    await settle();
    messages = await messagesOf(dave.token);
    const texts = messages.map((m) => m.message).join('\n');
    expect(messages).toHaveLength(5);
    expect(texts).toContain('locked "Get order"');
    expect(texts).toContain('unlocked "Get order"');
    expect(texts).toContain('restored "Get order" to revision 1');
    expect(texts).toContain('deleted "Get order"');
  });

  it('tells project followers of every change, as one digest when a change touches many docs', async () => {
    const erin = await englishGuest('erin');
    await expectOk(
      t.post('/api/user/subscribe/project/subscribe', { sourceId: w.projectId }, { token: erin.token }),
    );
    const followed = await expectOk<Array<{ sourceId: string }>>(
      t.get('/api/user/subscribe/project/list', { token: erin.token }),
    );
    expect(followed.map((p) => p.sourceId)).toEqual([w.projectId]);

    await openOk(openCall(t, 'doc.push', pushBody(30, 'v1'), token));
    await settle();
    let messages = await messagesOf(erin.token);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ type: 2, sourceId: w.moduleId });
    expect(messages[0]?.message).toContain('30 docs');

    // A small change is told doc by doc.
    await saveDoc(t, w.token, {
      moduleId: w.moduleId,
      name: 'New one',
      url: '/new',
      httpMethod: 'POST',
      remark: '',
    });
    await settle();
    messages = await messagesOf(erin.token);
    expect(messages).toHaveLength(2);
    expect(messages.some((m) => m.type === 1 && m.message.includes('added "New one"'))).toBe(true);
  });

  it('tells the application admins the outcome of a push, and its failure', async () => {
    const admin = await englishGuest('admin');
    await expectOk(
      t.post(
        '/api/project/member/updateRole',
        { projectId: w.projectId, userId: admin.id, roleCode: 'admin' },
        { token: w.token },
      ),
    );
    await openOk(openCall(t, 'doc.push', pushBody(2, 'v1'), token));
    await settle();
    let messages = (await messagesOf(admin.token)).filter((m) => m.type === 3);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.message).toContain('2 added');

    const refused = await openCall(t, 'doc.push', { apis: 'not a list' }, token);
    expect(refused.statusCode).toBe(400);
    await settle();
    messages = (await messagesOf(admin.token)).filter((m) => m.type === 3);
    expect(messages).toHaveLength(2);
    expect(messages.some((m) => m.message.startsWith('Push to') && m.message.includes('failed'))).toBe(true);
  });

  it('stops telling followers who lost their membership, and hides what they followed', async () => {
    await openOk(openCall(t, 'doc.push', pushBody(1, 'v1'), token));
    const ids = await docIdsByName();
    const frank = await englishGuest('frank');
    await follow(frank.token, ids.get('Doc 0') as string);
    await expectOk(
      t.post('/api/user/subscribe/project/subscribe', { sourceId: w.projectId }, { token: frank.token }),
    );
    let page = await expectOk<{ total: number }>(
      t.get('/api/user/subscribe/doc/page?pageIndex=1&pageSize=10', { token: frank.token }),
    );
    expect(page.total).toBe(1);

    await expectOk(
      t.post('/api/project/member/remove', { projectId: w.projectId, userId: frank.id }, { token: w.token }),
    );
    await openOk(openCall(t, 'doc.push', pushBody(1, 'v2'), token));
    await settle();
    expect(await messagesOf(frank.token)).toHaveLength(0);
    page = await expectOk<{ total: number }>(
      t.get('/api/user/subscribe/doc/page?pageIndex=1&pageSize=10', { token: frank.token }),
    );
    expect(page.total).toBe(0);
    expect(
      await expectOk<unknown[]>(t.get('/api/user/subscribe/project/list', { token: frank.token })),
    ).toEqual([]);
  });

  it('tells followers of docs changed by an import, the importer nothing, and nobody of an identical re-import', async () => {
    const collection = (description: string) =>
      JSON.stringify({
        info: {
          name: 'Shop',
          schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
        },
        item: [{ name: 'Get user', request: { method: 'GET', url: '{{baseUrl}}/users/:id', description } }],
      });
    const importNow = async (content: string, moduleId?: string) => {
      const started = await expectOk<{ jobId: string; moduleId: string }>(
        upload(
          t,
          '/api/module/import/postman',
          w.token,
          multipart({ projectId: w.projectId, ...(moduleId ? { moduleId } : {}) }, [
            { name: 'file', fileName: 'api.json', content },
          ]),
        ),
      );
      await waitForJob(t, w.token, started.jobId);
      await settle();
      return started.moduleId;
    };
    const moduleId = await importNow(collection('first'));
    const doc = await t.db
      .selectFrom('docs')
      .select('id')
      .where('moduleId', '=', moduleId)
      .where('isFolder', '=', 0)
      .executeTakeFirstOrThrow();
    const gina = await englishGuest('gina');
    await follow(gina.token, doc.id);
    await follow(w.token, doc.id);
    await importNow(collection('second'), moduleId);
    const messages = await messagesOf(gina.token);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.message).toContain('(import) updated "Get user"');
    expect((await messagesOf(w.token)).filter((m) => m.type === 1)).toHaveLength(0);
    await importNow(collection('second'), moduleId);
    expect(await messagesOf(gina.token)).toHaveLength(1);
  });

  it('refuses to follow a project the caller cannot read', async () => {
    const other = await createDocWorld(t);
    const answer = await t.post(
      '/api/user/subscribe/project/subscribe',
      { sourceId: w.projectId },
      { token: other.token },
    );
    expect(answer.statusCode).toBe(403);
  });
});
