import { z } from 'zod';
import { Empty, PageRequest, paged } from '../envelope.ts';
import { defineCall } from './contract.ts';
import { ProjectIdQuery } from './projects.ts';
import { StrictPageRequest } from './spaces.ts';
import { SubscribeRequest } from './view.ts';

/** An in-site message; type 1 links to a doc (`sourceId`). */
export const Message = z.object({
  id: z.string(),
  message: z.string(),
  type: z.number().int(),
  sourceId: z.string(),
  isRead: z.number().int(),
  pushTime: z.string(),
});
export type Message = z.infer<typeof Message>;

/** Query of `GET /api/user/message/unread`. */
// Up to one past the badge cap, so the bell can tell 99 from "99+" (Torna's `limit=99` could not).
export const UnreadQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(99) });

/** `POST /api/user/message/setRead`. */
export const SetReadRequest = z.object({ id: z.string().min(1).max(64) });

/** `POST /api/user/message/page`. */
export const MessagePage = paged(Message);
export type MessagePage = z.infer<typeof MessagePage>;

/**
 * Message types: 1 links to a doc; 2 a digest of many docs of an application; 3 a push's or import's outcome;
 * 4 a doc of a followed release changed since the release (links to the doc, the first breaking one first).
 */
export const MessageType = { doc: 1, digest: 2, sync: 3, release: 4 } as const;

/** A followed doc (`GET /api/user/subscribe/doc/page`). */
export const SubscribedDoc = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  httpMethod: z.string(),
  moduleId: z.string(),
  moduleName: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  subscribeTime: z.string(),
});
export type SubscribedDoc = z.infer<typeof SubscribedDoc>;
export const SubscribedDocPage = paged(SubscribedDoc);
export type SubscribedDocPage = z.infer<typeof SubscribedDocPage>;

/** A followed project (`GET /api/user/subscribe/project/list`); `sourceId` and `gmtModified` are Torna's names. */
export const SubscribedProject = z.object({
  sourceId: z.string(),
  name: z.string(),
  spaceId: z.string(),
  spaceName: z.string(),
  gmtModified: z.string(),
});
export type SubscribedProject = z.infer<typeof SubscribedProject>;

export const userMessageUnread = defineCall({
  method: 'GET',
  path: '/api/user/message/unread',
  query: UnreadQuery,
  response: z.array(Message),
  access: 'user',
});

export const userMessagePage = defineCall({
  method: 'POST',
  path: '/api/user/message/page',
  body: PageRequest,
  response: MessagePage,
  access: 'user',
});

export const userMessageSetRead = defineCall({
  method: 'POST',
  path: '/api/user/message/setRead',
  body: SetReadRequest,
  response: Empty,
  access: 'user',
});

export const userMessageSetReadAll = defineCall({
  method: 'POST',
  path: '/api/user/message/setReadAll',
  response: Empty,
  access: 'user',
});

export const userSubscribeDocPage = defineCall({
  method: 'GET',
  path: '/api/user/subscribe/doc/page',
  query: StrictPageRequest,
  response: SubscribedDocPage,
  access: 'user',
});

export const userSubscribeDocRemove = defineCall({
  method: 'POST',
  path: '/api/user/subscribe/doc/remove',
  body: SubscribeRequest,
  response: Empty,
  access: 'user',
});

export const userSubscribeProjectList = defineCall({
  method: 'GET',
  path: '/api/user/subscribe/project/list',
  response: z.array(SubscribedProject),
  access: 'user',
});

export const userSubscribeProjectIsSubscribe = defineCall({
  method: 'GET',
  path: '/api/user/subscribe/project/isSubscribe',
  query: z.object({ sourceId: ProjectIdQuery.shape.projectId }),
  response: z.boolean(),
  access: 'user',
});

export const userSubscribeProjectSubscribe = defineCall({
  method: 'POST',
  path: '/api/user/subscribe/project/subscribe',
  body: SubscribeRequest,
  response: Empty,
  access: 'user',
});

export const userSubscribeProjectCancelSubscribe = defineCall({
  method: 'POST',
  path: '/api/user/subscribe/project/cancelSubscribe',
  body: SubscribeRequest,
  response: Empty,
  access: 'user',
});
