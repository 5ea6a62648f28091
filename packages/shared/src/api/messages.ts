import { z } from 'zod';
import { paged } from '../envelope.ts';

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
