import { QueryClient } from '@tanstack/react-query';

/**
 * One query cache for the app. The API client already toasts a failure once, so queries do not retry
 * (a retry would toast again); screens offer an explicit Retry instead.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
