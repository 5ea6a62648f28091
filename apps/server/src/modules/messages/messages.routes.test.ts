import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, envelopeOf, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { newId } from '../../lib/ids.ts';

describe.each(testDialects())('message routes on %s', (dialect) => {
  let t: TestApp;
  let aliceId: string;
  let alice: string;
  let bob: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    aliceId = await t.createUser({ username: 'alice' });
    await t.createUser({ username: 'bob' });
    alice = await t.login('alice');
    bob = await t.login('bob');
  });
  afterEach(async () => {
    await t.close();
  });

  async function addMessage(userId: string, message: string, minutesAgo: number): Promise<string> {
    const id = newId();
    const createdAt = new Date(Date.now() - minutesAgo * 60_000).toISOString();
    await t.db
      .insertInto('userMessages')
      .values({ id, userId, message, type: 1, sourceId: 'doc1', isRead: 0, createdAt })
      .execute();
    return id;
  }

  it('answers an empty list until messages exist', async () => {
    expect(envelopeOf(await t.get('/api/user/message/unread', { token: alice }))).toEqual({
      code: '0',
      msg: '',
      data: [],
    });
  });

  it('lists unread messages newest first and marks them read one by one or all at once', async () => {
    const older = await addMessage(aliceId, 'older', 10);
    await addMessage(aliceId, 'newer', 1);
    const unread = envelopeOf<Array<{ message: string; isRead: number; type: number }>>(
      await t.get('/api/user/message/unread', { token: alice }),
    );
    expect(unread.data.map((m) => m.message)).toEqual(['newer', 'older']);
    expect(unread.data[0]).toMatchObject({ isRead: 0, type: 1 });

    expect(envelopeOf(await t.post('/api/user/message/setRead', { id: older }, { token: alice })).code).toBe(
      '0',
    );
    expect(
      envelopeOf<unknown[]>(await t.get('/api/user/message/unread', { token: alice })).data,
    ).toHaveLength(1);
    expect(envelopeOf(await t.post('/api/user/message/setReadAll', {}, { token: alice })).code).toBe('0');
    expect(
      envelopeOf<unknown[]>(await t.get('/api/user/message/unread', { token: alice })).data,
    ).toHaveLength(0);

    const page = envelopeOf<{ total: number; list: unknown[] }>(
      await t.post('/api/user/message/page', { pageIndex: 1, pageSize: 5 }, { token: alice }),
    );
    expect(page.data.total).toBe(2);
  });

  it("cannot mark another user's message read", async () => {
    const id = await addMessage(aliceId, 'private', 1);
    const response = await t.post('/api/user/message/setRead', { id }, { token: bob });
    expect(response.statusCode).toBe(404);
    const row = await t.db
      .selectFrom('userMessages')
      .select('isRead')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.isRead).toBe(0);
    expect(envelopeOf<unknown[]>(await t.get('/api/user/message/unread', { token: bob })).data).toHaveLength(
      0,
    );
  });

  it('refuses page sizes outside the allowed range', async () => {
    const response = await t.post(
      '/api/user/message/page',
      { pageIndex: 1, pageSize: 1000 },
      { token: alice },
    );
    expect(response.statusCode).toBe(400);
  });
});
