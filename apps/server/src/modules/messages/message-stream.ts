import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { actorOf } from '../../http/reply.ts';
import { changeSignals } from './change-events.ts';
import { countUnread } from './messages.repository.ts';

/** A comment line now and then keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
const COUNT_CAP = 100;

/**
 * `GET /api/user/message/stream`: server-sent events telling the caller's bell their unread count, at once
 * and whenever this instance writes or reads their messages (`changeSignals`). Another instance's writes
 * show at the client's 30-second poll, which stays on as the fallback. The client reads it with fetch (the
 * token travels in the Authorization header, never in the URL).
 */
export function registerMessageStream(app: FastifyInstance, db: Db): void {
  // Open streams end when the app closes, so shutting down does not wait for every bell to hang up.
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });
  app.get('/api/user/message/stream', async (request, reply) => {
    const userId = actorOf(request).user.id;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    let closed = false;
    let sending: Promise<void> = Promise.resolve();
    const send = () => {
      sending = sending
        .then(async () => {
          if (closed) return;
          const count = await countUnread(db, userId, COUNT_CAP);
          if (!closed) res.write(`event: unread\ndata: ${JSON.stringify({ count })}\n\n`);
        })
        .catch(() => undefined);
    };
    const onMessages = (userIds: ReadonlyArray<string>) => {
      if (userIds.includes(userId)) send();
    };
    const heartbeat = setInterval(() => {
      if (!closed) res.write(': ping\n\n');
    }, HEARTBEAT_MS);
    heartbeat.unref();
    const close = () => {
      if (closed) return;
      closed = true;
      open.delete(end);
      clearInterval(heartbeat);
      changeSignals.off('messages', onMessages);
    };
    const end = () => {
      close();
      res.end();
    };
    open.add(end);
    changeSignals.on('messages', onMessages);
    request.raw.on('close', close);
    res.on('close', close);
    // Tell the client how long to wait before reconnecting, then the count as it is now.
    res.write('retry: 5000\n\n');
    send();
  });
}
