import { queryOptions } from '@tanstack/react-query';
import {
  getDocDetail,
  getModuleConstants,
  getProjectConstants,
  listDocs,
  listEnumItems,
  listEnums,
  listModuleCodes,
  listProjectCodes,
  listRevisions,
} from './docs.api.ts';

export const docKeys = {
  all: ['docs'] as const,
  tree: (moduleId: string) => ['docs', 'tree', moduleId] as const,
  detail: (id: string) => ['docs', 'detail', id] as const,
  revisions: (docId: string) => ['docs', 'revisions', docId] as const,
  props: (docId: string) => ['docs', 'props', docId] as const,
  diff: (docId: string, from?: number, to?: number) => ['docs', 'diff', docId, from, to] as const,
  list: (moduleId: string) => ['docs', 'list', moduleId] as const,
  enums: (moduleId: string) => ['enums', moduleId] as const,
  enumItems: (enumId: string) => ['enums', 'items', enumId] as const,
  codes: (scope: 'module' | 'project', id: string) => ['codes', scope, id] as const,
  constants: (scope: 'module' | 'project', id: string) => ['constants', scope, id] as const,
};

export function docTreeQuery(moduleId: string) {
  return queryOptions({
    queryKey: docKeys.tree(moduleId),
    queryFn: ({ signal }) => listDocs(moduleId, { signal }),
  });
}

export function docDetailQuery(id: string) {
  return queryOptions({
    queryKey: docKeys.detail(id),
    queryFn: ({ signal }) => getDocDetail(id, { signal }),
    // The editor keeps its own copy; a background refetch must never replace what someone is typing.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

export function revisionsQuery(docId: string) {
  return queryOptions({
    queryKey: docKeys.revisions(docId),
    queryFn: ({ signal }) => listRevisions(docId, { signal }),
  });
}

export function enumsQuery(moduleId: string) {
  return queryOptions({
    queryKey: docKeys.enums(moduleId),
    queryFn: ({ signal }) => listEnums(moduleId, { signal }),
  });
}

export function enumItemsQuery(enumId: string) {
  return queryOptions({
    queryKey: docKeys.enumItems(enumId),
    queryFn: ({ signal }) => listEnumItems(enumId, { signal }),
  });
}

/** The error-code table of an application or a project. */
export function codesQuery(scope: 'module' | 'project', id: string) {
  return queryOptions({
    queryKey: docKeys.codes(scope, id),
    queryFn: ({ signal }) =>
      scope === 'module' ? listModuleCodes(id, { signal }) : listProjectCodes(id, { signal }),
  });
}

/** The constants page of an application or a project. */
export function constantsQuery(scope: 'module' | 'project', id: string) {
  return queryOptions({
    queryKey: docKeys.constants(scope, id),
    queryFn: ({ signal }) =>
      scope === 'module' ? getModuleConstants(id, { signal }) : getProjectConstants(id, { signal }),
  });
}
