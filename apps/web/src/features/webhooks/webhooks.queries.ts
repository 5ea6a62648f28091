import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  addWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  testWebhook,
  updateWebhook,
  type WebhookScope,
} from './webhooks.api.ts';

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: (scope: WebhookScope) => ['webhooks', 'list', scope] as const,
  deliveries: (id: string) => ['webhooks', 'deliveries', id] as const,
};

export function webhooksQuery(scope: WebhookScope) {
  return queryOptions({
    queryKey: webhookKeys.list(scope),
    queryFn: ({ signal }) => listWebhooks(scope, { signal }),
  });
}

/** The delivery log; refreshed every few seconds while open, since deliveries finish in the background. */
export function deliveriesQuery(id: string) {
  return queryOptions({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ signal }) => listDeliveries(id, { signal, silent: true }),
    refetchInterval: 3000,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });
}

export function useAddWebhook() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: addWebhook, onSuccess: invalidate });
}

export function useUpdateWebhook() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: updateWebhook, onSuccess: invalidate });
}

export function useDeleteWebhook() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: deleteWebhook, onSuccess: invalidate });
}

export function useTestWebhook() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: testWebhook, onSuccess: invalidate });
}
