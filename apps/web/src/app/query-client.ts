import { TabSyncQueryClient } from '../lib/tab-sync-query-client.ts';

/**
 * One query cache for the app. The API client already toasts a failure once, so queries do not retry
 * (a retry would toast again); screens offer an explicit Retry instead. Changes made in another tab of the
 * app invalidate the same keys here (TabSyncQueryClient), since data is kept 30 s and not refetched on focus.
 */
export const queryClient = new TabSyncQueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
