import type { SpaceMemberPageRequest } from '@quire/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '../user/user.queries.ts';
import {
  addOpenUser,
  addSpace,
  addSpaceMembers,
  deleteSpace,
  disableOpenUser,
  enableOpenUser,
  getSpaceInfo,
  listAllSpaceMembers,
  listNormalSpaces,
  listOpenUsers,
  listSpaces,
  pageSpaceMembers,
  removeSpaceMember,
  resetOpenUserSecret,
  searchUsers,
  setSpaceInternalAccess,
  updateSpace,
  updateSpaceMemberRole,
} from './spaces.api.ts';

export const spaceKeys = {
  all: ['spaces'] as const,
  list: ['spaces', 'list'] as const,
  normal: ['spaces', 'normal'] as const,
  info: (spaceId: string) => ['spaces', 'info', spaceId] as const,
  members: (spaceId: string) => ['spaces', 'members', spaceId] as const,
  memberPage: (request: SpaceMemberPageRequest) =>
    ['spaces', 'members', request.spaceId, 'page', request] as const,
  allMembers: (spaceId: string) => ['spaces', 'members', spaceId, 'all'] as const,
  openUsers: (spaceId: string) => ['spaces', 'openUsers', spaceId] as const,
  userSearch: (text: string) => ['users', 'search', text] as const,
};

/** The spaces the user can see, for the dashboard. */
export function spacesQuery() {
  return queryOptions({ queryKey: spaceKeys.list, queryFn: ({ signal }) => listSpaces({ signal }) });
}

/** Normal spaces, for pickers. */
export function normalSpacesQuery() {
  return queryOptions({
    queryKey: spaceKeys.normal,
    queryFn: ({ signal }) => listNormalSpaces({ signal }),
  });
}

/** `GET /api/space/info`; the space layout's loader fills it, failures are shown by the layout itself. */
export function spaceInfoQuery(spaceId: string) {
  return queryOptions({
    queryKey: spaceKeys.info(spaceId),
    queryFn: ({ signal }) => getSpaceInfo(spaceId, { signal, silent: true }),
  });
}

/** One page of a space's members. */
export function spaceMemberPageQuery(request: SpaceMemberPageRequest) {
  return queryOptions({
    queryKey: spaceKeys.memberPage(request),
    queryFn: ({ signal }) => pageSpaceMembers(request, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every member of a space. */
export function allSpaceMembersQuery(spaceId: string) {
  return queryOptions({
    queryKey: spaceKeys.allMembers(spaceId),
    queryFn: ({ signal }) => listAllSpaceMembers(spaceId, { signal }),
  });
}

/** Open-API clients of a space. */
export function openUsersQuery(spaceId: string) {
  return queryOptions({
    queryKey: spaceKeys.openUsers(spaceId),
    queryFn: ({ signal }) => listOpenUsers(spaceId, { signal }),
  });
}

/** Users matching a search text; an empty text asks nothing. */
export function userSearchQuery(text: string) {
  return queryOptions({
    queryKey: spaceKeys.userSearch(text),
    queryFn: ({ signal }) => searchUsers(text, { signal, silent: true }),
    enabled: text.trim().length > 0,
    staleTime: 10_000,
  });
}

/** Refreshes spaces and roles after a change that affects either. */
function useInvalidateSpaces() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: spaceKeys.all }),
      queryClient.invalidateQueries({ queryKey: userKeys.perms }),
    ]);
  };
}

export function useAddSpace() {
  const invalidate = useInvalidateSpaces();
  return useMutation({ mutationFn: addSpace, onSuccess: invalidate });
}

export function useUpdateSpace() {
  const invalidate = useInvalidateSpaces();
  return useMutation({ mutationFn: updateSpace, onSuccess: invalidate });
}

export function useSetSpaceInternalAccess(spaceId: string) {
  const invalidate = useInvalidateSpaces();
  return useMutation({
    mutationFn: (internalAccess: boolean) => setSpaceInternalAccess(spaceId, internalAccess),
    onSuccess: invalidate,
  });
}

export function useDeleteSpace() {
  const invalidate = useInvalidateSpaces();
  return useMutation({ mutationFn: deleteSpace, onSuccess: invalidate });
}

export function useAddSpaceMembers() {
  const invalidate = useInvalidateSpaces();
  return useMutation({ mutationFn: addSpaceMembers, onSuccess: invalidate });
}

export function useUpdateSpaceMemberRole() {
  const invalidate = useInvalidateSpaces();
  return useMutation({ mutationFn: updateSpaceMemberRole, onSuccess: invalidate });
}

export function useRemoveSpaceMember() {
  const invalidate = useInvalidateSpaces();
  return useMutation({ mutationFn: removeSpaceMember, onSuccess: invalidate });
}

function useInvalidateOpenUsers(spaceId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: spaceKeys.openUsers(spaceId) });
}

export function useAddOpenUser(spaceId: string) {
  const invalidate = useInvalidateOpenUsers(spaceId);
  return useMutation({ mutationFn: addOpenUser, onSuccess: invalidate });
}

export function useSetOpenUserEnabled(spaceId: string) {
  const invalidate = useInvalidateOpenUsers(spaceId);
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      enabled ? enableOpenUser(id) : disableOpenUser(id),
    onSuccess: invalidate,
  });
}

export function useResetOpenUserSecret(spaceId: string) {
  const invalidate = useInvalidateOpenUsers(spaceId);
  return useMutation({ mutationFn: resetOpenUserSecret, onSuccess: invalidate });
}
