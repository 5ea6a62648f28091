import {
  type SetReadRequest,
  userMessagePage,
  userMessageSetRead,
  userMessageSetReadAll,
  userMessageUnread,
} from '@quire/shared';
import type { z } from 'zod';
import { call, type RequestOptions } from '../../lib/api-client.ts';

/** One more than the badge cap (BADGE_MAX), so a 100th unread message turns the badge into "99+". */
export const UNREAD_LIMIT = 100;

/** Unread messages, newest first, at most 100. */
export function listUnread(options?: RequestOptions) {
  return call(userMessageUnread, { limit: UNREAD_LIMIT }, options);
}

/** One page of all messages. */
export function pageMessages(pageIndex: number, pageSize: number, options?: RequestOptions) {
  return call(userMessagePage, { pageIndex, pageSize }, options);
}

/** Marks one message read. */
export function setRead(body: z.infer<typeof SetReadRequest>) {
  return call(userMessageSetRead, body);
}

/** Marks every message read. */
export function setAllRead() {
  return call(userMessageSetReadAll);
}
