import { Empty, Message, MessagePage, type SetReadRequest } from '@quire/shared';
import { z } from 'zod';
import { apiGet, apiPost, type RequestOptions } from '../../lib/api-client.ts';

/** One more than the badge cap (BADGE_MAX), so a 100th unread message turns the badge into "99+". */
export const UNREAD_LIMIT = 100;

const MessageList = z.array(Message);

/** Unread messages, newest first, at most 100. */
export function listUnread(options?: RequestOptions) {
  return apiGet('/user/message/unread', MessageList, { limit: UNREAD_LIMIT }, options);
}

/** One page of all messages. */
export function pageMessages(pageIndex: number, pageSize: number, options?: RequestOptions) {
  return apiPost('/user/message/page', MessagePage, { pageIndex, pageSize }, options);
}

/** Marks one message read. */
export function setRead(body: z.infer<typeof SetReadRequest>) {
  return apiPost('/user/message/setRead', Empty, body);
}

/** Marks every message read. */
export function setAllRead() {
  return apiPost('/user/message/setReadAll', Empty);
}
