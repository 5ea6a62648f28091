import type { AdminUserPageRequest, AuditPageRequest } from '@quire/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { systemKeys } from '../system/system.queries.ts';
import { userKeys } from '../user/user.queries.ts';
import {
  allocateProjects,
  createUser,
  deleteI18nPack,
  disableUser,
  enableUser,
  getAdminSetting,
  getI18nPack,
  getProjectTree,
  getUserProjectIds,
  listI18nPacks,
  listTrash,
  pageAudit,
  pageUsers,
  resetUserPassword,
  restoreTrash,
  saveI18nPack,
  updateAdminSetting,
} from './admin.api.ts';

export const adminKeys = {
  all: ['admin'] as const,
  users: ['admin', 'users'] as const,
  userPage: (request: AdminUserPageRequest) => ['admin', 'users', 'page', request] as const,
  userProjects: (userId: string) => ['admin', 'users', 'projects', userId] as const,
  projectTree: ['admin', 'projectTree'] as const,
  setting: ['admin', 'setting'] as const,
  packs: ['admin', 'i18n'] as const,
  pack: (id: string) => ['admin', 'i18n', id] as const,
  trash: ['admin', 'trash'] as const,
  audit: (request: AuditPageRequest) => ['admin', 'audit', request] as const,
};

export function userPageQuery(request: AdminUserPageRequest) {
  return queryOptions({
    queryKey: adminKeys.userPage(request),
    queryFn: ({ signal }) => pageUsers(request, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function userProjectIdsQuery(userId: string) {
  return queryOptions({
    queryKey: adminKeys.userProjects(userId),
    queryFn: ({ signal }) => getUserProjectIds(userId, { signal }),
    staleTime: 0,
  });
}

export function projectTreeQuery() {
  return queryOptions({
    queryKey: adminKeys.projectTree,
    queryFn: ({ signal }) => getProjectTree({ signal }),
    staleTime: 0,
  });
}

export function adminSettingQuery() {
  return queryOptions({ queryKey: adminKeys.setting, queryFn: ({ signal }) => getAdminSetting({ signal }) });
}

export function i18nPacksQuery() {
  return queryOptions({ queryKey: adminKeys.packs, queryFn: ({ signal }) => listI18nPacks({ signal }) });
}

export function i18nPackQuery(id: string) {
  return queryOptions({
    queryKey: adminKeys.pack(id),
    queryFn: ({ signal }) => getI18nPack(id, { signal }),
    staleTime: 0,
  });
}

export function trashQuery() {
  return queryOptions({ queryKey: adminKeys.trash, queryFn: ({ signal }) => listTrash({ signal }) });
}

export function auditPageQuery(request: AuditPageRequest) {
  return queryOptions({
    queryKey: adminKeys.audit(request),
    queryFn: ({ signal }) => pageAudit(request, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.users });
}

export function useCreateUser() {
  return useMutation({ mutationFn: createUser, onSuccess: useInvalidateUsers() });
}

export function useResetUserPassword() {
  return useMutation({ mutationFn: resetUserPassword, onSuccess: useInvalidateUsers() });
}

export function useSetUserEnabled() {
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      enabled ? enableUser(id) : disableUser(id),
    onSuccess: useInvalidateUsers(),
  });
}

export function useAllocateProjects() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: allocateProjects,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.users }),
        queryClient.invalidateQueries({ queryKey: userKeys.perms }),
      ]),
  });
}

export function useUpdateAdminSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminSetting,
    onSuccess: (setting) => {
      queryClient.setQueryData(adminKeys.setting, setting);
      // The login and registration screens read the registration switch from viewConfig.
      void queryClient.invalidateQueries({ queryKey: systemKeys.viewConfig });
    },
  });
}

function useInvalidatePacks() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.packs }),
      queryClient.invalidateQueries({ queryKey: systemKeys.languages }),
    ]);
}

export function useSaveI18nPack() {
  return useMutation({ mutationFn: saveI18nPack, onSuccess: useInvalidatePacks() });
}

export function useDeleteI18nPack() {
  return useMutation({ mutationFn: deleteI18nPack, onSuccess: useInvalidatePacks() });
}

export function useRestoreTrash() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreTrash,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
