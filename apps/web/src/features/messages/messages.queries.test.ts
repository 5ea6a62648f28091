import { describe, expect, it } from 'vitest';
import { MOBILE_QUERY, VIEW_SIDEBAR_QUERY } from '../../layouts/breakpoints.ts';
import { unreadMessagesQuery } from './messages.queries.ts';

describe('shell timings and breakpoints', () => {
  it('polls the unread messages every 30 000 ms', () => {
    expect(unreadMessagesQuery().refetchInterval).toBe(30_000);
  });

  it('counts a screen as mobile below 992 px and hides the reader sidebar below 1000 px', () => {
    expect(MOBILE_QUERY).toBe('(max-width: 991.98px)');
    expect(VIEW_SIDEBAR_QUERY).toBe('(max-width: 999.98px)');
  });
});
