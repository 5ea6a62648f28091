import type { GenTemplateSaveRequest, GenTemplateUpdateRequest } from '@quire/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  deleteGenTemplate,
  getGenTemplate,
  listAdminGenTemplates,
  listGenGroupNames,
  listGenTemplates,
  saveGenTemplate,
  updateGenTemplate,
} from './gen.api.ts';

/** One key space for code templates: an admin's edit refreshes the doc page's template list too. */
export const genKeys = {
  all: ['gen'] as const,
  templates: ['gen', 'templates'] as const,
  adminTree: ['gen', 'admin', 'tree'] as const,
  groups: ['gen', 'admin', 'groups'] as const,
  detail: (id: string) => ['gen', 'admin', 'detail', id] as const,
};

/** Templates a reader may generate with (the doc page's dialog). */
export const genTemplatesQuery = (enabled: boolean) => ({
  queryKey: genKeys.templates,
  queryFn: ({ signal }: { signal: AbortSignal }) => listGenTemplates({ signal, silent: true }),
  enabled,
});

export const adminGenTreeQuery = () => ({
  queryKey: genKeys.adminTree,
  queryFn: ({ signal }: { signal: AbortSignal }) => listAdminGenTemplates({ signal }),
});

export const genGroupsQuery = () => ({
  queryKey: genKeys.groups,
  queryFn: ({ signal }: { signal: AbortSignal }) => listGenGroupNames({ signal }),
});

export const genTemplateQuery = (id: string | undefined) => ({
  queryKey: genKeys.detail(id ?? ''),
  queryFn: ({ signal }: { signal: AbortSignal }) => getGenTemplate(id ?? '', { signal }),
  enabled: Boolean(id),
});

function useInvalidateGen() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: genKeys.all });
}

export function useSaveGenTemplate() {
  const invalidate = useInvalidateGen();
  return useMutation({
    mutationFn: (body: GenTemplateSaveRequest) => saveGenTemplate(body),
    onSuccess: invalidate,
  });
}

export function useUpdateGenTemplate() {
  const invalidate = useInvalidateGen();
  return useMutation({
    mutationFn: (body: GenTemplateUpdateRequest) => updateGenTemplate(body),
    onSuccess: invalidate,
  });
}

export function useDeleteGenTemplate() {
  const invalidate = useInvalidateGen();
  return useMutation({ mutationFn: (id: string) => deleteGenTemplate(id), onSuccess: invalidate });
}
