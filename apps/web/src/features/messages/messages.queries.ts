import { Timeouts } from '@quire/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { listUnread, pageMessages, setAllRead, setRead } from './messages.api.ts';

export const messageKeys = {
  all: ['messages'] as const,
  unread: ['messages', 'unread'] as const,
  page: (pageIndex: number, pageSize: number) => ['messages', 'page', pageIndex, pageSize] as const,
};

/**
 * The bell's unread list, polled every 30 s. One query shared by every bell on screen, so there is one
 * timer (Torna started one per top bar). A failed poll stays silent; the next one tries again.
 */
export function unreadMessagesQuery() {
  return queryOptions({
    queryKey: messageKeys.unread,
    queryFn: ({ signal }) => listUnread({ signal, silent: true }),
    refetchInterval: Timeouts.messagePollMs,
    staleTime: 0,
  });
}

/** One page of the message centre. */
export function messagePageQuery(pageIndex: number, pageSize: number) {
  return queryOptions({
    queryKey: messageKeys.page(pageIndex, pageSize),
    queryFn: ({ signal }) => pageMessages(pageIndex, pageSize, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateMessages() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: messageKeys.all });
}

/** Marks one message read and refreshes the bell and the list. */
export function useSetRead() {
  const invalidate = useInvalidateMessages();
  return useMutation({ mutationFn: (id: string) => setRead({ id }), onSuccess: invalidate });
}

/** Marks every message read and refreshes the bell and the list. */
export function useSetAllRead() {
  const invalidate = useInvalidateMessages();
  return useMutation({ mutationFn: setAllRead, onSuccess: invalidate });
}
