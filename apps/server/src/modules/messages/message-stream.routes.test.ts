import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocWorld, newProjectGuest, saveDoc } from '../../../test/doc-fixture.ts';
import { expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

/** Reads server-sent events of one stream, event by event. */
function eventReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return async function next(): Promise<{ event: string; data: string }> {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data !== undefined) return { event, data };
        continue; // retry and heartbeat lines
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  };
}

describe.each(testDialects())('message stream on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells the bell its unread count at once and when a followed doc changes', async () => {
    const w = await createDocWorld(t);
    const reader = await newProjectGuest(t, w, 'reader');
    const doc = await saveDoc(t, w.token, {
      moduleId: w.moduleId,
      name: 'A',
      url: '/a',
      httpMethod: 'GET',
      remark: '',
    });
    // The save's fan-out runs after its commit: let it finish before the reader follows the doc, or a slow
    // database (seen on MariaDB under load) tells the new follower about a save made before they followed.
    await t.app.notifyWorker.settle();
    await expectOk(
      t.post('/api/user/subscribe/doc/subscribe', { sourceId: doc.id }, { token: reader.token }),
    );

    const controller = new AbortController();
    const response = await fetch(`${base}/api/user/message/stream`, {
      headers: { authorization: `Bearer ${reader.token}` },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const next = eventReader(response.body as ReadableStream<Uint8Array>);
    expect(await next()).toEqual({ event: 'unread', data: '{"count":0}' });

    await saveDoc(t, w.token, {
      id: doc.id,
      revision: doc.revision,
      moduleId: w.moduleId,
      name: 'A',
      url: '/a/b',
      httpMethod: 'GET',
      remark: '',
    });
    expect(await next()).toEqual({ event: 'unread', data: '{"count":1}' });
    controller.abort();
  });

  it('refuses a stream without a login', async () => {
    const response = await fetch(`${base}/api/user/message/stream`);
    expect(response.status).toBe(401);
  });
});
