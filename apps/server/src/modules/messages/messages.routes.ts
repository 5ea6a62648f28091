import {
  Empty,
  envelope,
  Message,
  MessagePage,
  PageRequest,
  ProjectIdQuery,
  SetReadRequest,
  StrictPageRequest,
  SubscribedDocPage,
  SubscribedProject,
  SubscribeRequest,
  UnreadQuery,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import type { AppDeps } from '../../http/deps.ts';
import { actorOf, ok } from '../../http/reply.ts';
import { changeSignals } from './change-events.ts';
import { registerMessageStream } from './message-stream.ts';
import { presentMessage } from './messages.presenter.ts';
import { listUnread, markAllRead, markRead, pageMessages } from './messages.repository.ts';
import { NotifyWorker } from './notify-worker.ts';
import { deleteDocSubscription } from './subscriptions.repository.ts';
import {
  isFollowingProject,
  listProjectsFollowed,
  pageFollowedDocs,
  setFollowingProject,
} from './subscriptions.service.ts';

/**
 * The caller's in-site messages and subscriptions; every call is scoped to the caller's own rows. The worker
 * that writes messages (and sends webhooks) lives with the app: it starts when the app is ready, unless this
 * instance runs no background work, and stops when it closes.
 */
export function registerMessageRoutes(app: FastifyInstance, { db, env }: AppDeps): void {
  const worker = new NotifyWorker(db, env, app.log);
  if (env.QUIRE_JOBS) app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', () => worker.stop());
  app.decorate('notifyWorker', worker);
  registerMessageStream(app, db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/user/message/unread',
    { schema: { querystring: UnreadQuery, response: { 200: envelope(z.array(Message)) } } },
    async (request) => {
      const rows = await listUnread(db, actorOf(request).user.id, request.query.limit);
      return ok(rows.map(presentMessage));
    },
  );

  r.post(
    '/api/user/message/page',
    { schema: { body: PageRequest, response: { 200: envelope(MessagePage) } } },
    async (request) => {
      const { pageIndex, pageSize } = request.body;
      const { rows, total } = await pageMessages(db, actorOf(request).user.id, pageIndex, pageSize);
      return ok({ list: rows.map(presentMessage), total, pageIndex, pageSize });
    },
  );

  r.post(
    '/api/user/message/setRead',
    { schema: { body: SetReadRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      const userId = actorOf(request).user.id;
      const changed = await markRead(db, userId, request.body.id);
      if (changed === 0) throw new AppError('message.not_found');
      changeSignals.emit('messages', [userId]); // the caller's other tabs
      return ok(null);
    },
  );

  r.post(
    '/api/user/message/setReadAll',
    { schema: { response: { 200: envelope(Empty) } } },
    async (request) => {
      const userId = actorOf(request).user.id;
      await markAllRead(db, userId);
      changeSignals.emit('messages', [userId]);
      return ok(null);
    },
  );

  r.get(
    '/api/user/subscribe/doc/page',
    { schema: { querystring: StrictPageRequest, response: { 200: envelope(SubscribedDocPage) } } },
    async (request) =>
      ok(
        await pageFollowedDocs(await callerOf(request, db), request.query.pageIndex, request.query.pageSize),
      ),
  );

  // Unfollowing needs no read right (a follower who lost access may still clean up); it only removes their row.
  r.post(
    '/api/user/subscribe/doc/remove',
    { schema: { body: SubscribeRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await deleteDocSubscription(db, actorOf(request).user.id, request.body.sourceId);
      return ok(null);
    },
  );

  r.get(
    '/api/user/subscribe/project/list',
    { schema: { response: { 200: envelope(z.array(SubscribedProject)) } } },
    async (request) => ok(await listProjectsFollowed(await callerOf(request, db))),
  );

  r.get(
    '/api/user/subscribe/project/isSubscribe',
    {
      schema: {
        querystring: z.object({ sourceId: ProjectIdQuery.shape.projectId }),
        response: { 200: envelope(z.boolean()) },
      },
    },
    async (request) => ok(await isFollowingProject(await callerOf(request, db), request.query.sourceId)),
  );

  for (const [path, follow] of [
    ['/api/user/subscribe/project/subscribe', true],
    ['/api/user/subscribe/project/cancelSubscribe', false],
  ] as const) {
    r.post(
      path,
      { schema: { body: SubscribeRequest, response: { 200: envelope(Empty) } } },
      async (request) => {
        await setFollowingProject(await callerOf(request, db), request.body.sourceId, follow);
        return ok(null);
      },
    );
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes messages and webhook deliveries after changes commit (tests and benchmarks settle it). */
    notifyWorker: NotifyWorker;
  }
}
