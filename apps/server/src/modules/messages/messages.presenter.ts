import type { Message } from '@quire/shared';
import type { MessageRow } from './messages.repository.ts';

/** A message row in the wire shape of SPEC.md section 3. */
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
