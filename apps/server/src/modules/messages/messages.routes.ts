import {
  Empty,
  envelope,
  Message,
  MessagePage,
  PageRequest,
  SetReadRequest,
  UnreadQuery,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { AppDeps } from '../../http/deps.ts';
import { actorOf, ok } from '../../http/reply.ts';
import { presentMessage } from './messages.presenter.ts';
import { listUnread, markAllRead, markRead, pageMessages } from './messages.repository.ts';

/** The caller's in-site messages; every call is scoped to the caller's own rows. */
export function registerMessageRoutes(app: FastifyInstance, { db }: AppDeps): void {
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
      const changed = await markRead(db, actorOf(request).user.id, request.body.id);
      if (changed === 0) throw new AppError('message.not_found');
      return ok(null);
    },
  );

  r.post(
    '/api/user/message/setReadAll',
    { schema: { response: { 200: envelope(Empty) } } },
    async (request) => {
      await markAllRead(db, actorOf(request).user.id);
      return ok(null);
    },
  );
}
