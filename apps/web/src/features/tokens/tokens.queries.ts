import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { addToken, listTokens, revokeToken } from './tokens.api.ts';

export const tokenKeys = { all: ['tokens'] as const };

export function tokensQuery() {
  return queryOptions({ queryKey: tokenKeys.all, queryFn: ({ signal }) => listTokens({ signal }) });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: tokenKeys.all });
}

export function useAddToken() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: addToken, onSuccess: invalidate });
}

export function useRevokeToken() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: revokeToken, onSuccess: invalidate });
}
