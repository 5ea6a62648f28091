import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getPerms, getProfile, getUserInfo, updateProfile } from './user.api.ts';

export const userKeys = {
  all: ['user'] as const,
  info: ['user', 'info'] as const,
  profile: ['user', 'profile'] as const,
  perms: ['user', 'perms'] as const,
};

/** `GET /api/user/info`. */
export function userInfoQuery() {
  return queryOptions({ queryKey: userKeys.info, queryFn: getUserInfo });
}

/** `GET /api/user/get`. */
export function profileQuery() {
  return queryOptions({ queryKey: userKeys.profile, queryFn: getProfile });
}

/** `GET /api/user/perm/get`; refetched when a layout mounts, as roles change when admins act. */
export function permsQuery() {
  return queryOptions({ queryKey: userKeys.perms, queryFn: getPerms, staleTime: 0 });
}

/** Saves the profile, then refreshes everything that shows the name. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
