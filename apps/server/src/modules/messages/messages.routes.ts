import {
  userMessagePage,
  userMessageSetRead,
  userMessageSetReadAll,
  userMessageUnread,
  userSubscribeDocPage,
  userSubscribeDocRemove,
  userSubscribeProjectCancelSubscribe,
  userSubscribeProjectIsSubscribe,
  userSubscribeProjectList,
  userSubscribeProjectSubscribe,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import type { AppDeps } from '../../http/deps.ts';
import { actorOf } from '../../http/reply.ts';
import { route } from '../../http/route.ts';
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

  route(app, userMessageUnread, async (request) => {
    const rows = await listUnread(db, actorOf(request).user.id, request.query.limit);
    return rows.map(presentMessage);
  });

  route(app, userMessagePage, async (request) => {
    const { pageIndex, pageSize } = request.body;
    const { rows, total } = await pageMessages(db, actorOf(request).user.id, pageIndex, pageSize);
    return { list: rows.map(presentMessage), total, pageIndex, pageSize };
  });

  route(app, userMessageSetRead, async (request) => {
    const userId = actorOf(request).user.id;
    const changed = await markRead(db, userId, request.body.id);
    if (changed === 0) throw new AppError('message.not_found');
    changeSignals.emit('messages', [userId]); // the caller's other tabs
    return null;
  });

  route(app, userMessageSetReadAll, async (request) => {
    const userId = actorOf(request).user.id;
    await markAllRead(db, userId);
    changeSignals.emit('messages', [userId]);
    return null;
  });

  route(
    app,
    userSubscribeDocPage,
    async (request) =>
      await pageFollowedDocs(await callerOf(request, db), request.query.pageIndex, request.query.pageSize),
  );

  // Unfollowing needs no read right (a follower who lost access may still clean up); it only removes their row.
  route(app, userSubscribeDocRemove, async (request) => {
    await deleteDocSubscription(db, actorOf(request).user.id, request.body.sourceId);
    return null;
  });

  route(
    app,
    userSubscribeProjectList,
    async (request) => await listProjectsFollowed(await callerOf(request, db)),
  );

  route(
    app,
    userSubscribeProjectIsSubscribe,
    async (request) => await isFollowingProject(await callerOf(request, db), request.query.sourceId),
  );

  for (const [contract, follow] of [
    [userSubscribeProjectSubscribe, true],
    [userSubscribeProjectCancelSubscribe, false],
  ] as const) {
    route(app, contract, async (request) => {
      await setFollowingProject(await callerOf(request, db), request.body.sourceId, follow);
      return null;
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes messages and webhook deliveries after changes commit (tests and benchmarks settle it). */
    notifyWorker: NotifyWorker;
  }
}
