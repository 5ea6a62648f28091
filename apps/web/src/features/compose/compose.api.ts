import {
  type ComposeDocAddRequest,
  type ComposeFolderAddRequest,
  type ComposePageAddRequest,
  type ComposePageUpdateRequest,
  type ComposeProjectAddRequest,
  type ComposeProjectUpdateRequest,
  type ComposeSettingSaveRequest,
  composeAdditionalAdd,
  composeAdditionalDelete,
  composeAdditionalList,
  composeAdditionalUpdate,
  composeDocAdd,
  composeDocFolderAdd,
  composeDocFolderUpdate,
  composeDocList,
  composeDocOrderindexUpdate,
  composeDocRemove,
  composeProjectAdd,
  composeProjectDelete,
  composeProjectList,
  composeProjectRegeneratePassword,
  composeProjectSettingGet,
  composeProjectSettingSave,
  composeProjectUpdate,
} from '@quire/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type RequestOptions } from '../../lib/api-client.ts';
import { composeKeys } from './compose.queries.ts';

/** Calls of composed projects (Torna's `compose/*`), for the members of a composed space. */

export function listComposeProjects(spaceId: string, options?: RequestOptions) {
  return call(composeProjectList, { spaceId }, options);
}

export function listComposeDocs(projectId: string, options?: RequestOptions) {
  return call(composeDocList, { projectId }, options);
}

/** The settings with the global tables, for the space's members. */
export function getComposeSetting(id: string, options?: RequestOptions) {
  return call(composeProjectSettingGet, { id }, options);
}

export function listComposePages(projectId: string, options?: RequestOptions) {
  return call(composeAdditionalList, { projectId }, options);
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

function send(c: ComposeCall): Promise<unknown> {
  switch (c.kind) {
    case 'projectAdd':
      return call(composeProjectAdd, c.body);
    case 'projectUpdate':
      return call(composeProjectUpdate, c.body);
    case 'projectDelete':
      return call(composeProjectDelete, { id: c.id });
    case 'regenerate':
      return call(composeProjectRegeneratePassword, { id: c.id });
    case 'docRemove':
      return call(composeDocRemove, { id: c.id });
    case 'pageDelete':
      return call(composeAdditionalDelete, { id: c.id });
    case 'docAdd':
      return call(composeDocAdd, c.body);
    case 'folderAdd':
      return call(composeDocFolderAdd, c.body);
    case 'folderRename':
      return call(composeDocFolderUpdate, { id: c.id, name: c.name });
    case 'order':
      return call(composeDocOrderindexUpdate, { id: c.id, orderIndex: c.orderIndex });
    case 'settingSave':
      return call(composeProjectSettingSave, c.body);
    case 'pageAdd':
      return call(composeAdditionalAdd, c.body);
    case 'pageUpdate':
      return call(composeAdditionalUpdate, c.body);
  }
}
