import {
  docShareAdd,
  docShareDel,
  docShareDisable,
  docShareEnable,
  docShareListContent,
  docShareListEnvironment,
  docSharePage,
  docShareRegeneratePassword,
  docShareUpdate,
  type ShareAddRequest,
  type ShareUpdateRequest,
} from '@quire/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type RequestOptions } from '../../lib/api-client.ts';
import { shareKeys } from './sharing.queries.ts';

/** `POST /api/doc/share/page`: an application's shares (with passwords, for its devs and admins). */
export function pageShares(moduleId: string, pageIndex: number, pageSize: number, options?: RequestOptions) {
  return call(docSharePage, { moduleId, pageIndex, pageSize }, options);
}

export function listShareContent(id: string, options?: RequestOptions) {
  return call(docShareListContent, { id }, options);
}

export function listShareEnvironments(id: string, options?: RequestOptions) {
  return call(docShareListEnvironment, { id }, options);
}

/** Add or update, then refresh the lists. */
export function useSaveShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShareAddRequest | ShareUpdateRequest) =>
      'id' in body ? call(docShareUpdate, body) : call(docShareAdd, body),
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
        ? call(docShareRegeneratePassword, { id }).then(() => null)
        : call({ del: docShareDel, enable: docShareEnable, disable: docShareDisable }[action], { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareKeys.all }),
  });
}
