import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getToken } from '../../lib/storage.ts';
import { messageKeys } from './messages.queries.ts';

/** Waits before reconnecting after the stream dropped: grows up to a minute, the 30 s poll covers meanwhile. */
const RETRY_MS = [2_000, 5_000, 15_000, 60_000];

/** Splits server-sent event text into events, keeping an incomplete tail for the next chunk. */
export function parseEvents(buffer: string): {
  events: Array<{ event: string; data: string }>;
  rest: string;
} {
  const events: Array<{ event: string; data: string }> = [];
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trim());
    }
    if (data.length > 0) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

/**
 * Keeps the bell current within a second or two: reads `GET /api/user/message/stream` (server-sent events)
 * with fetch, so the token goes in the Authorization header as on every call, and refreshes the unread
 * query when the count changes. The 30-second poll of the unread query stays on underneath, for instances
 * behind a proxy that buffers streams or when the stream is down.
 */
export function useMessageStream(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const controller = new AbortController();
    let failures = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastCount: number | undefined;

    const connect = async () => {
      const token = getToken();
      if (!token) return;
      try {
        const response = await fetch('/api/user/message/stream', {
          headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
          signal: controller.signal,
        });
        // Logged out or refused: the regular calls deal with it; no reconnect loop.
        if (response.status === 401 || response.status === 403) return;
        if (!response.ok || !response.body) throw new Error(String(response.status));
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          failures = 0;
          const parsed = parseEvents(buffer + decoder.decode(value, { stream: true }));
          buffer = parsed.rest;
          for (const { event, data } of parsed.events) {
            if (event !== 'unread') continue;
            const count = (JSON.parse(data) as { count?: number }).count;
            if (count !== lastCount) {
              // The first count only confirms what the query already shows; later ones mean news.
              if (lastCount !== undefined) void queryClient.invalidateQueries({ queryKey: messageKeys.all });
              lastCount = count;
            }
          }
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      if (controller.signal.aborted) return;
      const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)];
      failures++;
      timer = setTimeout(() => void connect(), wait);
    };
    void connect();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [queryClient]);
}
