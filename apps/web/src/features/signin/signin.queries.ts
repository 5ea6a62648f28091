import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { systemKeys } from '../system/system.queries.ts';
import {
  getLdapSettings,
  getOidcSettings,
  testLdapConnection,
  updateLdapSettings,
  updateOidcSettings,
} from './signin.api.ts';

export const signinKeys = {
  ldap: ['admin', 'signin', 'ldap'] as const,
  oidc: ['admin', 'signin', 'oidc'] as const,
};

export function ldapSettingsQuery() {
  return queryOptions({ queryKey: signinKeys.ldap, queryFn: ({ signal }) => getLdapSettings({ signal }) });
}

export function oidcSettingsQuery() {
  return queryOptions({ queryKey: signinKeys.oidc, queryFn: ({ signal }) => getOidcSettings({ signal }) });
}

/** Saving changes what the login page offers, so its config is read again. */
function useInvalidateSignin(key: readonly string[]) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: key }),
      queryClient.invalidateQueries({ queryKey: systemKeys.config }),
      queryClient.invalidateQueries({ queryKey: systemKeys.viewConfig }),
    ]);
}

export function useUpdateLdapSettings() {
  return useMutation({ mutationFn: updateLdapSettings, onSuccess: useInvalidateSignin(signinKeys.ldap) });
}

export function useTestLdapConnection() {
  return useMutation({ mutationFn: testLdapConnection });
}

export function useUpdateOidcSettings() {
  return useMutation({ mutationFn: updateOidcSettings, onSuccess: useInvalidateSignin(signinKeys.oidc) });
}
