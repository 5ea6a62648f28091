import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { removeToken } from '../../lib/storage.ts';
import { logout } from './auth.api.ts';

/**
 * Logs out: revokes the token on the server, then forgets it and every cached answer of this account
 * whatever the server said (an already-revoked token must still leave the user logged out here).
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // Already logged out on the server, or unreachable: the local logout below is what matters.
    }
    removeToken();
    // Leave first: clearing the cache while the layout is mounted would refetch its queries without a token.
    await navigate('/login', { replace: true });
    queryClient.clear();
  }, [queryClient, navigate]);
}
