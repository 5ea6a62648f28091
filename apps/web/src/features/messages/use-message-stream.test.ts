import { describe, expect, it } from 'vitest';
import { parseEvents } from './use-message-stream.ts';

describe('parseEvents', () => {
  it('reads complete events and keeps a partial one for the next chunk', () => {
    const { events, rest } = parseEvents(
      'retry: 5000\n\nevent: unread\ndata: {"count":2}\n\n: ping\n\nevent: unr',
    );
    expect(events).toEqual([{ event: 'unread', data: '{"count":2}' }]);
    expect(rest).toBe('event: unr');
  });
});
