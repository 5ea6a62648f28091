import type { Message } from '@quire/shared';
import type { MessageRow } from './messages.repository.ts';

/** A message row in the wire shape the web client reads (packages/shared/src/api/messages.ts). */
export function presentMessage(row: MessageRow): Message {
  return {
    id: row.id,
    message: row.message,
    type: row.type,
    sourceId: row.sourceId,
    isRead: row.isRead,
    pushTime: row.createdAt,
  };
}
