import {
  type ShareAddRequest,
  ShareConfig,
  ShareContentRow,
  ShareEnvironmentRow,
  SharePage,
  ShareRegenerateAnswer,
  type ShareUpdateRequest,
} from '@quire/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiPost, type RequestOptions } from '../../lib/api-client.ts';

export const shareKeys = {
  all: ['shares'] as const,
  page: (moduleId: string, pageIndex: number, pageSize: number) =>
    ['shares', 'page', moduleId, pageIndex, pageSize] as const,
  content: (id: string) => ['shares', 'content', id] as const,
  environments: (id: string) => ['shares', 'environments', id] as const,
};

/** `POST /api/doc/share/page`: an application's shares (with passwords, for its devs and admins). */
export function pageShares(moduleId: string, pageIndex: number, pageSize: number, options?: RequestOptions) {
  return apiPost('/doc/share/page', SharePage, { moduleId, pageIndex, pageSize }, options);
}

export function listShareContent(id: string, options?: RequestOptions) {
  return apiGet('/doc/share/listContent', z.array(ShareContentRow), { id }, options);
}

export function listShareEnvironments(id: string, options?: RequestOptions) {
  return apiGet('/doc/share/listEnvironment', z.array(ShareEnvironmentRow), { id }, options);
}

/** Add or update, then refresh the lists. */
export function useSaveShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShareAddRequest | ShareUpdateRequest) =>
      'id' in body
        ? apiPost('/doc/share/update', ShareConfig, body)
        : apiPost('/doc/share/add', ShareConfig, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareKeys.all }),
  });
}

/** Delete, enable, disable or regenerate the password of a share. */
export function useShareAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      action,
    }: {
      id: string;
      action: 'del' | 'enable' | 'disable' | 'regeneratePassword';
    }) =>
      action === 'regeneratePassword'
        ? apiPost('/doc/share/regeneratePassword', ShareRegenerateAnswer, { id }).then(() => null)
        : apiPost(`/doc/share/${action}`, z.null(), { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareKeys.all }),
  });
}
