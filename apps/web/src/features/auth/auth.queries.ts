import { exchangeLoginKey } from './auth.api.ts';

export const authKeys = {
  loginKey: (loginKey: string) => ['auth', 'loginKey', loginKey] as const,
};

/**
 * A third-party login's one-time key exchanged for a token: a query, so a re-render cannot spend the key
 * twice, and never kept once the page is left.
 */
export const loginKeyQuery = (loginKey: string) => ({
  queryKey: authKeys.loginKey(loginKey),
  queryFn: () => exchangeLoginKey(loginKey),
  enabled: loginKey.length > 0,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: 0,
});
