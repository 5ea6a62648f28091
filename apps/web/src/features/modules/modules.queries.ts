import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { environmentsKey } from '../view/view.queries.ts';
import {
  addEnvironment,
  addModule,
  copyEnvironment,
  deleteEnvironment,
  deleteModule,
  getModule,
  getModuleSetting,
  getTokenStatus,
  importEnvironments,
  listEnvironments,
  listModules,
  refreshToken,
  updateEnvironment,
  updateModule,
  updateModuleSetting,
} from './modules.api.ts';

export const moduleKeys = {
  all: ['modules'] as const,
  list: (projectId: string) => ['modules', 'list', projectId] as const,
  one: (moduleId: string) => ['modules', 'one', moduleId] as const,
  setting: (moduleId: string) => ['modules', 'setting', moduleId] as const,
  token: (moduleId: string) => ['modules', 'token', moduleId] as const,
  environmentsAll: ['environments'] as const,
  environments: environmentsKey,
};

/** Applications of a project. */
export function modulesQuery(projectId: string) {
  return queryOptions({
    queryKey: moduleKeys.list(projectId),
    queryFn: ({ signal }) => listModules(projectId, { signal }),
  });
}

/** One application. */
export function moduleQuery(moduleId: string) {
  return queryOptions({
    queryKey: moduleKeys.one(moduleId),
    queryFn: ({ signal }) => getModule(moduleId, { signal }),
  });
}

/** Settings of an application. */
export function moduleSettingQuery(moduleId: string) {
  return queryOptions({
    queryKey: moduleKeys.setting(moduleId),
    queryFn: ({ signal }) => getModuleSetting(moduleId, { signal }),
  });
}

/** Push-token status of an application. */
export function tokenStatusQuery(moduleId: string) {
  return queryOptions({
    queryKey: moduleKeys.token(moduleId),
    queryFn: ({ signal }) => getTokenStatus(moduleId, { signal }),
  });
}

/** Environments of an application. */
export function environmentsQuery(moduleId: string) {
  return queryOptions({
    queryKey: moduleKeys.environments(moduleId),
    queryFn: ({ signal }) => listEnvironments(moduleId, { signal }),
  });
}

function useInvalidate(queryKey: readonly string[]) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey });
}

export function useAddModule() {
  return useMutation({ mutationFn: addModule, onSuccess: useInvalidate(moduleKeys.all) });
}

export function useUpdateModule() {
  return useMutation({ mutationFn: updateModule, onSuccess: useInvalidate(moduleKeys.all) });
}

export function useDeleteModule() {
  return useMutation({ mutationFn: deleteModule, onSuccess: useInvalidate(moduleKeys.all) });
}

export function useUpdateModuleSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateModuleSetting,
    onSuccess: (setting) => queryClient.setQueryData(moduleKeys.setting(setting.moduleId), setting),
  });
}

export function useAddEnvironment() {
  return useMutation({ mutationFn: addEnvironment, onSuccess: useInvalidate(moduleKeys.environmentsAll) });
}

export function useUpdateEnvironment() {
  return useMutation({
    mutationFn: updateEnvironment,
    onSuccess: useInvalidate(moduleKeys.environmentsAll),
  });
}

export function useDeleteEnvironment() {
  return useMutation({
    mutationFn: deleteEnvironment,
    onSuccess: useInvalidate(moduleKeys.environmentsAll),
  });
}

export function useCopyEnvironment() {
  return useMutation({ mutationFn: copyEnvironment, onSuccess: useInvalidate(moduleKeys.environmentsAll) });
}

export function useImportEnvironments() {
  return useMutation({
    mutationFn: importEnvironments,
    onSuccess: useInvalidate(moduleKeys.environmentsAll),
  });
}

export function useRefreshToken(moduleId: string) {
  return useMutation({
    mutationFn: () => refreshToken(moduleId),
    onSuccess: useInvalidate(moduleKeys.token(moduleId)),
  });
}
