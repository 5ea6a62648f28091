import {
  type ComposeDocAddRequest,
  ComposeDocRow,
  type ComposeFolderAddRequest,
  ComposePage,
  type ComposePageAddRequest,
  type ComposePageUpdateRequest,
  ComposeProject,
  type ComposeProjectAddRequest,
  type ComposeProjectUpdateRequest,
  ComposeSettingAll,
  type ComposeSettingSaveRequest,
  ShareRegenerateAnswer,
} from '@quire/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiPost, type RequestOptions } from '../../lib/api-client.ts';

export const composeKeys = {
  all: ['compose'] as const,
  list: (spaceId: string) => ['compose', 'list', spaceId] as const,
  docs: (projectId: string) => ['compose', 'docs', projectId] as const,
  setting: (projectId: string) => ['compose', 'setting', projectId] as const,
  pages: (projectId: string) => ['compose', 'pages', projectId] as const,
};

/** Calls of composed projects (Torna's `compose/*`), for the members of a composed space. */

export function listComposeProjects(spaceId: string, options?: RequestOptions) {
  return apiGet('/compose/project/list', z.array(ComposeProject), { spaceId }, options);
}

export function listComposeDocs(projectId: string, options?: RequestOptions) {
  return apiGet('/compose/doc/list', z.array(ComposeDocRow), { projectId }, options);
}

/** The settings with the global tables, for the space's members. */
export function getComposeSetting(id: string, options?: RequestOptions) {
  return apiGet('/compose/project/setting/get', ComposeSettingAll, { id }, options);
}

export function listComposePages(projectId: string, options?: RequestOptions) {
  return apiGet('/compose/additional/list', z.array(ComposePage), { projectId }, options);
}

/** Any compose write; every answer refreshes what is cached of composed projects. */
export function useComposeWrite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (call: ComposeCall) => send(call),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: composeKeys.all }),
  });
}

export type ComposeCall =
  | { kind: 'projectAdd'; body: ComposeProjectAddRequest }
  | { kind: 'projectUpdate'; body: ComposeProjectUpdateRequest }
  | { kind: 'projectDelete' | 'regenerate' | 'docRemove' | 'pageDelete'; id: string }
  | { kind: 'docAdd'; body: ComposeDocAddRequest }
  | { kind: 'folderAdd'; body: ComposeFolderAddRequest }
  | { kind: 'folderRename'; id: string; name: string }
  | { kind: 'order'; id: string; orderIndex: number }
  | { kind: 'settingSave'; body: ComposeSettingSaveRequest }
  | { kind: 'pageAdd'; body: ComposePageAddRequest }
  | { kind: 'pageUpdate'; body: ComposePageUpdateRequest };

function send(call: ComposeCall): Promise<unknown> {
  const none = z.null();
  switch (call.kind) {
    case 'projectAdd':
      return apiPost('/compose/project/add', ComposeProject, call.body);
    case 'projectUpdate':
      return apiPost('/compose/project/update', ComposeProject, call.body);
    case 'projectDelete':
      return apiPost('/compose/project/delete', none, { id: call.id });
    case 'regenerate':
      return apiPost('/compose/project/regeneratePassword', ShareRegenerateAnswer, { id: call.id });
    case 'docRemove':
      return apiPost('/compose/doc/remove', none, { id: call.id });
    case 'pageDelete':
      return apiPost('/compose/additional/delete', none, { id: call.id });
    case 'docAdd':
      return apiPost('/compose/doc/add', none, call.body);
    case 'folderAdd':
      return apiPost('/compose/doc/folder/add', ComposeDocRow, call.body);
    case 'folderRename':
      return apiPost('/compose/doc/folder/update', none, { id: call.id, name: call.name });
    case 'order':
      return apiPost('/compose/doc/orderindex/update', none, { id: call.id, orderIndex: call.orderIndex });
    case 'settingSave':
      return apiPost('/compose/project/setting/save', none, call.body);
    case 'pageAdd':
      return apiPost('/compose/additional/add', ComposePage, call.body);
    case 'pageUpdate':
      return apiPost('/compose/additional/update', none, call.body);
  }
}
